import { createHash } from 'node:crypto';
import type { RedisClient } from '../../shared/redis-connection';

/** One script's keys and arguments, in the grammar APPLY_SLOT reads (below). */
export interface SlotScript {
  readonly keys: readonly string[];
  readonly args: readonly string[];
}

/**
 * KEYS: the keys the script touches. ARGV[1] the batch's checkpoint, then sections: `CP <index>` starts a
 * slot's share, guarded by the checkpoint at KEYS[index] (0: no checkpoint, a cross-user index's share);
 * `POS <position>` starts an event; a command is its name, its key count, its argument count, its keys'
 * indexes in KEYS and its arguments. An event older than its share's checkpoint is skipped, and the
 * checkpoint moves to ARGV[1] once the share is done. MERGEJSON (key, patch) is ours, as in redis-batch.ts.
 * INDEX (the index, its positions hash; HSET/ZADD/HDEL/ZREM, the member, the value) writes one member of a
 * cross-user index, only if its event is not older than the member's last write (redis-keys.ts
 * indexPositionsKey): every partition writes those indexes, so no slot checkpoint can order them.
 * Positions stay below 2^53 (redis-keys.ts score()), so Lua's numbers compare them exactly.
 */
const APPLY_SLOT = `
local checkpoint = tonumber(ARGV[1])
local cpKey = nil
local stored = -math.huge
local skip = false
local pos = nil
local function settle()
  if cpKey and checkpoint > stored then redis.call('SET', cpKey, ARGV[1]) end
end
local i = 2
local n = #ARGV
while i <= n do
  local name = ARGV[i]
  if name == 'CP' then
    settle()
    local at = tonumber(ARGV[i + 1])
    cpKey = nil
    stored = -math.huge
    if at > 0 then
      cpKey = KEYS[at]
      stored = tonumber(redis.call('GET', cpKey) or '') or -math.huge
    end
    skip = false
    i = i + 2
  elseif name == 'POS' then
    pos = ARGV[i + 1]
    skip = tonumber(pos) < stored
    i = i + 2
  else
    local nk = tonumber(ARGV[i + 1])
    local na = tonumber(ARGV[i + 2])
    if not skip then
      local args = {}
      for k = 1, nk do args[k] = KEYS[tonumber(ARGV[i + 2 + k])] end
      for a = 1, na do args[nk + a] = ARGV[i + 2 + nk + a] end
      if name == 'MERGEJSON' then
        local current = redis.call('GET', args[1])
        if current then
          local doc = cjson.decode(current)
          for field, value in pairs(cjson.decode(args[2])) do
            if value == cjson.null then doc[field] = nil else doc[field] = value end
          end
          redis.call('SET', args[1], cjson.encode(doc))
        end
      elseif name == 'INDEX' then
        local index, positions, command, member, value = args[1], args[2], args[3], args[4], args[5]
        local last = tonumber(redis.call('HGET', positions, member) or '')
        if not last or tonumber(pos) >= last then
          if not last or tonumber(pos) > last then redis.call('HSET', positions, member, pos) end
          if command == 'HSET' then redis.call('HSET', index, member, value)
          elseif command == 'ZADD' then redis.call('ZADD', index, value, member)
          else redis.call(command, index, member) end
        end
      else
        redis.call(name, unpack(args))
      end
    end
    i = i + 3 + nk + na
  end
end
settle()
return 1
`;
const APPLY_SLOT_SHA = createHash('sha1').update(APPLY_SLOT).digest('hex');

/** EVALSHA, and EVAL when Redis does not know the script yet (first use, a restart, SCRIPT FLUSH). */
export function evalSlot(redis: RedisClient, script: SlotScript, checkpoint: string): Promise<unknown> {
  // Arrays joined with concat, never spread into a call: a replay batch has tens of thousands of arguments.
  const withScript = (source: string) =>
    ([source, script.keys.length] as (string | number)[]).concat(script.keys, [checkpoint], script.args);
  return redis.call('EVALSHA', withScript(APPLY_SLOT_SHA)).catch((error: unknown) => {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.call('EVAL', withScript(APPLY_SLOT));
  });
}

/** Several scripts as one (a single server runs any keys together): keys renumbered, sections one after another. */
export function mergeScripts(scripts: readonly SlotScript[]): SlotScript {
  const keys: string[] = [];
  const args: string[] = [];
  for (const script of scripts) {
    const offset = keys.length;
    const renumber = (index: string) => String(Number(index) + offset);
    keys.push(...script.keys);
    for (let i = 0; i < script.args.length;) {
      const name = script.args[i]!;
      if (name === 'CP') {
        // 0 names no checkpoint, in any script.
        const at = script.args[i + 1]!;
        args.push('CP', at === '0' ? at : renumber(at));
        i += 2;
        continue;
      }
      if (name === 'POS') {
        args.push('POS', script.args[i + 1]!);
        i += 2;
        continue;
      }
      const nk = Number(script.args[i + 1]);
      const na = Number(script.args[i + 2]);
      args.push(name, script.args[i + 1]!, script.args[i + 2]!);
      for (let k = 0; k < nk; k++) args.push(renumber(script.args[i + 3 + k]!));
      for (let a = 0; a < na; a++) args.push(script.args[i + 3 + nk + a]!);
      i += 3 + nk + na;
    }
  }
  return { keys, args };
}

import { createHash } from 'node:crypto';
import type { RedisClient } from '../shared/redis-connection';
import { EventChanges } from './read-model.port';
import { ActivityWrites } from './redis-activity';
import { Arg, BatchWriter, plainCommand, splitCommand, stringArgs } from './redis-batch';
import { queueChange, queueErasure } from './redis-changes';
import { slotCheckpointKey } from './redis-keys';
import { keySlot } from './redis-slots';

/** One slot's share of a batch: the keys it touches (KEYS[1] is the slot's checkpoint) and its commands. */
class SlotGroup {
  readonly keys: string[];
  readonly args: string[] = [];
  private readonly index = new Map<string, number>();
  /** The event whose commands are being added; a new one starts a `POS` section. */
  position: string | undefined;

  constructor(checkpointKey: string) {
    this.keys = [checkpointKey];
  }

  keyRef(key: string): string {
    let at = this.index.get(key);
    if (at === undefined) {
      this.keys.push(key);
      this.index.set(key, (at = this.keys.length));
    }
    return String(at);
  }
}

/**
 * A batch of events split per Redis Cluster slot: each slot gets one script holding every key it touches in
 * KEYS (a script may only touch its node's keys, and must declare them), with its commands in sections,
 * one per event (`POS <position>`). The script skips a section whose position is below the slot's
 * checkpoint, then moves that checkpoint: no slot ever applies an older event over a newer one, whatever
 * bounds the batches had and whichever projector (a stale one included) sends them. The event at the
 * checkpoint itself is applied again if sent again: it was the slot's last, and every change being an
 * assignment, applying one event twice in a row leaves what applying it once did.
 */
export class SlottedBatch implements BatchWriter {
  private readonly groups = new Map<number, SlotGroup>();
  private position = '';

  constructor(private readonly base: string) {}

  /** `playlistIdsEver`: for each user erased in this batch, the playlists stored in earlier ones (their keys go too). */
  static of(
    base: string,
    events: readonly EventChanges[],
    playlistIdsEver: ReadonlyMap<string, readonly string[]> = new Map(),
  ): SlottedBatch {
    const batch = new SlottedBatch(base);
    for (const { position, changes } of events) {
      if (typeof position !== 'bigint') throw new TypeError('an event position must be a bigint');
      batch.position = position.toString();
      // Activity grouped per event, not per batch: a section must hold only its own event's writes.
      const activity = new ActivityWrites();
      const erased = new Set<string>();
      for (const change of changes) {
        if (change.op === 'recordActivity') activity.add(change.userId, change.entry);
        else if (change.op === 'eraseUser') erased.add(change.userId);
        else queueChange(batch, base, change);
      }
      activity.queue(batch, base);
      // Last in its event, as in toCommandBatch: nothing of the event brings the erased user back.
      for (const userId of erased) queueErasure(batch, base, userId, changes, playlistIdsEver.get(userId) ?? []);
    }
    return batch;
  }

  set(key: string, value: Arg): this {
    return this.command('SET', key, [value]);
  }

  del(...keys: string[]): this {
    // Keys of one change may lie in different slots in general; each DEL stays within one.
    for (const key of keys) this.command('DEL', key, []);
    return this;
  }

  zadd(key: string, ...scoresAndMembers: Arg[]): this {
    return this.command('ZADD', key, scoresAndMembers);
  }

  zrem(key: string, ...members: Arg[]): this {
    return this.command('ZREM', key, members);
  }

  hset(key: string, ...fieldsAndValues: Arg[]): this {
    return this.command('HSET', key, fieldsAndValues);
  }

  hdel(key: string, ...fields: Arg[]): this {
    return this.command('HDEL', key, fields);
  }

  mergeJson(key: string, patch: Readonly<Record<string, string | number | null>>): this {
    return this.add('MERGEJSON', key, [JSON.stringify(patch)]);
  }

  get slots(): number {
    return this.groups.size;
  }

  /**
   * Sends one script per slot, all at once (ioredis pipelines them per node), and waits for every one. On
   * a single server (`together`), where a script may touch any key, all the slots go in one script: the
   * same sections, each slot's starting with its checkpoint (`CP`), for one round trip per batch.
   */
  async run(redis: RedisClient, checkpoint: bigint, together = false): Promise<void> {
    const groups = [...this.groups.values()];
    if (together && groups.length > 1) {
      await evalSlot(redis, merge(groups), checkpoint.toString());
      return;
    }
    const sent = groups.map((group) => evalSlot(redis, group, checkpoint.toString()));
    const outcomes = await Promise.allSettled(sent);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private command(name: string, key: string, args: readonly Arg[]): this {
    // The key is the head of every command we split, so each part keeps it.
    for (const part of splitCommand(plainCommand(name), [key, ...args])) this.add(name, key, part.slice(1));
    return this;
  }

  private add(name: string, key: string, args: readonly Arg[]): this {
    const slot = keySlot(key);
    let group = this.groups.get(slot);
    if (!group) this.groups.set(slot, (group = new SlotGroup(slotCheckpointKey(this.base, slot))));
    if (group.position !== this.position) {
      group.args.push('POS', this.position);
      group.position = this.position;
    }
    group.args.push(name, '1', String(args.length), group.keyRef(key), ...stringArgs(name, args));
    return this;
  }
}

/** Several slots' groups as one: keys renumbered, each group's sections after a `CP <its checkpoint key>`. */
function merge(groups: readonly SlotGroup[]): { keys: string[]; args: string[] } {
  const keys: string[] = [];
  const args: string[] = [];
  for (const group of groups) {
    const offset = keys.length;
    keys.push(...group.keys);
    // The first group's checkpoint is KEYS[1], read as the script starts.
    if (offset > 0) args.push('CP', String(offset + 1));
    for (let i = 0; i < group.args.length;) {
      if (group.args[i] === 'POS') {
        args.push('POS', group.args[i + 1]!);
        i += 2;
        continue;
      }
      const nk = Number(group.args[i + 1]);
      const na = Number(group.args[i + 2]);
      args.push(group.args[i]!, group.args[i + 1]!, group.args[i + 2]!);
      for (let k = 0; k < nk; k++) args.push(String(Number(group.args[i + 3 + k]) + offset));
      for (let a = 0; a < na; a++) args.push(group.args[i + 3 + nk + a]!);
      i += 3 + nk + na;
    }
  }
  return { keys, args };
}

/**
 * KEYS[1] the slot's checkpoint, then the keys the commands touch. ARGV[1] the new checkpoint, then
 * sections: `CP <index>` (several slots in one script) names the next slot's checkpoint key; `POS <position>` starts an event; a command is its name, its key count, its argument count,
 * its keys' indexes in KEYS and its arguments. MERGEJSON (key, patch) is ours, as in redis-batch.ts.
 * Positions stay below 2^53 (redis-keys.ts score()), so Lua's numbers compare them exactly.
 */
const APPLY_SLOT = `
local checkpoint = tonumber(ARGV[1])
local cpKey = KEYS[1]
local stored = tonumber(redis.call('GET', cpKey) or '') or -math.huge
local skip = false
local i = 2
local n = #ARGV
while i <= n do
  local name = ARGV[i]
  if name == 'CP' then
    if checkpoint > stored then redis.call('SET', cpKey, ARGV[1]) end
    cpKey = KEYS[tonumber(ARGV[i + 1])]
    stored = tonumber(redis.call('GET', cpKey) or '') or -math.huge
    skip = false
    i = i + 2
  elseif name == 'POS' then
    skip = tonumber(ARGV[i + 1]) < stored
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
      else
        redis.call(name, unpack(args))
      end
    end
    i = i + 3 + nk + na
  end
end
if checkpoint > stored then redis.call('SET', cpKey, ARGV[1]) end
return 1
`;
const APPLY_SLOT_SHA = createHash('sha1').update(APPLY_SLOT).digest('hex');

function evalSlot(redis: RedisClient, group: { readonly keys: string[]; readonly args: string[] }, checkpoint: string): Promise<unknown> {
  const withScript = (script: string) => ([script, group.keys.length] as (string | number)[]).concat(group.keys, [checkpoint], group.args);
  return redis.call('EVALSHA', withScript(APPLY_SLOT_SHA)).catch((error: unknown) => {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.call('EVAL', withScript(APPLY_SLOT));
  });
}

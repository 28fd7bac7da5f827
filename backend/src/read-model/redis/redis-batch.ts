import { createHash } from 'node:crypto';
import type { RedisClient } from '../../shared/redis-connection';

export type Arg = string | number;

/** A top-level JSON merge patch (RFC 7386): each field assigned, a null removes it. */
export type JsonPatch = Readonly<Record<string, string | number | boolean | null>>;

/** What redis-changes.ts writes a change with: the same calls build a single-server batch or a per-slot one. */
export interface BatchWriter {
  set(key: string, value: Arg): this;
  del(...keys: string[]): this;
  zadd(key: string, ...scoresAndMembers: Arg[]): this;
  zrem(key: string, ...members: Arg[]): this;
  hset(key: string, ...fieldsAndValues: Arg[]): this;
  hdel(key: string, ...fields: Arg[]): this;
  mergeJson(key: string, patch: JsonPatch): this;
  /**
   * One member of a cross-user index (shared-playlists, public-playlists), which every projection
   * partition writes: `HSET key member value`, `ZADD key value member`, `HDEL key member` or
   * `ZREM key member`. A sharded batch orders these by the member's own last position, not by a slot's
   * checkpoint (redis-slotted-batch.ts).
   */
  indexMember(write: IndexWrite, key: string, member: string): this;
}

/** A write of one cross-user index member: set (a hash field's value, a sorted set member's score) or removed. */
export type IndexWrite = { readonly command: 'HSET' | 'ZADD'; readonly value: Arg } | { readonly command: 'HDEL' | 'ZREM' };

/**
 * Arguments per Redis command inside the script: Lua's unpack() fails beyond about 8 000 values, so a
 * longer variadic command (a replay batch's activity of one busy user) is split into several.
 */
const MAX_ARGS_PER_CALL = 1000;

/** Variadic commands we may split: how many leading arguments every part repeats, and the size of one item. */
const SPLITTABLE: Record<string, { readonly head: number; readonly item: number }> = {
  ZADD: { head: 1, item: 2 },
  ZREM: { head: 1, item: 1 },
  HSET: { head: 1, item: 2 },
  HDEL: { head: 1, item: 1 },
  SADD: { head: 1, item: 1 },
  SREM: { head: 1, item: 1 },
  DEL: { head: 0, item: 1 },
  UNLINK: { head: 0, item: 1 },
};

/**
 * A read-model batch as a list of Redis commands, built in memory (a bad argument throws here, before
 * anything is sent) and then run by one Lua script: the fencing check, every command and the new
 * checkpoint in a single round trip, where MULTI…EXEC with WATCH needed three and one client-side command
 * per change. It offers the ChainableCommander methods that redis-changes.ts uses.
 */
export class CommandBatch implements BatchWriter {
  /** Flat: name, argument count, arguments…, name, … — the script's ARGV after its header. */
  private readonly args: string[] = [];

  set(key: string, value: Arg): this {
    return this.call('SET', key, value);
  }

  del(...keys: string[]): this {
    return this.call('DEL', ...keys);
  }

  zadd(key: string, ...scoresAndMembers: Arg[]): this {
    return this.call('ZADD', key, ...scoresAndMembers);
  }

  zrem(key: string, ...members: Arg[]): this {
    return this.call('ZREM', key, ...members);
  }

  hset(key: string, ...fieldsAndValues: Arg[]): this {
    return this.call('HSET', key, ...fieldsAndValues);
  }

  hdel(key: string, ...fields: Arg[]): this {
    return this.call('HDEL', key, ...fields);
  }

  /**
   * Top-level JSON merge patch (RFC 7386) of the JSON string stored at `key`, if there is one: each field
   * is assigned, a null removes it. Lets a batch change some fields of a stored document (a playlist's
   * title) without reading it first; run by the batch script itself with Redis's cjson.
   */
  mergeJson(key: string, patch: JsonPatch): this {
    return this.push('MERGEJSON', [key, JSON.stringify(patch)]);
  }

  /** One partition on one server: its events come in order, once each (fenced), so a plain command is enough. */
  indexMember(write: IndexWrite, key: string, member: string): this {
    if (write.command === 'HSET') return this.call('HSET', key, member, write.value);
    if (write.command === 'ZADD') return this.call('ZADD', key, write.value, member);
    return this.call(write.command, key, member);
  }

  /** Any other command, by name. */
  call(command: string, ...args: Arg[]): this {
    const name = plainCommand(command);
    for (const part of splitCommand(name, args)) this.push(name, part);
    return this;
  }

  /**
   * Runs the batch atomically and sets `checkpointKey` to `checkpoint`. Fenced (`expected` given, undefined
   * meaning "no checkpoint yet"): only if the stored checkpoint is the expected one, else nothing is
   * written and the stored one is returned. Scripts run one at a time in Redis, so the check and the
   * writes cannot interleave with another writer — what WATCH…EXEC guaranteed.
   *
   * A command that fails inside the script (only possible for a key of the wrong type, i.e. a foreign key
   * under our prefix) stops it there: the commands before it stay applied but the checkpoint, written
   * last, does not move, so the batch is applied again from the old checkpoint — every command is an
   * assignment (SET, DEL, ZADD, ZREM, HSET), so that converges. MULTI…EXEC left the same state (Redis
   * rolls neither back) and went on past the failure. A lost connection either ran the whole script or none.
   * Like MULTI…EXEC before it, one batch spans many users' keys: a single Redis server, not a Cluster
   * (redis-slotted-batch.ts splits a batch per slot for a Cluster).
   */
  async run(
    redis: RedisClient,
    checkpointKey: string,
    checkpoint: bigint,
    fence: { readonly expected: bigint | undefined } | undefined,
  ): Promise<{ applied: true } | { applied: false; stored: bigint | undefined }> {
    const header = [fence ? '1' : '0', fence?.expected?.toString() ?? '', checkpoint.toString()];
    const reply = (await evalApply(redis, checkpointKey, header, this.args)) as [string, string?];
    if (reply[0] === 'ok') return { applied: true };
    return { applied: false, stored: reply[1] ? BigInt(reply[1]) : undefined };
  }

  private push(name: string, args: readonly Arg[]): this {
    const out = this.args;
    out.push(name, String(args.length));
    // A loop, not stringArgs' map and a spread: a replay batch pushes tens of thousands of arguments.
    for (const arg of args) out.push(stringArg(name, arg));
    return this;
  }
}

/** Names plainCommand accepted already: a batch checks one per command. */
const checkedCommands = new Map<string, string>();

/** A command name we may run inside a batch script: a plain Redis command, never a script. */
export function plainCommand(command: string): string {
  const known = checkedCommands.get(command);
  if (known !== undefined) return known;
  const name = command.toUpperCase();
  if (!/^[A-Z]+$/.test(name) || ['EVAL', 'EVALSHA', 'MERGEJSON'].includes(name)) throw new Error(`Not a plain Redis command: ${command}`);
  if (checkedCommands.size < 100) checkedCommands.set(command, name);
  return name;
}

/** A variadic command longer than MAX_ARGS_PER_CALL as several, each repeating its head (the key). */
export function splitCommand(name: string, args: readonly Arg[]): (readonly Arg[])[] {
  const split = SPLITTABLE[name];
  if (!split || args.length <= MAX_ARGS_PER_CALL) return [args];
  if (args.length < split.head || (args.length - split.head) % split.item !== 0) throw new RangeError(`${name}: bad argument count`);
  const head = args.slice(0, split.head);
  const step = Math.floor((MAX_ARGS_PER_CALL - split.head) / split.item) * split.item;
  const parts: Arg[][] = [];
  for (let at = split.head; at < args.length; at += step) parts.push([...head, ...args.slice(at, at + step)]);
  return parts;
}

/** Arguments as Redis receives them; anything but a string or a finite number is a bug caught before sending. */
export function stringArgs(name: string, args: readonly Arg[]): string[] {
  return args.map((arg) => stringArg(name, arg));
}

function stringArg(name: string, arg: Arg): string {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'number' && Number.isFinite(arg)) return String(arg);
  throw new TypeError(`${name}: argument ${String(arg)} is neither a string nor a finite number`);
}

/**
 * KEYS[1] the checkpoint. ARGV: '1' when fenced, the expected checkpoint ('' for none), the new checkpoint,
 * then the commands as one JSON array of strings (encodeCommands): per command its name, its argument
 * count and its arguments. MERGEJSON (key, patch) is ours, done here with cjson (a null in the patch
 * removes the field); every other name is a Redis command.
 */
const APPLY_BATCH = `
local stored = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  local expected = ARGV[2]
  if (expected == '' and stored) or (expected ~= '' and stored ~= expected) then
    return {'moved', stored or ''}
  end
end
local args = cjson.decode(ARGV[4])
local i = 1
local n = #args
while i <= n do
  local name = args[i]
  local count = tonumber(args[i + 1])
  if name == 'MERGEJSON' then
    local stored = redis.call('GET', args[i + 2])
    if stored then
      local doc = cjson.decode(stored)
      for field, value in pairs(cjson.decode(args[i + 3])) do
        if value == cjson.null then doc[field] = nil else doc[field] = value end
      end
      redis.call('SET', args[i + 2], cjson.encode(doc))
    end
  else
    redis.call(name, unpack(args, i + 2, i + 1 + count))
  end
  i = i + 2 + count
end
redis.call('SET', KEYS[1], ARGV[3])
return {'ok'}
`;
const APPLY_BATCH_SHA = createHash('sha1').update(APPLY_BATCH).digest('hex');

/**
 * EVALSHA, and EVAL when Redis does not know the script yet (first use, a restart, SCRIPT FLUSH). The
 * fallback is sent from the rejection itself, with no await before it, so that batches pipelined on one
 * connection still reach Redis in order; were they not, the fencing check would refuse the later one.
 */
function evalApply(redis: RedisClient, checkpointKey: string, header: readonly string[], args: readonly string[]): Promise<unknown> {
  const withScript = (script: string) => [script, 1, checkpointKey, ...header, encodeCommands(args)];
  return redis.call('EVALSHA', withScript(APPLY_BATCH_SHA)).catch((error: unknown) => {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.call('EVAL', withScript(APPLY_BATCH));
  });
}

/** A lone UTF-16 surrogate: not a character, so no UTF-8 for it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A batch's commands as the one script argument the script decodes with cjson: JSON.stringify of the
 * array is one native pass, where a replay batch's tens of thousands of separate arguments cost the client
 * a conversion and a write each and most of the replay's time (bench/RESULTS.md, Replay). The script sees
 * the same bytes as separate arguments gave it: a string holding a lone surrogate, which separate
 * arguments sent as U+FFFD (Node's UTF-8 encoder) but JSON.stringify escapes as `\\udXXX`, has it
 * replaced by U+FFFD first. Rare, so looked for in the JSON text once (JSON.stringify writes every
 * other character but quotes, backslashes and controls as itself).
 */
export function encodeCommands(args: readonly string[]): string {
  const json = JSON.stringify(args);
  return json.includes('\\ud') ? JSON.stringify(args.map((arg) => arg.replace(LONE_SURROGATE, '\ufffd'))) : json;
}

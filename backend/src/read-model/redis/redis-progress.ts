import type { RedisClient } from '../../shared/redis-connection';
import { ApplyOptions, CheckpointMovedError } from '../read-model.port';
import { progressField, progressKey } from './redis-keys';

/** Moves the named fields to ARGV[3]: fenced (ARGV[1] = '1'), only if each holds ARGV[2]; else only forward. */
const ADVANCE = `
for i = 4, #ARGV do
  local stored = redis.call('HGET', KEYS[1], ARGV[i])
  if ARGV[1] == '1' and (stored or '') ~= ARGV[2] then return {'moved', stored or ''} end
end
for i = 4, #ARGV do
  local stored = redis.call('HGET', KEYS[1], ARGV[i])
  if ARGV[1] == '1' or not stored or tonumber(stored) < tonumber(ARGV[3]) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[3]) end
end
return {'ok'}`;

/**
 * The progress of a sharded read model's partitions, in one hash (`<base>:progress`, field
 * `<partitions>:<partition>`). A partition's progress is written after its batch landed in every slot,
 * so it never runs ahead of the data; the slots' own checkpoints and the cross-user indexes' member
 * positions (redis-slotted-batch.ts) make a batch applied again from an older progress harmless.
 *
 * Changing PROJECTION_PARTITIONS gives partitions that have no progress yet: each starts from the lowest
 * progress of the previous layout (or the single-server checkpoint), which no slot is behind, so nothing
 * is applied twice and nothing is skipped.
 */
export class ShardedProgress {
  constructor(
    private readonly redis: RedisClient,
    readonly partitions: number,
  ) {}

  fields(partition: number | undefined): string[] {
    if (partition === undefined) return Array.from({ length: this.partitions }, (_, k) => progressField(this.partitions, k));
    if (!Number.isInteger(partition) || partition < 0 || partition >= this.partitions) {
      throw new RangeError(`partition ${partition} is not one of 0 to ${this.partitions - 1}`);
    }
    return [progressField(this.partitions, partition)];
  }

  async fence(base: string, fields: readonly string[], expected: bigint | undefined): Promise<void> {
    const stored = await this.redis.hmget(progressKey(base), ...fields);
    const moved = stored.find((value) => (value ?? undefined) !== expected?.toString());
    if (moved !== undefined) throw new CheckpointMovedError(expected, moved === null ? undefined : BigInt(moved));
  }

  async advance(base: string, fields: readonly string[], checkpoint: bigint, options: ApplyOptions | undefined): Promise<void> {
    const fenced = options !== undefined;
    const reply = (await this.redis.eval(
      ADVANCE,
      1,
      progressKey(base),
      fenced ? '1' : '0',
      options?.expected?.toString() ?? '',
      checkpoint.toString(),
      ...fields,
    )) as [string, string?];
    if (reply[0] !== 'ok') throw new CheckpointMovedError(options?.expected, reply[1] ? BigInt(reply[1]) : undefined);
  }

  /**
   * One partition's progress, or the lowest of all. A partition without one adopts the previous layout's
   * lowest (recorded, so that its fence has something to expect); `legacy` reads the single-server checkpoint.
   */
  async checkpoint(base: string, partition: number | undefined, legacy: () => Promise<bigint | undefined>): Promise<bigint | undefined> {
    const all = await this.redis.hgetall(progressKey(base));
    const mine = this.fields(partition);
    if (mine.every((field) => all[field] !== undefined)) return min(mine.map((field) => BigInt(all[field]!)));
    const previous = Object.entries(all)
      .filter(([field]) => !field.startsWith(`${this.partitions}:`))
      .map(([, value]) => BigInt(value));
    const old = await legacy();
    if (old !== undefined) previous.push(old);
    if (previous.length === 0) return undefined;
    const floor = min(previous);
    if (partition === undefined)
      return min(this.fields(undefined).map((field) => (all[field] !== undefined ? BigInt(all[field]!) : floor)));
    await this.redis.hsetnx(progressKey(base), mine[0]!, floor.toString());
    const adopted = await this.redis.hget(progressKey(base), mine[0]!);
    return adopted === null ? undefined : BigInt(adopted);
  }
}

function min(values: readonly bigint[]): bigint {
  return values.reduce((a, b) => (b < a ? b : a));
}

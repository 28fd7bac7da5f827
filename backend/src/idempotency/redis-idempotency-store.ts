import { RedisClient, RedisTarget, connectRedis } from '../shared/redis-connection';
import {
  Claim,
  DEFAULT_IDEMPOTENCY_BOUNDS,
  IdempotencyBounds,
  IdempotencyKey,
  IdempotencyRecord,
  IdempotencyStore,
  StoredAnswer,
  answerBytes,
  claimOf,
} from './idempotency-store.port';

/** Sets the pending record unless the key holds one; answers what it holds (nil: claimed). */
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

/**
 * KEYS: the record, the owner's index (member: key, score: when answered), the owner's sizes (member →
 * bytes, and '#total'). ARGV: fingerprint, record, ttl ms, member, size, now ms, bytes per owner, the
 * owner's record-key prefix. Replaces the record only while it is this fingerprint's (or gone); the
 * owner's answers older than the ttl leave the index, then the oldest go until this one fits. Every key
 * touched is in the owner's hash slot ({owner}), so it runs as one script on Redis Cluster too.
 */
const COMPLETE = `
local held = redis.call('GET', KEYS[1])
if held and cjson.decode(held).fingerprint ~= ARGV[1] then return 0 end
local ttl = tonumber(ARGV[3])
local now = tonumber(ARGV[6])
local function drop(member, deleteRecord)
  local size = tonumber(redis.call('HGET', KEYS[3], member) or '0')
  redis.call('HDEL', KEYS[3], member)
  redis.call('ZREM', KEYS[2], member)
  redis.call('HINCRBY', KEYS[3], '#total', -size)
  if deleteRecord then redis.call('DEL', ARGV[8] .. member) end
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - ttl)) do drop(member, false) end
if redis.call('HEXISTS', KEYS[3], ARGV[4]) == 1 then drop(ARGV[4], false) end
local size = tonumber(ARGV[5])
local bound = tonumber(ARGV[7])
while tonumber(redis.call('HGET', KEYS[3], '#total') or '0') + size > bound do
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0)
  if #oldest == 0 then break end
  drop(oldest[1], true)
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, ARGV[4])
redis.call('HSET', KEYS[3], ARGV[4], size)
redis.call('HINCRBY', KEYS[3], '#total', size)
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('PEXPIRE', KEYS[3], ttl)
return 1`;

/** Deletes the record only while the claim named holds it, unanswered. */
const RELEASE = `
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local record = cjson.decode(held)
if record.claimId ~= ARGV[1] or record.answer then return 0 end
return redis.call('DEL', KEYS[1])`;

/** KEYS: the owner's index and sizes; ARGV: the owner's record-key prefix. Every answered record goes. */
const FORGET = `
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do redis.call('DEL', ARGV[1] .. member) end
redis.call('DEL', KEYS[1], KEYS[2])
return 1`;

/**
 * One key per idempotency key, `<prefix>:idempotency:{<owner>}:<key>`, expiring with its record, and
 * per owner an index of their answers with their sizes, which bounds what one owner keeps. The hash tag
 * puts an owner's keys in one Redis Cluster slot, so each script stays within it.
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ownsClient = false,
    private readonly bounds: IdempotencyBounds = DEFAULT_IDEMPOTENCY_BOUNDS,
  ) {}

  static connect(target: string | RedisTarget, prefix: string, bounds?: IdempotencyBounds): RedisIdempotencyStore {
    // Few retries: a write whose key cannot be claimed answers 503 before writing anything.
    const redis = connectRedis(typeof target === 'string' ? { url: target } : target, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      enableOfflineQueue: true,
      disconnectTimeout: 200,
    });
    redis.on('error', () => undefined); // failures surface as rejected calls
    return new RedisIdempotencyStore(redis, prefix, true, bounds);
  }

  async claim(id: IdempotencyKey, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim> {
    const pending: IdempotencyRecord = { fingerprint, claimId };
    const held = (await this.redis.eval(CLAIM, 1, this.recordKey(id), JSON.stringify(pending), pendingMs)) as string | null;
    return held === null ? { kind: 'claimed' } : claimOf(JSON.parse(held) as IdempotencyRecord, fingerprint);
  }

  async complete(id: IdempotencyKey, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const record: IdempotencyRecord = { fingerprint, answer };
    await this.redis.eval(
      COMPLETE,
      3,
      this.recordKey(id),
      this.ownerKey(id.owner, 'index'),
      this.ownerKey(id.owner, 'sizes'),
      fingerprint,
      JSON.stringify(record),
      ttlMs,
      encodeURIComponent(id.key),
      answerBytes(answer),
      Date.now(),
      this.bounds.bytesPerOwner,
      this.recordPrefix(id.owner),
    );
  }

  async release(id: IdempotencyKey, claimId: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.recordKey(id), claimId);
  }

  async forget(owner: string): Promise<void> {
    await this.redis.eval(FORGET, 2, this.ownerKey(owner, 'index'), this.ownerKey(owner, 'sizes'), this.recordPrefix(owner));
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.redis.disconnect();
  }

  private recordPrefix(owner: string): string {
    return `${this.prefix}:idempotency:{${encodeURIComponent(owner)}}:`;
  }

  private recordKey({ owner, key }: IdempotencyKey): string {
    return this.recordPrefix(owner) + encodeURIComponent(key);
  }

  private ownerKey(owner: string, part: 'index' | 'sizes'): string {
    return `${this.prefix}:idempotency-${part}:{${encodeURIComponent(owner)}}`;
  }
}

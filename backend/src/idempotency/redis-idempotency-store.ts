import { RedisClient, RedisTarget, connectRedis } from '../shared/redis-connection';
import { Claim, IdempotencyRecord, IdempotencyStore, StoredAnswer, claimOf } from './idempotency-store.port';

/** Sets the pending record unless the key holds one; answers what it holds (nil: claimed). */
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

/** Replaces the record only while it is this fingerprint's (or gone). */
const COMPLETE = `
local held = redis.call('GET', KEYS[1])
if held and cjson.decode(held).fingerprint ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1`;
/** Deletes the record only while the claim named holds it, unanswered. */
const RELEASE = `
local held = redis.call('GET', KEYS[1])
if not held then return 0 end
local record = cjson.decode(held)
if record.claimId ~= ARGV[1] or record.answer then return 0 end
return redis.call('DEL', KEYS[1])`;

/** One key per idempotency key, `<prefix>:idempotency:{<key>}`, expiring with its record. */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ownsClient = false,
  ) {}

  static connect(target: string | RedisTarget, prefix: string): RedisIdempotencyStore {
    // Few retries: a write whose key cannot be claimed answers 503 before writing anything.
    const redis = connectRedis(typeof target === 'string' ? { url: target } : target, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      enableOfflineQueue: true,
      disconnectTimeout: 200,
    });
    redis.on('error', () => undefined); // failures surface as rejected calls
    return new RedisIdempotencyStore(redis, prefix, true);
  }

  async claim(key: string, fingerprint: string, pendingMs: number, claimId: string): Promise<Claim> {
    const pending: IdempotencyRecord = { fingerprint, claimId };
    const held = (await this.redis.eval(CLAIM, 1, this.keyOf(key), JSON.stringify(pending), pendingMs)) as string | null;
    return held === null ? { kind: 'claimed' } : claimOf(JSON.parse(held) as IdempotencyRecord, fingerprint);
  }

  async complete(key: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const record: IdempotencyRecord = { fingerprint, answer };
    await this.redis.eval(COMPLETE, 1, this.keyOf(key), fingerprint, JSON.stringify(record), ttlMs);
  }

  async release(key: string, claimId: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.keyOf(key), claimId);
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.redis.disconnect();
  }

  private keyOf(key: string): string {
    // The hash tag keeps each key whole in one Redis Cluster slot.
    return `${this.prefix}:idempotency:{${encodeURIComponent(key)}}`;
  }
}

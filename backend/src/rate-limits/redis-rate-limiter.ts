import { RedisClient, RedisTarget, connectRedis } from '../shared/redis-connection';
import { createHash, randomUUID } from 'node:crypto';
import { RateLimit, RateLimiter, Reservation } from './rate-limiter.port';

/**
 * One sliding window on one key (a sorted set: member = attempt id, score = its time in ms), so that
 * it works on Redis Cluster as well. Redis's own clock, so every instance counts on the same time.
 * Answers 0 when the attempt is counted, else the milliseconds until one leaves the window.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

/**
 * The limits shared by every instance of a deployment: `<prefix>:rate:<sha-256 of the key>` per key
 * (emails and addresses are not kept in the clear), expiring with its window. Each call is one
 * command on one key: a Lua script for `reserve`, ZREM and DEL for the others.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ownsClient = false,
    /** Settles once the first connection attempt is over: commands wait for it, not for later reconnections. */
    private readonly connecting: Promise<unknown> = Promise.resolve(),
  ) {}

  static connect(target: RedisTarget | string, prefix: string): RedisRateLimiter {
    // Fails fast rather than queueing while Redis is away: the caller then counts in-process.
    const redis = connectRedis(typeof target === 'string' ? { url: target } : target, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      commandTimeout: 500,
      lazyConnect: true,
    });
    redis.on('error', () => undefined); // failures surface as rejected calls
    const connecting = redis.connect().catch(() => undefined);
    return new RedisRateLimiter(redis, prefix, true, connecting);
  }

  async reserve(key: string, { limit, windowMs }: RateLimit): Promise<Reservation> {
    await this.connecting;
    const id = randomUUID();
    const wait = Number(await this.redis.eval(RESERVE, 1, this.keyOf(key), limit, windowMs, id));
    return wait === 0 ? { allowed: true, id } : { allowed: false, retryAfterMs: wait };
  }

  async release(key: string, id: string): Promise<void> {
    await this.connecting;
    await this.redis.zrem(this.keyOf(key), id);
  }

  async clear(key: string): Promise<void> {
    await this.connecting;
    await this.redis.del(this.keyOf(key));
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.redis.disconnect();
  }

  private keyOf(key: string): string {
    return `${this.prefix}:rate:${createHash('sha256').update(key).digest('base64url')}`;
  }
}

import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

/**
 * Who may project into a shared read model. Only one holder at a time, so that several API
 * instances can share one Redis; the holder renews well within the time-to-live, and when it
 * dies the lease expires and a standby takes over. (Fencing by checkpoint in the read model
 * covers a holder that pauses past its lease without knowing it.)
 */
export interface ProjectorLease {
  readonly holderId: string;
  readonly ttlMs: number;
  /** Takes the lease if it is free (or already ours); true when we hold it. */
  acquire(): Promise<boolean>;
  /** Extends our lease; false when it is no longer ours. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

export const PROJECTOR_LEASE = Symbol('PROJECTOR_LEASE');

/** An in-process read model has exactly one writer: this process. */
export class ExclusiveLease implements ProjectorLease {
  readonly holderId = `local-${randomUUID()}`;
  readonly ttlMs = Infinity;
  async acquire() {
    return true;
  }
  async renew() {
    return true;
  }
  async release() {}
  async close() {}
}

// Compare-and-act scripts: only the holder may extend or drop its own lease.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class RedisLease implements ProjectorLease {
  readonly holderId = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly ttlMs = 5000,
  ) {}

  static connect(url: string, key: string, ttlMs?: number): RedisLease {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    redis.on('error', () => undefined);
    return new RedisLease(redis, key, ttlMs);
  }

  async acquire(): Promise<boolean> {
    if ((await this.redis.set(this.key, this.holderId, 'PX', this.ttlMs, 'NX')) === 'OK') return true;
    return this.renew();
  }

  async renew(): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key, this.holderId, this.ttlMs)) === 1;
  }

  /** Takes the lease whoever holds it: replay uses this to pause the live projector. */
  async seize(): Promise<void> {
    await this.redis.set(this.key, this.holderId, 'PX', this.ttlMs);
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.holderId);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

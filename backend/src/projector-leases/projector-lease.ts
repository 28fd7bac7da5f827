import { randomUUID } from 'node:crypto';
import { RedisClient, RedisTarget, connectRedis } from '../shared/redis-connection';

/**
 * Who may project into a shared read model. Only one holder at a time, so that several API
 * instances can share one Redis; the holder renews well within the time-to-live, and when it
 * dies the lease expires and a standby takes over. (Fencing by checkpoint in the read model
 * covers a holder that pauses past its lease without knowing it.)
 */
interface ProjectorLease {
  readonly holderId: string;
  readonly ttlMs: number;
  /** Takes the lease if it is free (or already ours); true when we hold it. */
  acquire(): Promise<boolean>;
  /** Extends our lease; false when it is no longer ours. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The leases of every projection partition (PROJECTION_PARTITIONS), and who is alive to hold them: each
 * instance taking part in projection records a heartbeat, and the partitions are shared out among the
 * live ones (projector.ts).
 */
export interface ProjectorLeases {
  readonly holderId: string;
  readonly ttlMs: number;
  readonly partitions: number;
  lease(partition: number): ProjectorLease;
  /** Records this instance as alive for one TTL; answers the ids of every live instance, sorted. */
  heartbeat(): Promise<string[]>;
  /** Stops counting this instance as alive (a clean stop hands its partitions over at once). */
  leave(): Promise<void>;
  close(): Promise<void>;
}

export const PROJECTOR_LEASES = Symbol('PROJECTOR_LEASES');

/** The lease key of one partition; with one partition, the name it always had (replay seizes it). */
export function projectorLeaseKey(prefix: string, partition: number, partitions: number): string {
  return partitions === 1 ? `${prefix}:projector-lease` : `${prefix}:projector-lease:${partitions}:${partition}`;
}

/** An in-process read model has exactly one writer: this process. */
export class ExclusiveLeases implements ProjectorLeases {
  readonly holderId = `local-${randomUUID()}`;
  readonly ttlMs = Infinity;
  readonly partitions = 1;
  private readonly only = new ExclusiveLease(this.holderId);
  lease() {
    return this.only;
  }
  async heartbeat() {
    return [this.holderId];
  }
  async leave() {}
  async close() {}
}

class ExclusiveLease implements ProjectorLease {
  constructor(readonly holderId: string) {}
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
  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
    readonly ttlMs = 5000,
    readonly holderId: string = randomUUID(),
  ) {}

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

/** Adds this member until ARGV[2] (ms), drops the expired ones (before ARGV[3]) and answers the rest. */
const HEARTBEAT = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

/** Every partition's lease in Redis (single server or Cluster: each is one key), and the members' heartbeats. */
export class RedisLeases implements ProjectorLeases {
  readonly holderId = randomUUID();
  private readonly leases = new Map<number, RedisLease>();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    readonly ttlMs: number,
    readonly partitions: number,
  ) {}

  static connect(target: RedisTarget, prefix: string, ttlMs: number, partitions: number): RedisLeases {
    const redis = connectRedis(target, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    redis.on('error', () => undefined);
    return new RedisLeases(redis, prefix, ttlMs, partitions);
  }

  lease(partition: number): RedisLease {
    let lease = this.leases.get(partition);
    if (!lease) {
      lease = new RedisLease(this.redis, projectorLeaseKey(this.prefix, partition, this.partitions), this.ttlMs, this.holderId);
      this.leases.set(partition, lease);
    }
    return lease;
  }

  /** Members' clocks are compared: instances of one deployment are expected to keep NTP time (well within a TTL). */
  async heartbeat(): Promise<string[]> {
    const now = Date.now();
    const members = (await this.redis.eval(
      HEARTBEAT,
      1,
      this.membersKey(),
      this.holderId,
      now + this.ttlMs,
      now,
      this.ttlMs * 4,
    )) as string[];
    return [...members].sort();
  }

  async leave(): Promise<void> {
    await this.redis.zrem(this.membersKey(), this.holderId);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private membersKey(): string {
    return `${this.prefix}:projector-members:${this.partitions}`;
  }
}

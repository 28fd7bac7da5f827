import { Provider } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { EventStoreDbEventStore } from '../event-store/eventstoredb/eventstoredb-event-store';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { MemoryReadModel } from '../read-model/memory/memory-read-model';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { RedisReadModel } from '../read-model/redis/redis-read-model';
import { ExclusiveLeases, PROJECTOR_LEASES, ProjectorLeases, RedisLeases } from '../projector-leases/projector-lease';
import { RedisSnapshotStore } from '../snapshots/redis-snapshot-store';
import { SNAPSHOT_STORE, SnapshotStore } from '../snapshots/snapshot-store.port';
import { SqliteSnapshotStore } from '../snapshots/sqlite-snapshot-store';
import { IDEMPOTENCY_STORE, IdempotencyStore } from '../idempotency/idempotency-store.port';
import { RedisIdempotencyStore } from '../idempotency/redis-idempotency-store';
import { SqliteIdempotencyStore } from '../idempotency/sqlite-idempotency-store';
import { RATE_LIMITER, RateLimiter } from '../rate-limits/rate-limiter.port';
import { MemoryRateLimiter } from '../rate-limits/memory-rate-limiter';
import { RedisRateLimiter } from '../rate-limits/redis-rate-limiter';
import { FallbackRateLimiter } from '../rate-limits/fallback-rate-limiter';
import { CodedEventStore } from '../event-store/coded-event-store';
import { AppEventCodec } from '../personal-data/app-event-codec';
import { EMAIL_INDEX, EmailIndex } from '../personal-data/email-index';
import { KEY_STORE, KeyStore } from '../personal-data/key-store.port';
import { RedisKeyStore } from '../personal-data/redis-key-store';
import { SqliteKeyStore } from '../personal-data/sqlite-key-store';
import { AppMetrics, METRICS } from '../metrics/app-metrics';
import { TimedEventStore } from '../metrics/timed-event-store';

/** The adapter the configuration names, as stored: sealed personal fields, events in their stored versions. */
function openRawEventStore(config: AppConfig): EventStore {
  return config.eventStoreConnectionString
    ? EventStoreDbEventStore.connect(config.eventStoreConnectionString)
    : SqliteEventStore.open(join(config.dataDir, 'events.sqlite'));
}

/** Where the per-person data keys live: never in the event store (SECURITY.md §10). */
function openKeyStore(config: AppConfig): KeyStore {
  return config.keyStoreUrl
    ? RedisKeyStore.connect(config.keyStoreUrl, config.redisKeyPrefix)
    : new SqliteKeyStore(join(config.dataDir, 'keys.sqlite'));
}

/**
 * The event store as the app and the command-line tools read and write it: the adapter seen through
 * the codec (personal fields sealed under per-person keys, events upcast to their current shape).
 * Without `keys`, it opens the configured key store and closes it with the event store. `raw`: another
 * adapter than the configured one (`npm run migrate` writes its copy under a temporary name).
 */
export function openEventStore(config: AppConfig, { keys, raw }: { keys?: KeyStore; raw?: EventStore } = {}): CodedEventStore {
  const keyStore = keys ?? openKeyStore(config);
  return new CodedEventStore(raw ?? openRawEventStore(config), new AppEventCodec(keyStore), keys ? undefined : () => keyStore.close());
}

/** Adapters are chosen by configuration; everything else sees only the ports. */
export const storageProviders: Provider[] = [
  { provide: KEY_STORE, inject: [APP_CONFIG], useFactory: openKeyStore },
  {
    provide: EVENT_STORE,
    inject: [APP_CONFIG, KEY_STORE, METRICS],
    // Timed and counted only with METRICS_PORT set (docs/design/operating.md); the bare store otherwise.
    useFactory: (config: AppConfig, keys: KeyStore, metrics: AppMetrics | null): EventStore => {
      const store = openEventStore(config, { keys });
      return metrics ? new TimedEventStore(store, metrics) : store;
    },
  },
  { provide: EMAIL_INDEX, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new EmailIndex(config.emailIndexSecret) },
  {
    provide: READ_MODEL,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): ReadModel =>
      config.redis
        ? RedisReadModel.connect(config.redis, { prefix: config.redisKeyPrefix, partitions: config.projectionPartitions })
        : new MemoryReadModel(),
  },
  {
    // Shared by every process of a deployment: in Redis when there is one, else beside the events.
    provide: SNAPSHOT_STORE,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): SnapshotStore =>
      config.redis
        ? RedisSnapshotStore.connect(config.redis, config.redisKeyPrefix)
        : new SqliteSnapshotStore(join(config.dataDir, 'snapshots.sqlite')),
  },
  {
    // Answers of writes sent with an Idempotency-Key: shared and kept over restarts, like snapshots.
    provide: IDEMPOTENCY_STORE,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): IdempotencyStore =>
      config.redis
        ? RedisIdempotencyStore.connect(config.redis, config.redisKeyPrefix)
        : new SqliteIdempotencyStore(join(config.dataDir, 'idempotency.sqlite')),
  },
  {
    // Login, signup and write limits: shared by every instance through Redis when there is one (this
    // process's own counts while it does not answer), else in this process.
    provide: RATE_LIMITER,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): RateLimiter =>
      config.redis
        ? new FallbackRateLimiter(RedisRateLimiter.connect(config.redis, config.redisKeyPrefix), new MemoryRateLimiter())
        : new MemoryRateLimiter(),
  },
  {
    provide: PROJECTOR_LEASES,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig): ProjectorLeases =>
      config.redis
        ? RedisLeases.connect(config.redis, config.redisKeyPrefix, config.projectorLeaseTtlMs, config.projectionPartitions)
        : new ExclusiveLeases(),
  },
];

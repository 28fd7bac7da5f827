import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { IDEMPOTENCY_STORE, IdempotencyStore } from '../idempotency/idempotency-store.port';
import { EMAIL_INDEX } from '../personal-data/email-index';
import { KEY_STORE, KeyStore } from '../personal-data/key-store.port';
import { PROJECTOR_LEASES, ProjectorLeases } from '../projector-leases/projector-lease';
import { RATE_LIMITER, RateLimiter } from '../rate-limits/rate-limiter.port';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { SNAPSHOT_STORE, SnapshotStore } from '../snapshots/snapshot-store.port';
import { storageProviders } from './storage.providers';

/** Closes the stores after every module (the projector included) has stopped using them. */
@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(PROJECTOR_LEASES) private readonly lease: ProjectorLeases,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    @Inject(IDEMPOTENCY_STORE) private readonly idempotency: IdempotencyStore,
    @Inject(RATE_LIMITER) private readonly rateLimiter: RateLimiter,
    @Inject(KEY_STORE) private readonly keys: KeyStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([
      this.store.close(),
      this.readModel.close(),
      this.lease.close(),
      this.snapshots.close(),
      this.idempotency.close(),
      this.rateLimiter.close(),
    ]);
    // Last: the event store's own close may still need no key, but a projector batch in flight might.
    await this.keys.close();
  }
}

/**
 * The stores, one adapter each chosen by configuration (storage.providers.ts): everything else sees only
 * the ports' tokens. One instance of each for the whole app, however many modules import this one.
 */
@Module({
  providers: [...storageProviders, StorageLifecycle],
  exports: [KEY_STORE, EVENT_STORE, EMAIL_INDEX, READ_MODEL, SNAPSHOT_STORE, IDEMPOTENCY_STORE, RATE_LIMITER, PROJECTOR_LEASES],
})
export class StorageModule {}

import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { CheckpointMovedError, READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { PROJECTOR_LEASE, ProjectorLease } from './projector-lease';
import { projectEvent } from './user-lists.projection';

export type ProjectorRole = 'starting' | 'active' | 'standby' | 'off';

interface Waiter {
  readonly position: bigint;
  readonly resolve: () => void;
}

/** How often a standby asks for the lease, and how often waiters poll a checkpoint they do not write. */
const ACQUIRE_INTERVAL_MS = 1000;
const POLL_INTERVAL_MS = 20;

/**
 * Feeds the store's ordered subscription into the read model, on its own loop (never the
 * NestJS EventBus: unordered, concurrent). Each batch lands together with its checkpoint, fenced
 * by the checkpoint it follows. Only the lease holder projects; other instances stand by and
 * learn of progress by polling the read model's checkpoint.
 */
@Injectable()
export class Projector implements OnModuleDestroy {
  private readonly logger = new Logger(Projector.name);
  private readonly stop = new AbortController();
  private waiters: Waiter[] = [];
  private seen: bigint | undefined;
  private supervisor: Promise<void> | undefined;
  private poller: Promise<void> | undefined;
  role: ProjectorRole = 'starting';

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(PROJECTOR_LEASE) private readonly lease: ProjectorLease,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts projecting (or standing by). A sole projector first catches up with the store. */
  async start(): Promise<void> {
    const rebuilding = await this.ensureReadModelFollowsStore();
    this.seen = await this.readModel.checkpoint();
    this.supervisor = this.supervise();
    // A read model rebuilt here is caught up before this instance serves, so no user reads half of it.
    if (this.lease.ttlMs === Infinity || rebuilding) await this.waitFor(await this.store.headPosition(), 10 * 60_000);
  }

  /** Position of the last event visible in the read model, as far as this instance knows. */
  get checkpoint(): bigint | undefined {
    return this.seen;
  }

  /** Resolves once the event at `position` is visible in the read model (read-your-writes). */
  waitFor(position: bigint | undefined, timeoutMs = this.config.readYourWritesTimeoutMs): Promise<void> {
    if (position === undefined || (this.seen !== undefined && this.seen >= position)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new DomainError('READ_MODEL_LAGGING'));
      }, timeoutMs);
      const waiter: Waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      this.waiters.push(waiter);
      if (this.role !== 'active') this.poller ??= this.pollWhileWaiting();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    await Promise.all([this.supervisor, this.poller]);
    if (this.role === 'active') await this.lease.release().catch(() => undefined);
  }

  private async supervise(): Promise<void> {
    if (this.config.projector === 'off') {
      this.role = 'off';
      return;
    }
    while (!this.stop.signal.aborted) {
      const held = await this.lease.acquire().catch(() => false);
      if (held) {
        this.role = 'active';
        this.logger.log('Projecting: this instance holds the projector lease');
        await this.projectWhileHeld();
        if (!this.stop.signal.aborted) this.logger.warn('Projector lease lost: standing by');
      }
      this.role = 'standby';
      if (this.waiters.length > 0) this.poller ??= this.pollWhileWaiting();
      await sleep(ACQUIRE_INTERVAL_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
    }
  }

  /** Projects until the lease is lost or the app stops; resumes from the checkpoint after errors. */
  private async projectWhileHeld(): Promise<void> {
    const lost = new AbortController();
    const onStop = () => lost.abort();
    this.stop.signal.addEventListener('abort', onStop);
    // An exclusive (in-process) lease never expires and needs no renewal.
    const renewal =
      this.lease.ttlMs === Infinity
        ? undefined
        : setInterval(
            () => {
              this.lease.renew().then(
                (ok) => ok || lost.abort(),
                () => lost.abort(),
              );
            },
            Math.max(100, Math.floor(this.lease.ttlMs / 3)),
          );
    let backoffMs = 100;
    try {
      while (!lost.signal.aborted) {
        try {
          this.readModel.refreshNamespace?.();
          await this.ensureReadModelFollowsStore();
          let applied = await this.readModel.checkpoint();
          this.observe(applied);
          for await (const batch of this.store.subscribeToAll({ after: applied, signal: lost.signal })) {
            const last = batch[batch.length - 1]!.position;
            await this.readModel.apply(batch.flatMap(projectEvent), last, { expected: applied });
            applied = last;
            this.observe(last);
            backoffMs = 100;
          }
        } catch (error) {
          if (lost.signal.aborted) break;
          if (error instanceof CheckpointMovedError) {
            this.logger.warn(error.message);
            break;
          }
          this.logger.error(`Projection stopped, resuming from the checkpoint in ${backoffMs} ms: ${(error as Error).message}`);
          await sleep(backoffMs, undefined, { signal: lost.signal }).catch(() => undefined);
          backoffMs = Math.min(backoffMs * 2, 5_000);
        }
      }
    } finally {
      clearInterval(renewal);
      this.stop.signal.removeEventListener('abort', onStop);
    }
  }

  /**
   * A read model built from another event store (another store id), or one past this store's head (a
   * store restored from a backup, or replaced), would make the projector skip every new event below
   * its checkpoint. Such a model is said in one line and replaced by a fresh, empty one that the
   * projector then builds from the first event; a model that names no store yet is adopted.
   */
  private async ensureReadModelFollowsStore(): Promise<boolean> {
    const storeId = await this.store.storeId();
    let rebuilding = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [followed, checkpoint, head] = await Promise.all([
        this.readModel.followedStoreId(),
        this.readModel.checkpoint(),
        this.store.headPosition(),
      ]);
      const foreign = followed !== undefined && followed !== storeId;
      const ahead = checkpoint !== undefined && (head === undefined || checkpoint > head);
      if (!foreign && !ahead) {
        await this.readModel.recordStoreId(storeId);
        return rebuilding;
      }
      const { switched, from, to } = await this.readModel.startAfresh();
      rebuilding = true;
      if (switched) {
        const why = foreign
          ? `it was built from another event store (${followed}; this one is ${storeId})`
          : `its checkpoint ${checkpoint} is past the event store's head ${head ?? '(empty store)'}: a restored or replaced store`;
        this.logger.warn(
          `Read model does not follow this event store: ${why}; rebuilding it from the first event in namespace ${to} (${from} is left as it was)`,
        );
      }
      this.seen = undefined;
      this.readModel.refreshNamespace?.();
    }
    throw new Error('The read model kept switching namespaces while it was being checked against the event store');
  }

  private async pollWhileWaiting(): Promise<void> {
    try {
      while (this.waiters.length > 0 && this.role !== 'active' && !this.stop.signal.aborted) {
        this.readModel.refreshNamespace?.();
        this.observe(await this.readModel.checkpoint().catch(() => undefined));
        await sleep(POLL_INTERVAL_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
    } finally {
      this.poller = undefined;
    }
  }

  private observe(checkpoint: bigint | undefined): void {
    if (checkpoint === undefined) return;
    this.seen = checkpoint;
    const ready = this.waiters.filter((w) => w.position <= checkpoint);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > checkpoint);
    for (const waiter of ready) waiter.resolve();
  }
}

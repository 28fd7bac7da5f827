import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { partitionOfUser } from '../read-model/partitions';
import { CheckpointMovedError, READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { assignPartitions } from './partition-owners';
import { PROJECTOR_LEASES, ProjectorLeases } from './projector-lease';
import { projectEvent } from './user-lists.projection';

export type ProjectorRole = 'starting' | 'active' | 'standby' | 'off';

interface Waiter {
  readonly position: bigint;
  /** The partition whose progress shows the write; undefined: every partition's. */
  readonly partition: number | undefined;
  readonly resolve: () => void;
}

/** How often waiters poll progress they do not write. */
const POLL_INTERVAL_MS = 20;

/**
 * Feeds the store's ordered subscription into the read model, on its own loop (never the NestJS EventBus:
 * unordered, concurrent). Users are split into PROJECTION_PARTITIONS partitions (partitions.ts); each
 * partition is projected by whoever holds its lease, from its own progress, each batch fenced by the
 * progress it follows. The instances taking part share the partitions out (partition-owners.ts); the
 * others, and every instance for partitions it does not hold, learn of progress by polling the read model.
 */
@Injectable()
export class Projector implements OnModuleDestroy {
  private readonly logger = new Logger(Projector.name);
  private readonly stop = new AbortController();
  private readonly partitions: number;
  private waiters: Waiter[] = [];
  /** Per partition: the progress this instance knows of. */
  private readonly seen: (bigint | undefined)[];
  /** Partitions this instance projects, each with the controller that ends its loop. */
  private readonly held = new Map<number, { readonly lost: AbortController; readonly done: Promise<void> }>();
  private supervisor: Promise<void> | undefined;
  private poller: Promise<void> | undefined;
  private started = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(PROJECTOR_LEASES) private readonly leases: ProjectorLeases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.partitions = leases.partitions;
    this.seen = new Array<bigint | undefined>(this.partitions).fill(undefined);
  }

  get role(): ProjectorRole {
    if (this.config.projector === 'off') return 'off';
    if (!this.started) return 'starting';
    return this.held.size > 0 ? 'active' : 'standby';
  }

  /** The partitions this instance projects now, ascending. */
  get heldPartitions(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** Whether this instance projects `userId`'s partition now: work per user that one instance must do goes where its partition is projected. */
  holdsPartitionOf(userId: string): boolean {
    return this.held.has(this.partitions === 1 ? 0 : partitionOfUser(userId, this.partitions));
  }

  /** Starts projecting (or standing by). A sole projector first catches up with the store. */
  async start(): Promise<void> {
    const rebuilding = await this.ensureReadModelFollowsStore();
    for (let k = 0; k < this.partitions; k++) this.observe(k, await this.readModel.checkpoint(this.partitionArg(k)));
    this.supervisor = this.supervise();
    // A read model rebuilt here is caught up before this instance serves, so no user reads half of it.
    if (this.leases.ttlMs === Infinity || rebuilding) await this.waitFor(await this.store.headPosition(), undefined, 10 * 60_000);
  }

  /** Position up to which every partition is visible in the read model, as far as this instance knows. */
  get checkpoint(): bigint | undefined {
    return this.seen.reduce<bigint | undefined>(
      (low, s) => (s === undefined || low === undefined ? undefined : s < low ? s : low),
      this.seen[0],
    );
  }

  /**
   * Resolves once the event at `position` is visible in the read model (read-your-writes): the progress of
   * `userId`'s own partition when given, of every partition otherwise.
   */
  waitFor(position: bigint | undefined, userId?: string, timeoutMs = this.config.readYourWritesTimeoutMs): Promise<void> {
    const partition = userId === undefined || this.partitions === 1 ? undefined : partitionOfUser(userId, this.partitions);
    if (position === undefined || this.visible(partition, position)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new DomainError('READ_MODEL_LAGGING'));
      }, timeoutMs);
      const waiter: Waiter = { position, partition, resolve: () => (clearTimeout(timer), resolve()) };
      this.waiters.push(waiter);
      this.ensurePolling();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    // The supervisor first: a lease it was acquiring as the stop came is given back, never projected.
    await Promise.all([this.supervisor, this.poller]);
    const held = [...this.held.entries()];
    await Promise.all(held.map(([, h]) => h.done));
    // A clean stop frees its partitions at once rather than after their TTL.
    await Promise.all([this.leases.leave(), ...held.map(([k]) => this.leases.lease(k).release())]).catch(() => undefined);
  }

  /**
   * Every interval (a third of the TTL, at most a second): record this instance as alive, then hold exactly
   * the partitions assignPartitions gives it among the live instances. A dead instance's leases expire after their TTL
   * and its heartbeat too, so its partitions go to the survivors within the TTL plus one interval.
   */
  private async supervise(): Promise<void> {
    this.started = true;
    if (this.config.projector === 'off') return;
    const interval = Math.min(1000, Math.max(100, Math.floor(this.leases.ttlMs / 3)));
    while (!this.stop.signal.aborted) {
      const members = await this.leases.heartbeat().catch(() => undefined);
      if (members) {
        const owners = assignPartitions(this.partitions, members);
        for (let k = 0; k < this.partitions && !this.stop.signal.aborted; k++) {
          const mine = owners[k] === this.leases.holderId;
          if (mine && !this.held.has(k)) await this.tryToHold(k);
          else if (!mine && this.held.has(k)) this.handOver(k);
        }
      }
      await sleep(interval, undefined, { signal: this.stop.signal }).catch(() => undefined);
    }
  }

  private async tryToHold(partition: number): Promise<void> {
    const lease = this.leases.lease(partition);
    if (!(await lease.acquire().catch(() => false))) return;
    if (this.stop.signal.aborted) {
      // Granted after the stop began: nothing would ever end its loop, which would retry on a closed store for ever.
      await lease.release().catch(() => undefined);
      return;
    }
    const lost = new AbortController();
    const done = this.projectWhileHeld(partition, lost).finally(() => {
      this.held.delete(partition);
      if (!this.stop.signal.aborted) this.logger.warn(`Projector lease of partition ${partition} lost or handed over: standing by`);
      if (this.waiters.length > 0) this.ensurePolling();
    });
    this.held.set(partition, { lost, done });
    this.logger.log(`Projecting partition ${partition + 1} of ${this.partitions}: this instance holds its lease`);
  }

  /** Another live instance should hold it: stop projecting it and free the lease at once. */
  private handOver(partition: number): void {
    const held = this.held.get(partition);
    if (!held) return;
    held.lost.abort();
    void held.done.then(() =>
      this.leases
        .lease(partition)
        .release()
        .catch(() => undefined),
    );
  }

  /** Projects one partition until its lease is lost or the app stops; resumes from its progress after errors. */
  private async projectWhileHeld(partition: number, lost: AbortController): Promise<void> {
    const lease = this.leases.lease(partition);
    const onStop = () => lost.abort();
    this.stop.signal.addEventListener('abort', onStop);
    // An exclusive (in-process) lease never expires and needs no renewal.
    const renewal =
      lease.ttlMs === Infinity
        ? undefined
        : setInterval(
            () => {
              lease.renew().then(
                (ok) => ok || lost.abort(),
                () => lost.abort(),
              );
            },
            Math.max(100, Math.floor(lease.ttlMs / 3)),
          );
    let backoffMs = 100;
    const mine = (userId: unknown) =>
      this.partitions === 1 || (typeof userId === 'string' && partitionOfUser(userId, this.partitions) === partition);
    try {
      while (!lost.signal.aborted) {
        try {
          this.readModel.refreshNamespace?.();
          await this.ensureReadModelFollowsStore();
          let applied = await this.readModel.checkpoint(this.partitionArg(partition));
          this.observe(partition, applied);
          for await (const batch of this.store.subscribeToAll({ after: applied, signal: lost.signal })) {
            const last = batch[batch.length - 1]!.position;
            const events = batch
              .filter((event) => mine((event.data as { userId?: unknown } | undefined)?.userId))
              .map((event) => ({ position: event.position, changes: projectEvent(event) }));
            await this.readModel.applyEvents(events, last, { expected: applied, partition: this.partitionArg(partition) });
            applied = last;
            this.observe(partition, last);
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

  /** With one partition the model is asked without one (its single checkpoint). */
  private partitionArg(partition: number): number | undefined {
    return this.partitions === 1 ? undefined : partition;
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
      const [followed, checkpoint] = await Promise.all([this.readModel.followedStoreId(), this.readModel.checkpoint()]);
      // The head is read after the checkpoint: read together, another instance could append and project
      // between the two reads, and a checkpoint past a head read just before would look like a replaced store
      // (this instance would then rebuild in a new namespace while the others go on in the old one).
      const head = await this.store.headPosition();
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
      this.seen.fill(undefined);
      this.readModel.refreshNamespace?.();
    }
    throw new Error('The read model kept switching namespaces while it was being checked against the event store');
  }

  /** One poller at a time; it is forgotten once it ends (asynchronously: never before it was recorded). */
  private ensurePolling(): void {
    this.poller ??= this.pollWhileWaiting().finally(() => (this.poller = undefined));
  }

  /** Polls the progress of the partitions waiters wait on and this instance does not project. */
  private async pollWhileWaiting(): Promise<void> {
    while (this.waiters.length > 0 && !this.stop.signal.aborted) {
      const wanted = new Set<number>();
      for (const w of this.waiters) {
        if (w.partition !== undefined) wanted.add(w.partition);
        else for (let k = 0; k < this.partitions; k++) wanted.add(k);
      }
      const polled = [...wanted].filter((k) => !this.held.has(k));
      if (polled.length === 0) return;
      this.readModel.refreshNamespace?.();
      await Promise.all(
        polled.map(async (k) => this.observe(k, await this.readModel.checkpoint(this.partitionArg(k)).catch(() => undefined))),
      );
      await sleep(POLL_INTERVAL_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
    }
  }

  private visible(partition: number | undefined, position: bigint): boolean {
    const seen = partition === undefined ? this.checkpoint : this.seen[partition];
    return seen !== undefined && seen >= position;
  }

  private observe(partition: number, checkpoint: bigint | undefined): void {
    if (checkpoint === undefined) return;
    this.seen[partition] = checkpoint;
    const ready = this.waiters.filter((w) => this.visible(w.partition, w.position));
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const waiter of ready) waiter.resolve();
  }
}

import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { partitionOfUser } from '../read-model/partitions';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { partitionArg, projectPartition } from './partition-loop';
import { PartitionSupervisor } from './partition-supervisor';
import { ProgressWaiters } from './progress-waiters';
import { PROJECTOR_LEASES, ProjectorLeases } from '../projector-leases/projector-lease';
import { ensureReadModelFollowsStore } from './store-identity';
import { AppMetrics, METRICS } from '../metrics/app-metrics';

export type ProjectorRole = 'starting' | 'active' | 'standby' | 'off';

/**
 * Feeds the store's ordered subscription into the read model, on its own loop (never the NestJS EventBus:
 * unordered, concurrent). Users are split into PROJECTION_PARTITIONS partitions (partitions.ts); each
 * partition is projected by whoever holds its lease (partition-supervisor.ts), from its own progress, each
 * batch fenced by the progress it follows (partition-loop.ts). Requests wait for their writes to show
 * (progress-waiters.ts); the read model is first checked against the store it follows (store-identity.ts).
 * This class only joins the four, for the rest of the app.
 */
@Injectable()
export class Projector implements OnModuleDestroy {
  private readonly logger = new Logger(Projector.name);
  private readonly stop = new AbortController();
  private readonly partitions: number;
  private readonly waiters: ProgressWaiters;
  private readonly supervisor: PartitionSupervisor;
  private started = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(PROJECTOR_LEASES) private readonly leases: ProjectorLeases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(METRICS) metrics?: AppMetrics | null,
  ) {
    this.partitions = leases.partitions;
    this.waiters = new ProgressWaiters(
      this.partitions,
      {
        refresh: () => this.readModel.refreshNamespace?.(),
        checkpointOf: (partition) => this.readModel.checkpoint(partitionArg(partition, this.partitions)),
        projectedHere: (partition) => this.supervisor.holds(partition),
      },
      this.stop.signal,
    );
    this.supervisor = new PartitionSupervisor(
      leases,
      (partition, lost) =>
        projectPartition({
          partition,
          partitions: this.partitions,
          store,
          readModel,
          lease: leases.lease(partition),
          lost,
          followStore: () => this.followStore(),
          observe: (checkpoint) => this.waiters.observe(partition, checkpoint),
          applied: metrics ? (events) => metrics.projectedEvents.inc({ partition: String(partition) }, events) : undefined,
          log: this.logger,
        }),
      this.stop.signal,
      this.logger,
      () => this.waiters.pollWhileWaiting(),
    );
  }

  get role(): ProjectorRole {
    if (this.config.projector === 'off') return 'off';
    if (!this.started) return 'starting';
    return this.supervisor.heldPartitions.length > 0 ? 'active' : 'standby';
  }

  /** The partitions this instance projects now, ascending. */
  get heldPartitions(): number[] {
    return this.supervisor.heldPartitions;
  }

  /** PROJECTION_PARTITIONS. */
  get partitionCount(): number {
    return this.partitions;
  }

  /** One partition's progress as this instance knows it: applied here, or last polled while a write waited on it. */
  progressOf(partition: number): bigint | undefined {
    return this.waiters.progressOf(partition);
  }

  /** Whether this instance projects `userId`'s partition now: work per user that one instance must do goes where its partition is projected. */
  holdsPartitionOf(userId: string): boolean {
    return this.supervisor.holds(partitionOfUser(userId, this.partitions));
  }

  /** Starts projecting (or standing by). A sole projector first catches up with the store. */
  async start(): Promise<void> {
    const rebuilding = await this.followStore();
    for (let k = 0; k < this.partitions; k++) this.waiters.observe(k, await this.readModel.checkpoint(partitionArg(k, this.partitions)));
    this.started = true;
    if (this.config.projector !== 'off') this.supervisor.start();
    // A read model rebuilt here is caught up before this instance serves, so no user reads half of it.
    if (this.leases.ttlMs === Infinity || rebuilding) await this.waitFor(await this.store.headPosition(), undefined, 10 * 60_000);
  }

  /** Position up to which every partition is visible in the read model, as far as this instance knows. */
  get checkpoint(): bigint | undefined {
    return this.waiters.checkpoint;
  }

  /**
   * Resolves once the event at `position` is visible in the read model (read-your-writes): the progress of
   * `userId`'s own partition when given, of every partition otherwise.
   */
  waitFor(position: bigint | undefined, userId?: string, timeoutMs = this.config.readYourWritesTimeoutMs): Promise<void> {
    const partition = userId === undefined || this.partitions === 1 ? undefined : partitionOfUser(userId, this.partitions);
    return this.waiters.waitFor(position, partition, timeoutMs);
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    await Promise.all([this.supervisor.stopped(), this.waiters.stopped()]);
  }

  private followStore(): Promise<boolean> {
    return ensureReadModelFollowsStore(this.store, this.readModel, {
      warn: (line) => this.logger.warn(line),
      startedAfresh: () => this.waiters.forget(),
    });
  }
}

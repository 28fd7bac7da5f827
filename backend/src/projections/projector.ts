import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../errors/domain-error';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { projectEvent } from './user-lists.projection';

interface Waiter {
  readonly position: bigint;
  readonly resolve: () => void;
}

/**
 * Feeds the store's ordered subscription into the read model. Runs on its own loop, never
 * on the NestJS EventBus (unordered, concurrent). Each batch lands in the read model together
 * with its checkpoint; after a failure it resumes from the checkpoint the read model holds.
 */
@Injectable()
export class Projector implements OnModuleDestroy {
  private readonly logger = new Logger(Projector.name);
  private readonly stop = new AbortController();
  private waiters: Waiter[] = [];
  private applied: bigint | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
  ) {}

  /** Starts projecting and resolves once everything stored before the call is applied. */
  async start(): Promise<void> {
    this.applied = await this.readModel.checkpoint();
    this.loop = this.run();
    await this.waitFor(await this.store.headPosition(), 10 * 60_000);
  }

  /** Resolves once the event at `position` is visible in the read model (read-your-writes). */
  waitFor(position: bigint | undefined, timeoutMs = 10_000): Promise<void> {
    if (position === undefined || (this.applied !== undefined && this.applied >= position)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new DomainError('READ_MODEL_LAGGING'));
      }, timeoutMs);
      const waiter: Waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      this.waiters.push(waiter);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoffMs = 100;
    while (!this.stop.signal.aborted) {
      try {
        for await (const batch of this.store.subscribeToAll({ after: this.applied, signal: this.stop.signal })) {
          const last = batch[batch.length - 1]!.position;
          await this.readModel.apply(batch.flatMap(projectEvent), last);
          this.applied = last;
          this.release();
          backoffMs = 100;
        }
      } catch (error) {
        if (this.stop.signal.aborted) break;
        this.logger.error(`Projection stopped, resuming in ${backoffMs} ms: ${(error as Error).message}`);
        await sleep(backoffMs, undefined, { signal: this.stop.signal }).catch(() => undefined);
        backoffMs = Math.min(backoffMs * 2, 5_000);
        this.applied = await this.readModel.checkpoint().catch(() => this.applied);
      }
    }
  }

  private release(): void {
    const applied = this.applied!;
    const ready = this.waiters.filter((w) => w.position <= applied);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > applied);
    for (const waiter of ready) waiter.resolve();
  }
}

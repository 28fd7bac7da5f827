import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import { ListCommand } from '../commands/list-command';
import { sendCommand } from '../commands/send-command';
import { toolCorrelationId, withCorrelation } from '../tracing/correlation';
import { CommandRunner } from '../commands/shared/command-runner';
import { Decided } from '../commands/shared/write-result';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { streams } from '../events/app-events';
import { historyList } from '../domain/history/history.list';
import { userAccount } from '../domain/user-account/user-account';
import { Projector } from '../projections/projector';
import { READ_MODEL, ReadModel } from '../read-model/read-model.port';
import { CLOCK, Clock } from '../shared/clock';

/** Users asked of the read model at a time: a sweep never holds more than one page. */
const PAGE = 100;

/** The first sweep comes soon after a start, so that an instance restarted more often than daily still sweeps. */
const FIRST_SWEEP_AFTER_MS = 60_000;

export interface SweepReport {
  /** Users whose history was looked at (auto-delete on, partition held here, account not deleted). */
  readonly users: number;
  /** Entries removed. */
  readonly entries: number;
  /** Position of the last expiry appended, for a caller that waits until the read model shows it. */
  readonly position?: bigint;
}

/**
 * History auto-delete without a write of the user's (SECURITY.md §10): every HISTORY_RETENTION_SWEEP_MS (a
 * day), the users whose setting is on are visited a page at a time, and each gets an `ExpireEntries`
 * command, decided on their history stream like any other (nothing old enough: nothing appended, so a
 * sweep run twice changes nothing). Only an instance taking part in projection sweeps, and only the
 * users of the partitions it holds: with PROJECTOR=off (API instances beside `npm run projector`) it
 * never does, and several projectors never visit one user twice (bar a partition changing hands
 * mid-sweep, which is harmless). The instant is taken once per sweep from the clock and recorded in
 * each event, so a replay removes the same entries whenever it runs.
 */
@Injectable()
export class HistoryRetentionSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(HistoryRetentionSweep.name);
  private readonly stop = new AbortController();
  private loop: Promise<void> | undefined;
  private running: Promise<SweepReport> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_MODEL) private readonly readModel: ReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly projector: Projector,
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.projector !== 'off') this.loop = this.sweepEveryPeriod();
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    await Promise.all([this.loop, this.running?.catch(() => undefined)]);
  }

  /** One sweep now; a call while one runs shares it. */
  sweep(): Promise<SweepReport> {
    // Every expiry of one sweep shares its correlation id, `sweep:<uuid>` (docs/design/operating.md).
    this.running ??= withCorrelation(toolCorrelationId('sweep'), () => this.sweepOnce()).finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepEveryPeriod(): Promise<void> {
    let wait = Math.min(this.config.historyRetentionSweepMs, FIRST_SWEEP_AFTER_MS);
    while (!this.stop.signal.aborted) {
      // Unreferenced: a pending sweep never keeps the process alive.
      await sleep(wait, undefined, { signal: this.stop.signal, ref: false }).catch(() => undefined);
      if (this.stop.signal.aborted) return;
      try {
        const { users, entries } = await this.sweep();
        if (entries > 0) this.logger.log(`History auto-delete: ${entries} entries removed from ${users} users' histories`);
      } catch (error) {
        this.logger.warn(
          `History auto-delete sweep stopped early, next one in ${this.config.historyRetentionSweepMs} ms: ${(error as Error).message}`,
        );
      }
      wait = this.config.historyRetentionSweepMs;
    }
  }

  private async sweepOnce(): Promise<SweepReport> {
    const at = this.clock.now().toISOString();
    let users = 0;
    let entries = 0;
    let position: bigint | undefined;
    let cursor: string | undefined;
    do {
      // Checked each page: a partition handed over mid-sweep is left to its new holder.
      if (this.projector.heldPartitions.length === 0 || this.stop.signal.aborted) break;
      const page = await this.readModel.usersWithHistoryRetention(cursor, PAGE);
      for (const userId of page.userIds) {
        if (this.stop.signal.aborted || !this.projector.holdsPartitionOf(userId) || !(await this.isAccount(userId))) continue;
        users++;
        const decided = await this.expire(userId, at);
        for (const event of decided?.events ?? []) if (event.type === 'HistoryEntriesExpired') entries += expiredIds(event.data);
        if (decided?.events.length) position = decided.position;
      }
      cursor = page.next;
      await yieldToLoop();
    } while (cursor !== undefined);
    return { users, entries, ...(position !== undefined && { position }) };
  }

  /** One user's failure (the store busy) is theirs alone: said, and left to the next sweep or their next write. */
  private async expire(userId: string, at: string): Promise<Decided | undefined> {
    try {
      return await sendCommand(this.commands, new ListCommand(historyList, { type: 'ExpireEntries', userId, at }));
    } catch (error) {
      this.logger.warn(`History auto-delete skipped user ${userId} this time: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** A deleted account's streams take no new events (its read model was erased with it). */
  private async isAccount(userId: string): Promise<boolean> {
    return (await this.runner.load(streams.user(userId), userAccount))?.state.registered === true;
  }
}

const expiredIds = (data: unknown) => (data as { readonly videoIds: readonly string[] }).videoIds.length;

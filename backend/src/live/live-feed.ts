import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Authenticator } from '../auth/authenticator';
import { CatalogueProjection } from '../catalogue/catalogue-projection';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import type { StoredEvent } from '../events/event';
import { Projector } from '../projections/projector';
import { LiveChange, TOKEN_CHECK_TYPES, changeOf, coalesced, liveMessage } from './live-change';
import { LiveStreams, inTurns } from './live-streams';
import { RecentChanges } from './recent-changes';
import { UntoldChanges } from './untold-changes';

const RETRY_MS = 500;
/**
 * The catalogue's streams get at most one message per this window: the changes shown meanwhile go out together
 * at its end (a quiet catalogue's change goes out at once). An import of 10 000 videos is then a few dozen
 * messages per stream, not one per video nor one per log batch (docs/design/live-updates.md, "Bounds").
 */
const CATALOGUE_WINDOW_MS = 100;

/**
 * Follows the log from its head when the instance starts (as the catalogue does, docs/design/catalogue.md)
 * and tells the open streams each change once it shows: a user's once the read model shows it
 * (`Projector.waitFor`, read-your-writes' wait), the catalogue's once this instance's catalogue does. A
 * user's change the read model does not show within its wait becomes a `reset` (refetch everything) rather
 * than a message that could make a client read a stale answer (docs/design/live-updates.md).
 */
@Injectable()
export class LiveFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LiveFeed.name);
  private readonly stop = new AbortController();
  private running: Promise<void> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** What each user's streams may resume from; and the catalogue's, kept apart. */
  private users!: RecentChanges;
  private catalogueChanges!: RecentChanges;
  private followed: bigint | undefined;
  /** The changes routed and not told yet, in log order: `toldThrough` stays below the first of them. */
  private readonly untold = new UntoldChanges();
  /** The catalogue's changes shown and held for the end of its window (`firsts`: what `untold` knows them by). */
  private catalogueHeld: { firsts: bigint[]; changes: LiveChange[] } = { firsts: [], changes: [] };
  private catalogueTimer: NodeJS.Timeout | undefined;
  private catalogueSentAt = Number.NEGATIVE_INFINITY;
  /** The catalogue's messages being written, in turns (live-streams.ts `inTurns`): each after the one before. */
  private catalogueWriting: Promise<void> = Promise.resolve();
  /** The heartbeat being written, in turns: the next one waits rather than overlap it. */
  private beating: Promise<void> | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projector: Projector,
    private readonly catalogue: CatalogueProjection,
    private readonly streams: LiveStreams,
    private readonly authenticator: Authenticator,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const head = await this.store.headPosition();
    const startedAfter = head ?? -1n;
    const bounds = { perUser: this.config.live.memoryPerUser, maxAgeMs: this.config.live.memoryMs };
    this.users = new RecentChanges(bounds, startedAfter);
    this.catalogueChanges = new RecentChanges(bounds, startedAfter);
    this.followed = head;
    this.running = this.follow();
    // A tenth of the age bound: a change is forgotten at most 10 % later than its age says.
    this.sweeper = setInterval(() => (this.users.forgetOld(), this.catalogueChanges.forgetOld()), Math.max(1000, bounds.maxAgeMs / 10));
    this.sweeper.unref();
    // Each stream's heartbeat carries where the log is told through: a stream that hears nothing still moves on.
    this.heartbeat = setInterval(() => {
      this.beating ??= this.streams.heartbeat(this.toldThrough()).finally(() => (this.beating = undefined));
    }, this.config.live.heartbeatMs);
    this.heartbeat.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stop.abort();
    clearTimeout(this.catalogueTimer);
    clearInterval(this.sweeper);
    clearInterval(this.heartbeat);
    await this.running?.catch(() => undefined);
  }

  /** The user's changes after `position` this instance remembers, or 'reset' (older than its memory). */
  userChangesSince(userId: string, position: bigint): readonly LiveChange[] | 'reset' {
    return this.users.since(userId, position);
  }

  catalogueChangesSince(position: bigint): readonly LiveChange[] | 'reset' {
    return this.catalogueChanges.since('', position);
  }

  /**
   * The position through which every change in the log has been told (remembered for resuming, and sent
   * to the open streams): an answer read after this moment shows all of them, and a stream resuming from
   * it misses none (docs/design/live-updates.md, "The first connect"). Undefined before the log has any event.
   */
  toldThrough(): bigint | undefined {
    return this.untold.toldBefore() ?? this.followed;
  }

  /** Users and changes remembered (the bench reports it). */
  get remembered(): { users: number; changes: number } {
    return this.users.size;
  }

  private async follow(): Promise<void> {
    while (!this.stop.signal.aborted) {
      try {
        for await (const batch of this.store.subscribeToAll({ after: this.followed, signal: this.stop.signal })) {
          const catalogue: { first: bigint; last: bigint; changes: LiveChange[] } = { first: -1n, last: -1n, changes: [] };
          for (const event of batch) this.route(event, catalogue);
          if (catalogue.changes.length > 0) this.tellCatalogue(catalogue);
          if (batch.length > 0) this.followed = batch[batch.length - 1]!.position;
        }
      } catch (error) {
        if (this.stop.signal.aborted) return;
        this.logger.warn(`Following the log failed, retrying: ${(error as Error).message}`);
        await sleep(RETRY_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
    }
  }

  /** A user's change is told on its own; the catalogue's of the batch are gathered into `catalogue` (tellCatalogue). */
  private route(event: StoredEvent, catalogue: { first: bigint; last: bigint; changes: LiveChange[] }): void {
    const routed = changeOf(event);
    if (!routed) return;
    const { audience, change } = routed;
    const { position } = event;
    if (audience.kind === 'catalogue') {
      // Untold from the batch's first catalogue change: nothing of the batch's catalogue is told before all is.
      if (catalogue.changes.length === 0) {
        catalogue.first = position;
        this.untold.add(position);
      }
      catalogue.last = position;
      catalogue.changes.push(change);
      return;
    }
    this.untold.add(position);
    const { userId } = audience;
    this.projector.waitFor(position, userId).then(
      () => {
        this.users.remember(userId, change);
        this.untold.told(position);
        const message = liveMessage(change);
        for (const stream of this.streams.ofUser(userId)) stream.change(message);
        if (TOKEN_CHECK_TYPES.has(change.type)) this.checkTokens(userId);
      },
      () => {
        // Remembered all the same: a client resuming later reads it once the read model caught up. It counts
        // as told only once the read model shows it: an answer read before then may not show it.
        this.users.remember(userId, change);
        void this.tellOnceShown(position, userId);
        for (const stream of this.streams.ofUser(userId)) stream.reset();
        if (TOKEN_CHECK_TYPES.has(change.type)) this.checkTokens(userId);
      },
    );
  }

  /**
   * The catalogue's changes of one log batch, told once this instance's catalogue shows the last of them, together
   * with any others shown within the window (CATALOGUE_WINDOW_MS): one message to every catalogue stream for the
   * lot (docs/design/live-updates.md). The catalogue's wait never fails: past its timeout it resolves and the
   * changes go out anyway.
   */
  private tellCatalogue({ first, last, changes }: { first: bigint; last: bigint; changes: LiveChange[] }): void {
    void this.catalogue.waitFor(last).then(() => {
      this.catalogueHeld.firsts.push(first);
      this.catalogueHeld.changes.push(...changes);
      if (this.catalogueTimer !== undefined) return;
      const wait = this.catalogueSentAt + CATALOGUE_WINDOW_MS - performance.now();
      if (wait <= 0) this.sendCatalogue();
      else this.catalogueTimer = setTimeout(() => this.sendCatalogue(), wait);
    });
  }

  private sendCatalogue(): void {
    this.catalogueTimer = undefined;
    const { firsts, changes } = this.catalogueHeld;
    if (changes.length === 0) return;
    this.catalogueHeld = { firsts: [], changes: [] };
    this.catalogueSentAt = performance.now();
    const message = liveMessage(coalesced(changes));
    this.catalogueChanges.remember('', message.change);
    for (const position of firsts) this.untold.told(position);
    const streams = this.streams.ofCatalogue();
    this.catalogueWriting = this.catalogueWriting.then(() => inTurns(streams, (stream) => stream.change(message)));
  }

  /** Waits again (each wait ends at the read-your-writes timeout) until the read model shows the change. */
  private async tellOnceShown(position: bigint, userId: string): Promise<void> {
    while (!this.stop.signal.aborted) {
      try {
        await this.projector.waitFor(position, userId);
        this.untold.told(position);
        return;
      } catch {
        await sleep(RETRY_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
    }
  }

  /** After a sign-out everywhere, a password change or the account's deletion: streams whose token is refused end. */
  private checkTokens(userId: string): void {
    for (const stream of this.streams.ofUser(userId)) {
      if (stream.owner.kind !== 'user') continue;
      this.authenticator.authenticate(stream.owner.authorization).then(
        (user) => user || stream.end(),
        () => stream.end(),
      );
    }
  }
}

import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import { LiveStream, MAX_BEHIND_BYTES } from './live-stream';
import { AppMetrics, METRICS } from '../metrics/app-metrics';

/**
 * Streams written to in one turn of the event loop. Each write is a system call once the turn ends (Node corks a
 * response's writes until then): 20 000 at once would hold every request for a few hundred milliseconds.
 */
const STREAMS_PER_TURN = 64;

/**
 * What the streams whose clients read slower than their changes come may hold in all. Past it the stream that has
 * been behind the longest ends with a reset, so that many slow clients at once (a network partition, a flood of
 * clients that never read) cannot take the instance's memory: ~1 400 streams behind at once, each at its bound.
 */
const BEHIND_BUDGET_BYTES = 64 * 1024 * 1024;
const MAX_BEHIND = Math.floor(BEHIND_BUDGET_BYTES / MAX_BEHIND_BYTES);

/** `action` on each stream, STREAMS_PER_TURN of them per turn of the event loop, in their order. */
export async function inTurns(streams: readonly LiveStream[], action: (stream: LiveStream) => void): Promise<void> {
  for (let at = 0; at < streams.length; at++) {
    if (at > 0 && at % STREAMS_PER_TURN === 0) await yieldToIo();
    action(streams[at]!);
  }
}

/** Injection token of the number of streams that may be behind at once (MAX_BEHIND unless a test provides it). */
const MAX_STREAMS_BEHIND = Symbol('MAX_STREAMS_BEHIND');

/**
 * The changes streams this instance holds, with their bounds (docs/design/live-updates.md, "Bounds"): at
 * most `streamsPerUser` per user (a new one closes the user's oldest), `streamsMax` in all (then 503), and
 * `publicStreamsPerAddress` catalogue streams per client address (then 429). Shutting the app down ends
 * them all, so that `app.close()` does not wait on them.
 */
@Injectable()
export class LiveStreams implements OnModuleDestroy {
  /** Per user, oldest first. */
  private readonly byUser = new Map<string, LiveStream[]>();
  private readonly catalogue = new Set<LiveStream>();
  private readonly byAddress = new Map<string, number>();
  /** The streams holding what their socket could not take, the one behind the longest first. */
  private readonly behind = new Set<LiveStream>();
  private count = 0;
  private closing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(METRICS) private readonly metrics?: AppMetrics | null,
    /** The streams that may be behind at once (BEHIND_BUDGET_BYTES); tests set fewer. */
    @Optional() @Inject(MAX_STREAMS_BEHIND) private readonly maxBehind: number = MAX_BEHIND,
  ) {
    // techtube_live_streams, counted at each scrape from what this class holds anyway.
    this.metrics?.onScrape(() => {
      this.metrics?.liveStreams.set({ stream: 'user' }, this.count - this.catalogue.size);
      this.metrics?.liveStreams.set({ stream: 'catalogue' }, this.catalogue.size);
    });
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.count;
  }

  /** Throws the refusal when the instance or the address holds all it may; call before opening the stream. */
  admit(address?: string): void {
    if (this.closing || this.count >= this.config.live.streamsMax) throw new DomainError('LIVE_STREAMS_FULL');
    if (address !== undefined && (this.byAddress.get(address) ?? 0) >= this.config.live.publicStreamsPerAddress)
      throw new DomainError('TOO_MANY_LIVE_STREAMS');
  }

  /** Holds an opened stream until it ends; a user's stream past their bound closes their oldest. */
  add(stream: LiveStream): void {
    const { owner } = stream;
    this.count++;
    stream.onFellBehind = () => this.metrics?.liveStreamsBehind.inc({ stream: owner.kind });
    stream.onBehind = (behind) => {
      if (!behind) return void this.behind.delete(stream);
      this.behind.add(stream);
      while (this.behind.size > this.maxBehind) this.behind.values().next().value!.fallBehind();
    };
    if (owner.kind === 'user') {
      const streams = this.byUser.get(owner.userId) ?? [];
      this.byUser.set(owner.userId, streams);
      streams.push(stream);
      stream.onEnd = () => this.forgetUserStream(owner.userId, stream);
      while (streams.length > this.config.live.streamsPerUser) streams[0]!.end();
    } else {
      this.catalogue.add(stream);
      this.byAddress.set(owner.address, (this.byAddress.get(owner.address) ?? 0) + 1);
      stream.onEnd = () => {
        this.count--;
        this.catalogue.delete(stream);
        const left = (this.byAddress.get(owner.address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(owner.address, left);
        else this.byAddress.delete(owner.address);
      };
    }
  }

  /** The user's open streams on this instance (a copy: delivering may end some). */
  ofUser(userId: string): readonly LiveStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  ofCatalogue(): readonly LiveStream[] {
    return [...this.catalogue];
  }

  /** Every stream's heartbeat, carrying `position` where it moved past the client's (LiveStream.heartbeat). */
  heartbeat(position: bigint | undefined): Promise<void> {
    return inTurns([...this.everyOpenStream()], (stream) => stream.heartbeat(position));
  }

  onModuleDestroy(): void {
    this.closing = true;
    this.everyStream((stream) => stream.end());
  }

  private forgetUserStream(userId: string, stream: LiveStream): void {
    this.count--;
    const streams = this.byUser.get(userId);
    if (!streams) return;
    const at = streams.indexOf(stream);
    if (at >= 0) streams.splice(at, 1);
    if (streams.length === 0) this.byUser.delete(userId);
  }

  private everyStream(action: (stream: LiveStream) => void): void {
    for (const stream of [...this.everyOpenStream()]) action(stream);
  }

  private *everyOpenStream(): Iterable<LiveStream> {
    for (const streams of this.byUser.values()) yield* streams;
    yield* this.catalogue;
  }
}

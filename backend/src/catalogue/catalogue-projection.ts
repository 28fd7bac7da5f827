import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_STORE, EventStore } from '../event-store/event-store.port';
import { TimeSlices } from '../shared/time-slices';
import { CatalogueListener, CatalogueState, VideoRecord } from './catalogue-state';
import { VideoSearch } from './search/video-search';

/** How long a write's answer waits for this instance's catalogue to show it before answering anyway. */
const WAIT_TIMEOUT_MS = 10_000;
const RETRY_MS = 500;

/**
 * The catalogue each instance holds in process (docs/design/catalogue.md, "The catalogue read side"):
 * it follows the whole log from its start, folds the catalogue's events and the likes and views into
 * CatalogueState, and keeps the search index beside it. `version` moves with every change an answer
 * shows, so that cached answers and ETags follow each change.
 */
@Injectable()
export class CatalogueProjection implements OnApplicationShutdown {
  private readonly logger = new Logger(CatalogueProjection.name);
  readonly search = new VideoSearch();
  readonly state: CatalogueState;
  private applied: bigint | undefined;
  private changes = 0;
  private shapeChanges = 0;
  private readonly stop = new AbortController();
  private waiters: { position: bigint; resolve: () => void }[] = [];
  private running: Promise<void> | undefined;
  private readonly changeListeners: ((videoId: string | undefined) => void)[] = [];

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    const listener: CatalogueListener = {
      videoChanged: (video) => this.videoChanged(video),
      countsChanged: (videoId) => this.countsChanged(videoId),
      categoriesChanged: () => {
        this.shapeChanges++;
        this.changed(undefined);
      },
    };
    this.state = new CatalogueState(listener);
  }

  /** Every change a catalogue answer shows moves this number (answer caches, ETags). */
  get version(): number {
    return this.changes;
  }

  /** Moves when a video or a category changes, not when a count does (what channels are made of). */
  get shapeVersion(): number {
    return this.shapeChanges;
  }

  /** Called with the video that changed (undefined: a category), after the state shows it. */
  onChange(listener: (videoId: string | undefined) => void): void {
    this.changeListeners.push(listener);
  }

  /** Follows the log; resolves once everything stored before the call is in the catalogue. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = this.follow();
    await this.catchUp();
    this.logger.log(`Catalogue ready: ${this.search.size} videos, ${this.state.categories.size} categories`);
  }

  /** Resolves once everything stored before the call is in this instance's catalogue. */
  async catchUp(): Promise<void> {
    await this.waitFor(await this.store.headPosition(), Number.POSITIVE_INFINITY);
  }

  /** Resolves once the event at `position` is in this instance's catalogue (or after the timeout). */
  waitFor(position: bigint | undefined, timeoutMs = WAIT_TIMEOUT_MS): Promise<void> {
    if (position === undefined || (this.applied !== undefined && this.applied >= position)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      if (Number.isFinite(timeoutMs)) setTimeout(resolve, timeoutMs).unref();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await this.running?.catch(() => undefined);
  }

  private async follow(): Promise<void> {
    while (!this.stop.signal.aborted) {
      try {
        for await (const batch of this.store.subscribeToAll({ after: this.applied, signal: this.stop.signal })) {
          // Folded in slices of a few milliseconds (a batch of 512 published videos is ~50 ms of indexing), each
          // one batch for the search index: its kept orders take the slice's new videos at its end.
          const slices = new TimeSlices();
          for (let at = 0; at < batch.length;) {
            this.search.batch(() => {
              do this.state.apply(batch[at++]!);
              while (at < batch.length && (at % 8 !== 0 || !slices.due()));
            });
            this.advance(batch[at - 1]!.position);
            if (at < batch.length) await slices.next();
          }
        }
      } catch (error) {
        if (this.stop.signal.aborted) return;
        this.logger.warn(`Following the log failed, retrying: ${(error as Error).message}`);
        await sleep(RETRY_MS, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
    }
  }

  private advance(position: bigint): void {
    this.applied = position;
    const ready = this.waiters.filter((waiter) => waiter.position <= position);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => waiter.position > position);
    for (const waiter of ready) waiter.resolve();
  }

  private videoChanged(video: VideoRecord): void {
    const { title, description, channel, categoryId } = video.fields;
    this.shapeChanges++;
    this.search.upsert({
      id: video.id,
      title,
      description,
      channel,
      categoryId,
      publishedAt: video.publishedAt,
      seq: video.seq,
      retired: video.retired,
    });
    this.countsChanged(video.id);
  }

  private countsChanged(videoId: string): void {
    const video = this.state.videos.get(videoId);
    if (video) {
      const counts = this.state.counts(videoId);
      this.search.setCounts(videoId, { ...counts, popularity: video.baseLikes + counts.likeCount });
    }
    this.changed(videoId);
  }

  private changed(videoId: string | undefined): void {
    this.changes++;
    for (const listener of this.changeListeners) listener(videoId);
  }
}

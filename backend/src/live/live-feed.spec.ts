import type { ServerResponse } from 'node:http';
import type { Authenticator } from '../auth/authenticator';
import type { CatalogueProjection } from '../catalogue/catalogue-projection';
import type { AppConfig } from '../config/app-config';
import type { EventStore } from '../event-store/event-store.port';
import type { StoredEvent } from '../events/event';
import type { Projector } from '../projections/projector';
import { LiveFeed } from './live-feed';
import { LiveStream } from './live-stream';
import { LiveStreams } from './live-streams';
import { UnreadResponse } from './live.spec-helper';

const LIVE = { heartbeatMs: 60_000, streamsPerUser: 10, streamsMax: 100, publicStreamsPerAddress: 5, memoryPerUser: 10, memoryMs: 60_000 };
const config = { live: LIVE } as unknown as AppConfig;

/** A like by user u at position 7: the one event the fake log holds. */
const LIKE: StoredEvent = {
  id: 'e7',
  type: 'VideoLiked',
  data: { userId: 'u', video: { _id: 'v' } },
  streamId: 'likes-u',
  revision: 0,
  position: 7n,
  metadata: {},
  createdAt: '2026-11-26T00:00:00.000Z',
};

/** Video v<i> published at position 10 + i: a catalogue change. */
const published = (i: number): StoredEvent => ({
  ...LIKE,
  id: `p${i}`,
  type: 'VideoPublished',
  streamId: `video-v${i}`,
  data: { videoId: `v${i}` },
  position: BigInt(10 + i),
});

/** A log that hands over its batches, one per turn, then waits for the next as a store does until the feed stops. */
function logOf(...batches: StoredEvent[][]): EventStore {
  return {
    headPosition: async () => undefined,
    async *subscribeToAll(options?: { signal?: AbortSignal }) {
      for (const batch of batches) {
        yield batch;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!options?.signal?.aborted) await new Promise((resolve) => options?.signal?.addEventListener('abort', resolve));
    },
  } as unknown as EventStore;
}

/** A feed over a fake log of `events` whose read model answers each wait with `waitFor`; the catalogue shows everything. */
function feedOver(events: StoredEvent[] | StoredEvent[][], waitFor: () => Promise<void>) {
  const streams = new LiveStreams(config);
  const projector = { waitFor } as unknown as Projector;
  const catalogue = { waitFor: () => Promise.resolve() } as unknown as CatalogueProjection;
  const authenticator = { authenticate: async () => ({ _id: 'u' }) } as unknown as Authenticator;
  const batches = Array.isArray(events[0]) ? (events as StoredEvent[][]) : [events as StoredEvent[]];
  return { feed: new LiveFeed(logOf(...batches), config, projector, catalogue, streams, authenticator), streams };
}

/** A feed over the fake log whose read model shows (or never shows) what it is waited for, with u's stream open. */
async function feedWith(readModelShows: boolean) {
  const { feed, streams } = feedOver([LIKE], () => (readModelShows ? Promise.resolve() : Promise.reject(new Error('READ_MODEL_LAGGING'))));
  const response = new UnreadResponse();
  streams.add(new LiveStream({ kind: 'user', userId: 'u', authorization: 'token' }, response as unknown as ServerResponse));
  await feed.onApplicationBootstrap();
  // The batch is routed and its wait settled within a few turns of the event loop.
  for (let i = 0; i < 10 && response.chunks.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
  return { feed, streams, written: response.chunks.join('') };
}

describe('LiveFeed: a change goes out once the read model shows it', () => {
  test('shown: the stream gets the change, with its position as id', async () => {
    const { feed, streams, written } = await feedWith(true);
    expect(written).toBe(`id: 7\nevent: change\ndata: ${JSON.stringify({ what: 'likes', type: 'VideoLiked', position: '7' })}\n\n`);
    expect(feed.userChangesSince('u', 0n)).toEqual([{ what: 'likes', type: 'VideoLiked', position: '7' }]);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });

  test('toldThrough: the log position every change has been told through, held back while one waits for the read model', async () => {
    let show: () => void = () => undefined;
    const { feed, streams } = feedOver(
      [{ ...LIKE, id: 'e5', position: 5n, streamId: 'unrouted-x' }, LIKE],
      () => new Promise<void>((resolve) => (show = resolve)),
    );
    await feed.onApplicationBootstrap();
    for (let i = 0; i < 10 && feed.toldThrough() === undefined; i++) await new Promise((resolve) => setImmediate(resolve));
    // The like (7) waits for the read model: everything before it is told, not the like.
    expect(feed.toldThrough()).toBe(6n);
    show();
    for (let i = 0; i < 10 && feed.toldThrough() === 6n; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(feed.toldThrough()).toBe(7n);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });

  test('a change the read model did not show within its wait holds toldThrough back until it does', async () => {
    let waits = 0;
    // The route's wait and the first wait again both give up (as each does at its timeout); the third finds it shown.
    const { feed, streams } = feedOver([LIKE], () => (++waits <= 2 ? Promise.reject(new Error('READ_MODEL_LAGGING')) : Promise.resolve()));
    await feed.onApplicationBootstrap();
    for (let i = 0; i < 10 && feed.toldThrough() === undefined; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(feed.toldThrough()).toBe(6n);
    // Remembered for a resume all the same.
    expect(feed.userChangesSince('u', 0n)).toHaveLength(1);
    // The third wait, half a second after the second gave up, finds it shown.
    const deadline = Date.now() + 3000;
    while (feed.toldThrough() === 6n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waits).toBe(3);
    expect(feed.toldThrough()).toBe(7n);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });

  test('not shown within the wait: a reset instead (a refetch then could read a stale answer), and the change is still remembered for a resume', async () => {
    const { feed, streams, written } = await feedWith(false);
    expect(written).toBe('event: reset\ndata: {}\n\n');
    expect(written).not.toContain('event: change');
    expect(feed.userChangesSince('u', 0n)).toEqual([{ what: 'likes', type: 'VideoLiked', position: '7' }]);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });

  test('the catalogue changes of batches shown within 100 ms of a message go out together at the end of that window', async () => {
    const { feed, streams } = feedOver([[published(0)], [published(1)], [published(2)]], () => Promise.resolve());
    const response = new UnreadResponse();
    streams.add(new LiveStream({ kind: 'catalogue', address: '127.0.0.1' }, response as unknown as ServerResponse));
    await feed.onApplicationBootstrap();
    for (let i = 0; i < 20 && response.chunks.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    // The first at once (nothing was sent before it); the two after it wait for the window to end.
    expect(response.chunks).toHaveLength(1);
    expect(response.chunks[0]).toContain('"videoId":"v0"');
    expect(feed.toldThrough()).toBe(10n);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const message = { what: 'catalogue', videoIds: ['v1', 'v2'], count: 2, type: 'VideoPublished', position: '12' };
    expect(response.chunks).toEqual([response.chunks[0], `id: 12\nevent: change\ndata: ${JSON.stringify(message)}\n\n`]);
    expect(feed.toldThrough()).toBe(12n);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });

  test('a batch of many catalogue changes (an import) reaches each catalogue stream as one message at its last position, remembered once', async () => {
    const { feed, streams } = feedOver([LIKE, ...Array.from({ length: 30 }, (_, i) => published(i))], () => Promise.resolve());
    const responses = [new UnreadResponse(), new UnreadResponse()];
    for (const response of responses)
      streams.add(new LiveStream({ kind: 'catalogue', address: '127.0.0.1' }, response as unknown as ServerResponse));
    await feed.onApplicationBootstrap();
    for (let i = 0; i < 10 && responses[1]!.chunks.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    const message = { what: 'catalogue', count: 30, type: 'VideoPublished', position: '39' };
    for (const response of responses) expect(response.chunks).toEqual([`id: 39\nevent: change\ndata: ${JSON.stringify(message)}\n\n`]);
    expect(feed.catalogueChangesSince(0n)).toEqual([message]);
    expect(feed.toldThrough()).toBe(39n);
    await feed.onModuleDestroy();
    streams.onModuleDestroy();
  });
});

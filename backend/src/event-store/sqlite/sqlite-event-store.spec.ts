import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../../events/event';
import { SqliteEventStore } from './sqlite-event-store';

describe('SqliteEventStore subscribeToAll (rows read as arrays)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-subscribe-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('yields every stored event with the same fields, values and types as readStream', async () => {
    const metadata = { $correlationId: 'req-1', $causationId: 'cmd-1', causedBy: 'LikeVideo', traceparent: '00-ab-cd-01', v: 2 };
    await store.appendToStream('likes-u1', [{ type: 'VideoLiked', data: { userId: 'u1', videoId: 'v1' }, metadata }], 'no_stream');
    await store.appendToStream(
      'history-u2',
      [
        { type: 'VideoWatched', data: { userId: 'u2', videoId: 'v2', title: 'Zoë 😀 "quoted"\n' } },
        { type: 'HistoryCleared', data: { userId: 'u2', nested: { a: [1, null, true] } } },
      ],
      'no_stream',
    );
    await store.appendToStream('likes-u1', [{ type: 'VideoUnliked', data: { userId: 'u1', videoId: 'v1' } }], 0);
    const expected = [
      ...(await store.readStream('likes-u1')).slice(0, 1),
      ...(await store.readStream('history-u2')),
      ...(await store.readStream('likes-u1')).slice(1),
    ];

    const seen: StoredEvent[] = [];
    const stop = new AbortController();
    for await (const batch of store.subscribeToAll({ maxBatch: 3, signal: stop.signal })) {
      seen.push(...batch);
      if (seen.length >= 4) stop.abort();
    }
    expect(seen).toEqual(expected);
    expect(seen.map((e) => [typeof e.position, typeof e.revision])).toEqual(Array(4).fill(['bigint', 'number']));
    expect(seen.map((e) => e.position)).toEqual([1n, 2n, 3n, 4n]);
    expect(seen[0]).toEqual({
      id: expect.any(String),
      streamId: 'likes-u1',
      revision: 0,
      position: 1n,
      type: 'VideoLiked',
      data: { userId: 'u1', videoId: 'v1' },
      metadata,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('resumes after a position, in batches of at most maxBatch', async () => {
    for (let i = 0; i < 5; i++) await store.appendToStream(`s-${i}`, [{ type: 'T', data: { i } }], 'no_stream');
    const sizes: number[] = [];
    const positions: bigint[] = [];
    const stop = new AbortController();
    for await (const batch of store.subscribeToAll({ after: 1n, maxBatch: 2, signal: stop.signal })) {
      sizes.push(batch.length);
      positions.push(...batch.map((e) => e.position));
      if (positions.length >= 4) stop.abort();
    }
    expect(sizes).toEqual([2, 2]);
    expect(positions).toEqual([2n, 3n, 4n, 5n]);
  });
});

import { describe, expect, test } from 'vitest';
import { createMoveQueue, movesOf } from './move-queue';
import { moveVideo } from './playlists-api';
import type { Video } from '@/lib/types';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the playlist move queue', () => {
  test('moves are sent one at a time, in the order they were made', async () => {
    const queue = createMoveQueue();
    const started: string[] = [];
    const first = deferred<string>();
    const a = queue.send(() => (started.push('a'), first.promise));
    const b = queue.send(async () => (started.push('b'), 'b'));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    first.resolve('a');
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(started).toEqual(['a', 'b']);
  });

  test('a failed move does not stop the ones after it', async () => {
    const queue = createMoveQueue();
    const failed = queue.send(() => Promise.reject(new Error('offline')));
    const next = queue.send(async () => 'sent');
    await expect(failed).rejects.toThrow('offline');
    await expect(next).resolves.toBe('sent');
  });

  test('only the last move of a playlist still on its way settles the list', async () => {
    const queue = createMoveQueue();
    const seen: Record<string, boolean> = {};
    const firstAnswer = deferred<void>();
    const first = queue.track('p1', async (isLast) => {
      await firstAnswer.promise;
      seen.first = isLast();
    });
    const second = queue.track('p1', async (isLast) => {
      seen.secondWhileFirstOnItsWay = isLast();
    });
    const other = queue.track('p2', async (isLast) => void (seen.otherPlaylist = isLast()));
    await Promise.all([second, other]);
    firstAnswer.resolve();
    await first;
    expect(seen).toEqual({ secondWhileFirstOnItsWay: false, otherPlaylist: true, first: true });
  });

  test('the queue comes from the store, never from a module', () => {
    const playlistMoves = createMoveQueue();
    expect(movesOf({ playlistMoves })).toBe(playlistMoves);
    expect(() => movesOf(undefined)).toThrow(/makeStore/);
  });

  test('moveVideo moves a video to its index in the list without it, as the server does', () => {
    const videos = ['a', 'b', 'c', 'd'].map((_id) => ({ _id }) as Video);
    expect(moveVideo(videos, 'a', 2).map((v) => v._id)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveVideo(videos, 'd', 0).map((v) => v._id)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveVideo(videos, 'x', 0)).toBe(videos);
  });
});

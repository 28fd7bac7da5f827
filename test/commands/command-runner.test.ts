import type { NewEvent } from '../../backend/src/events/event';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandRunner } from '../../backend/src/commands/shared/command-runner';
import { likesList as likesDecider } from '../../backend/src/domain/video-set/video-set.list';
import { DomainError } from '../../backend/src/errors/domain-error';
import { EventStore, ExpectedRevision } from '../../backend/src/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';

const stream = 'likes-u1';
const like = (videoId: string) => ({ type: 'AddVideo' as const, userId: 'u1', videoId });

/** A second connection on the same file: another process as far as this runner can tell. */
function withRivalBeforeEachAppend(store: EventStore, rival: SqliteEventStore, times: number): EventStore {
  let left = times;
  return Object.assign(Object.create(store), {
    appendToStream: async (s: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
      if (left-- > 0) await rival.appendToStream(s, [{ type: 'VideoLiked', data: { userId: 'u1', videoId: `rival-${left}` } }], 'any');
      return store.appendToStream(s, events, expected);
    },
  });
}

describe('command runner', () => {
  let dir: string;
  let store: SqliteEventStore;
  let rival: SqliteEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-runner-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    rival = SqliteEventStore.open(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    await rival.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const likedIds = async () => (await store.readStream(stream)).map((e) => (e.data as { videoId: string }).videoId);

  test('concurrent commands on one stream in one process all land, in order, without conflicts', async () => {
    const runner = new CommandRunner(store);
    const videos = Array.from({ length: 30 }, (_, i) => `v${i}`);
    await Promise.all(videos.map((v) => runner.run(stream, likesDecider, like(v))));
    expect(await likedIds()).toEqual(videos);
  });

  test('a write by another process in between is seen: the command is decided again on fresh state', async () => {
    const runner = new CommandRunner(store);
    await runner.run(stream, likesDecider, like('a'));
    // The rival likes "b" after our cached read; our like of "b" must then be a duplicate.
    await rival.appendToStream(stream, [{ type: 'VideoLiked', data: { userId: 'u1', videoId: 'b' } }], 0);
    await expect(runner.run(stream, likesDecider, like('b'))).rejects.toMatchObject({ code: 'ALREADY_LIKED' });
    expect(await likedIds()).toEqual(['a', 'b']);
  });

  test('a conflict on append is retried and the command still lands once', async () => {
    const runner = new CommandRunner(withRivalBeforeEachAppend(store, rival, 2));
    const result = await runner.run(stream, likesDecider, like('mine'));
    expect(await likedIds()).toEqual(['rival-1', 'rival-0', 'mine']);
    expect(result.position).toBe(await store.headPosition());
  });

  test('retries are bounded: a stream that never settles answers BUSY and writes nothing of ours', async () => {
    const runner = new CommandRunner(withRivalBeforeEachAppend(store, rival, 1000));
    const error = await runner.run(stream, likesDecider, like('mine')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('BUSY');
    expect(await likedIds()).not.toContain('mine');
  });

  test('a command that decides nothing appends nothing and reports the position it saw', async () => {
    const runner = new CommandRunner(store);
    const first = await runner.run(stream, likesDecider, like('a'));
    const noop = await runner.run(stream, likesDecider, { type: 'RemoveVideo', userId: 'u1', videoId: 'absent' });
    expect(noop.position).toBe(first.position);
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});

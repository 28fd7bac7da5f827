import type { NewEvent } from '../../backend/src/events/event';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CappedRunner } from '../../backend/src/commands/shared/capped-runner';
import { CommandRunner } from '../../backend/src/commands/shared/command-runner';
import type { AppConfig } from '../../backend/src/config/app-config';
import { CapReached } from '../../backend/src/errors/cap-reached';
import { EventStore, ExpectedRevision } from '../../backend/src/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { streams } from '../../backend/src/events/app-events';
import { LibraryCheckpoints } from '../../backend/src/library-checkpoints/library-checkpoints';
import { CLAIM_IN_FLIGHT_MS } from '../../backend/src/domain/capped';
import { playlistList } from '../../backend/src/domain/playlist/playlist.list';
import type { ReadModel } from '../../backend/src/read-model/read-model.port';

/**
 * The playlist cap as the write side decides it (commands/shared/capped-runner.ts), on a real SQLite
 * store, with a read model that has projected nothing: the newest playlists are known by their
 * claims only, as on an instance whose projection is behind.
 */
const USER = 'u1';
const CONFIG = { libraryCaps: { playlistsPerUser: 3, videosPerPlaylist: 10, importEntries: 100 } } as AppConfig;
const NOTHING_PROJECTED = { checkpoint: async () => undefined, playlistIdsEver: async () => [] } as unknown as ReadModel;

const create = (playlistId: string) => ({ type: 'CreatePlaylist' as const, userId: USER, playlistId, title: playlistId });
const remove = (playlistId: string) => ({ type: 'DeletePlaylist' as const, userId: USER, playlistId });

describe('capped runner: the playlist cap decided on the user’s slots stream', () => {
  let dir: string;
  let store: SqliteEventStore;
  let rival: SqliteEventStore;
  let offset: number;

  /** A runner as one process has it; its time is the system's plus `offset`. */
  const cappedOn = (events: EventStore) =>
    new CappedRunner(CONFIG, new CommandRunner(events), new LibraryCheckpoints(events, NOTHING_PROJECTED), () => Date.now() + offset);
  const run = (runner: CappedRunner, command: ReturnType<typeof create> | ReturnType<typeof remove>) =>
    runner.run(streams.playlist(command.playlistId), playlistList, command);
  const outcome = (write: Promise<unknown>) =>
    write.then(
      () => 'written',
      (error: unknown) => (error instanceof CapReached ? error.code : error),
    );
  const claims = async () =>
    (await store.readStream(streams.playlistSlots(USER))).map((e) =>
      (e.data as { playlists: { playlistId: string }[] }).playlists.map((p) => p.playlistId),
    );

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-capped-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    rival = SqliteEventStore.open(join(dir, 'events.sqlite'));
    offset = 0;
  });
  afterEach(async () => {
    await store.close();
    await rival.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('playlists the library does not show yet are counted from their claims; a deleted one frees its slot at once', async () => {
    const runner = cappedOn(store);
    for (const id of ['p1', 'p2', 'p3']) expect(await outcome(run(runner, create(id)))).toBe('written');
    expect(await outcome(run(runner, create('p4')))).toBe('PLAYLIST_CAP_REACHED');
    await run(runner, remove('p1'));
    expect(await outcome(run(runner, create('p4')))).toBe('written');
    // Refused creations claim nothing.
    expect(await claims()).toEqual([['p1'], ['p2'], ['p3'], ['p4']]);
  });

  test('a claim whose write never came counts while it still may (CLAIM_IN_FLIGHT_MS), then no more', async () => {
    const runner = cappedOn(store);
    for (const id of ['p1', 'p2']) await run(runner, create(id));
    const stopped = runner.underCap(USER, playlistList, () => ({
      activates: [{ id: 'lost', after: -1 }],
      write: () => Promise.reject(new Error('the process stopped between its two appends')),
    }));
    await expect(stopped).rejects.toThrow('the process stopped');
    expect(await outcome(run(runner, create('p3')))).toBe('PLAYLIST_CAP_REACHED');
    offset = CLAIM_IN_FLIGHT_MS;
    expect(await outcome(run(runner, create('p3')))).toBe('written');
  });

  test('another process claiming between the count and the claim makes the count again: the last slot is taken once', async () => {
    const other = cappedOn(rival);
    for (const id of ['p1', 'p2']) await run(other, create(id));
    // Just before this process appends its claim, the other one takes the last slot (claim and creation).
    let raced = false;
    const racing: EventStore = Object.assign(Object.create(store), {
      appendToStream: async (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
        if (stream === streams.playlistSlots(USER) && !raced) {
          raced = true;
          expect(await outcome(run(other, create('theirs')))).toBe('written');
        }
        return store.appendToStream(stream, events, expected);
      },
    });
    expect(await outcome(run(cappedOn(racing), create('mine')))).toBe('PLAYLIST_CAP_REACHED');
    expect(raced).toBe(true);
    expect(await store.readStream(streams.playlist('mine'))).toEqual([]);
    expect(await claims()).toEqual([['p1'], ['p2'], ['theirs']]);
  });

  test('a write still making playlists active long after its claim claims the rest again before going on', async () => {
    const runner = cappedOn(store);
    await runner.underCap(USER, playlistList, () => ({
      activates: ['a', 'b', 'c'].map((id) => ({ id, after: -1 })),
      write: async (sink) => {
        await sink.run(streams.playlist('a'), playlistList, create('a'));
        offset = CLAIM_IN_FLIGHT_MS / 2 + 1;
        await sink.run(streams.playlist('b'), playlistList, create('b'));
        await sink.run(streams.playlist('c'), playlistList, create('c'));
      },
    }));
    expect(await claims()).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
    ]);
    expect(await outcome(run(runner, create('d')))).toBe('PLAYLIST_CAP_REACHED');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { streams } from '../../backend/src/events/app-events';
import { generateActivity, generateSharingAndProgress } from '../support/event-generator';
import { rebuildInMemory, snapshot } from '../support/read-model-snapshot';

// "Equal to a full rebuild" (replay, faults, partitions, scale-out) is only as strong as what snapshot()
// reads: a model that lost a visibility change or a progress entry must not compare equal.
describe('snapshot() of a rebuilt read model', () => {
  let dir: string;
  let store: SqliteEventStore;
  let userIds: string[];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-rebuild-snapshot-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    userIds = (await generateActivity(store, 300)).userIds;
    await generateSharingAndProgress(store, userIds);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A rebuild after one more event was appended: the model `before` was read from had not seen it. */
  async function rebuiltWithOneMore(stream: string, type: string, data: Record<string, unknown>) {
    await store.appendToStream(stream, [{ type, data }], 'stream_exists');
    return (await rebuildInMemory(store)).model;
  }

  test('reads the shared playlists, the public listing and progress, and two rebuilds compare equal', async () => {
    const first = await snapshot((await rebuildInMemory(store)).model, userIds);
    expect(await snapshot((await rebuildInMemory(store)).model, userIds)).toEqual(first);
    const shared = Object.values(first.shared) as { ownerId: string; playlist: { visibility: string } }[];
    expect(shared.map((s) => s.playlist.visibility).sort()).toEqual(expect.arrayContaining(['public', 'unlisted']));
    expect(first.publicListing.length).toBeGreaterThan(0);
    expect(Object.values(first.users).some((u) => (u as { progress: unknown[] }).progress.length > 0)).toBe(true);
  });

  test('a public playlist made private in one model only: the shared index and the listing differ', async () => {
    const before = await snapshot((await rebuildInMemory(store)).model, userIds);
    const [playlistId, entry] = Object.entries(before.shared).find(
      ([, s]) => (s as { playlist: { visibility: string } }).playlist.visibility === 'public',
    )! as [string, { ownerId: string }];
    const after = await snapshot(
      await rebuiltWithOneMore(streams.playlist(playlistId), 'PlaylistVisibilityChanged', {
        playlistId,
        userId: entry.ownerId,
        visibility: 'private',
      }),
      userIds,
    );
    expect(after.shared[playlistId]).toBeUndefined();
    expect(after.publicListing.map((p) => p._id)).not.toContain(playlistId);
    expect(after.publicListing.length).toBe(before.publicListing.length - 1);
  });

  test('a progress entry recorded in one model only: that user differs', async () => {
    const before = await snapshot((await rebuildInMemory(store)).model, userIds);
    const userId = userIds[0]!;
    const after = await snapshot(
      await rebuiltWithOneMore(streams.progress(userId), 'PlaybackProgressRecorded', {
        userId,
        videoId: 'fresh-video',
        seconds: 42,
        at: '2026-11-21T12:00:00.000Z',
      }),
      userIds,
    );
    expect((after.users[userId] as { progress: { videoId: string }[] }).progress.map((p) => p.videoId)).toContain('fresh-video');
    expect(after.users[userIds[1]!]).toEqual(before.users[userIds[1]!]);
  });
});

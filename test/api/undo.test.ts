import fc from 'fast-check';
import { ApiClient } from '../support/api-client';
import { ACTION_KINDS, Action, ActionKind, nextMillisecond, perform, readLists } from '../support/library-actions';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

const NOTHING_TO_UNDO = { status: 409, body: { errors: ['There is nothing to undo.'] } };

/** Everything the user would notice: the served lists, and the export (watch times, settings, descriptions). */
async function library(client: ApiClient) {
  // The library only: the timeline (in the export since erasure came) grows with every action, undo included.
  const { exportedAt: _at, activity: _activity, ...document } = (await client.get('/user/export')).body;
  return { lists: await readLists(client), document };
}

async function newestActivity(client: ApiClient): Promise<{ position: string; type: string } | undefined> {
  return (await client.get('/user/activity?limit=1')).body.activity[0];
}

describe.each(READ_MODEL_VARIANTS)('POST /user/undo on the %s read model', (variantName) => {
  // A library checkpoint every 3 events: the answers come from many checkpoints and the events
  // between them, and must equal what the whole history folded gives.
  const app = useAppOn(variantName, { env: { LIBRARY_CHECKPOINT_EVERY: '3' } });

  /** A user with something in every list: a reordered playlist with a description and a second playlist. */
  async function userWithLibrary() {
    const { client, userId } = await app.guest.signUpUser('Undoer');
    for (const id of app.videoIds.slice(0, 3)) await client.post('/user/likes', { video: { _id: id } });
    for (const id of app.videoIds.slice(3, 5)) await client.post('/user/watchlater', { video: { _id: id } });
    for (const id of app.videoIds.slice(5, 8)) {
      await client.post('/user/history', { video: { _id: id } });
      await nextMillisecond();
    }
    const p1 = (await client.post('/user/playlists', { playlist: { title: 'First', description: 'kept' } })).body.playlists[0]._id;
    for (const id of app.videoIds.slice(0, 3)) await client.post(`/user/playlists/${p1}`, { video: { _id: id } });
    await client.post(`/user/playlists/${p1}/reorder`, { videoId: app.videoIds[2], toIndex: 0 });
    await client.post('/user/playlists', { playlist: { title: 'Second' } });
    return { client, userId, p1 };
  }

  const kinds: [string, string, (c: ApiClient, p1: string) => Promise<{ status: number }>][] = [
    ['like', 'VideoLiked', (c) => c.post('/user/likes', { video: { _id: app.videoIds[8] } })],
    ['unlike (from the middle)', 'VideoUnliked', (c) => c.delete(`/user/likes/${app.videoIds[1]}`)],
    ['save', 'VideoAddedToWatchLater', (c) => c.post('/user/watchlater', { video: { _id: app.videoIds[8] } })],
    ['unsave', 'VideoRemovedFromWatchLater', (c) => c.delete(`/user/watchlater/${app.videoIds[3]}`)],
    ['watch', 'VideoWatched', (c) => c.post('/user/history', { video: { _id: app.videoIds[8] } })],
    ['remove from history', 'VideoRemovedFromHistory', (c) => c.delete(`/user/history/${app.videoIds[6]}`)],
    ['clear history', 'HistoryCleared', (c) => c.delete('/user/history/all')],
    ['remove history before now', 'HistoryRemovedBefore', (c) => c.delete(`/user/history?before=${new Date().toISOString()}`)],
    ['create playlist', 'PlaylistCreated', (c) => c.post('/user/playlists', { playlist: { title: 'Third' } })],
    ['delete playlist', 'PlaylistDeleted', (c, p1) => c.delete(`/user/playlists/${p1}`)],
    [
      'change details',
      'PlaylistDetailsChanged',
      (c, p1) => c.request('PATCH', `/user/playlists/${p1}`, { title: 'Renamed', description: '' }),
    ],
    ['reorder', 'PlaylistReordered', (c, p1) => c.post(`/user/playlists/${p1}/reorder`, { videoId: app.videoIds[0], toIndex: 2 })],
    ['add to playlist', 'VideoAddedToPlaylist', (c, p1) => c.post(`/user/playlists/${p1}`, { video: { _id: app.videoIds[9] } })],
    ['remove from playlist (from the middle)', 'VideoRemovedFromPlaylist', (c, p1) => c.delete(`/user/playlists/${p1}/${app.videoIds[0]}`)],
  ];

  test.each(kinds)('undoing "%s" answers with that %s and restores everything as it was before', async (_name, type, act) => {
    const { client, p1 } = await userWithLibrary();
    const before = await library(client);
    const action = await act(client, p1);
    expect(action.status).toBeLessThan(300);
    const done = await newestActivity(client);
    expect(done?.type).toBe(type);
    expect(await library(client)).not.toEqual(before);

    const res = await client.post('/user/undo');
    expect(res.status).toBe(200);
    // The answer is the reverted action exactly as the activity timeline renders it.
    const timeline = (await client.get('/user/activity?limit=100')).body.activity;
    expect(res.body).toEqual({ undone: timeline.find((item: { position: string }) => item.position === done!.position), skipped: [] });
    expect(await library(client)).toEqual(before);
  });

  test('repeated undos walk back through the actions; then there is nothing to undo', async () => {
    const { client } = await app.guest.signUpUser('Stack');
    const states = [await readLists(client)];
    const playlistId = (await client.post('/user/playlists', { playlist: { title: 'P' } })).body.playlists[0]._id;
    states.push(await readLists(client));
    for (const write of [
      () => client.post(`/user/playlists/${playlistId}`, { video: { _id: app.videoIds[0] } }),
      () => client.post('/user/likes', { video: { _id: app.videoIds[0] } }),
      () => client.post(`/user/playlists/${playlistId}`, { video: { _id: app.videoIds[1] } }),
      () => client.delete(`/user/likes/${app.videoIds[0]}`),
      () => client.delete(`/user/playlists/${playlistId}`),
    ]) {
      expect((await write()).status).toBeLessThan(300);
      states.push(await readLists(client));
    }
    for (let i = states.length - 2; i >= 0; i--) {
      expect((await client.post('/user/undo')).status).toBe(200);
      expect(await readLists(client)).toEqual(states[i]);
    }
    expect(await client.post('/user/undo')).toMatchObject(NOTHING_TO_UNDO);
  });

  test('undo appends a compensation and deletes nothing; pausing and resuming are walked past', async () => {
    const { client, userId } = await app.guest.signUpUser('Appender');
    await client.post('/user/likes', { video: { _id: app.videoIds[0] } });
    await client.request('PUT', '/user/settings', { historyPaused: true });
    const likesBefore = await app.server.store.readStream(`likes-${userId}`);
    const undone = await client.post('/user/undo');
    expect(undone.body.undone).toMatchObject({ type: 'VideoLiked', video: { _id: app.videoIds[0] } });
    const likesAfter = await app.server.store.readStream(`likes-${userId}`);
    expect(likesAfter.slice(0, likesBefore.length)).toEqual(likesBefore);
    expect(likesAfter.slice(likesBefore.length).map((e) => [e.type, e.data])).toEqual([
      ['VideoUnliked', { userId, videoId: app.videoIds[0], undoes: likesBefore[0]!.position.toString() }],
    ]);
    expect((await client.get('/user/settings')).body.settings).toEqual({ historyPaused: true, historyRetention: 'off' });
    expect(await client.post('/user/undo')).toMatchObject(NOTHING_TO_UNDO);
  });

  test('concurrent undos each revert a different action', async () => {
    const { client } = await app.guest.signUpUser('Racer');
    await client.post('/user/likes', { video: { _id: app.videoIds[0] } });
    await client.post('/user/watchlater', { video: { _id: app.videoIds[0] } });
    await client.post('/user/likes', { video: { _id: app.videoIds[1] } });
    const answers = await Promise.all([1, 2, 3].map(() => client.post('/user/undo')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.undone.position)).size).toBe(3);
    expect(await readLists(client)).toEqual({ likes: [], watchlater: [], history: [], playlists: [] });
  });

  test('a user’s undo never touches another user’s lists', async () => {
    const alice = (await app.guest.signUpUser('Alice')).client;
    const bob = (await app.guest.signUpUser('Bob')).client;
    await alice.post('/user/likes', { video: { _id: app.videoIds[0] } });
    expect(await bob.post('/user/undo')).toMatchObject(NOTHING_TO_UNDO);
    await bob.post('/user/likes', { video: { _id: app.videoIds[1] } });
    expect((await bob.post('/user/undo')).body.undone).toMatchObject({ type: 'VideoLiked', video: { _id: app.videoIds[1] } });
    expect((await readLists(alice)).likes).toEqual([app.videoIds[0]]);
  });

  test('needs the token', async () => {
    expect(await app.guest.post('/user/undo')).toMatchObject({
      status: 401,
      body: { errors: ['The token is invalid. Unauthorized access error.'] },
    });
  });
});

describe('undo, property-based: after any short sequence of actions, each undo restores the lists one action back', () => {
  const app = useAppOn('memory');

  // Undo and import are not single list actions; pausing is one the undo walks past (kept in, to prove it).
  const kinds = ACTION_KINDS.filter((k): k is ActionKind => k !== 'undo' && k !== 'importCsv');
  const action: fc.Arbitrary<Action> = fc.record({ kind: fc.constantFrom(...kinds), a: fc.nat(999), b: fc.nat(999) });

  test('fast-check', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 6 }), async (actions) => {
        const { client } = await app.guest.signUpUser('Prop');
        // Start from a library with something in every list, so that removals and reorders have material.
        const seeded = await client.post('/user/import', {
          format: 'techtube-library',
          version: 1,
          likes: app.videoIds.slice(0, 3),
          watchlater: app.videoIds.slice(3, 5),
          history: app.videoIds.slice(5, 8).map((videoId, i) => ({ videoId, watchedAt: `2026-01-0${i + 1}T10:00:00Z` })),
          playlists: [{ title: 'Seeded', videoIds: app.videoIds.slice(0, 4) }],
        });
        expect(seeded.status).toBe(200);
        const done: { position: string; before: Awaited<ReturnType<typeof readLists>> }[] = [];
        let lists = await readLists(client);
        for (const a of actions) {
          const head = await newestActivity(client);
          await perform({ client, videos: app.videoIds, lists }, a);
          const after = await newestActivity(client);
          // Only an action that stored a list event can be undone (a 409 or a no-op stores nothing).
          if (after && after.position !== head?.position && !['HistoryPaused', 'HistoryResumed'].includes(after.type)) {
            done.push({ position: after.position, before: lists });
          }
          lists = await readLists(client);
        }
        for (const { position, before } of done.reverse()) {
          const res = await client.post('/user/undo');
          expect(res.body.undone?.position).toBe(position);
          expect(await readLists(client)).toEqual(before);
        }
      }),
      { numRuns: 20 },
    );
  });
});

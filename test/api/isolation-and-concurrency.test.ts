import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

const V1 = 'OlapSPEs5YI';
const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('isolation and concurrency on the %s read model', (variantName) => {
  const app = useAppOn(variantName);

  test("two users never see or change each other's lists or playlists", async () => {
    const alice = (await app.guest.signUpUser('Alice')).client;
    const bob = (await app.guest.signUpUser('Bob')).client;
    await alice.post('/user/likes', { video: { _id: V1 } });
    await alice.post('/user/watchlater', { video: { _id: V1 } });
    await alice.post('/user/history', { video: { _id: V1 } });
    const alicePlaylist = (await alice.post('/user/playlists', { playlist: { title: 'Alice only' } })).body.playlists[0]._id;
    await alice.post(`/user/playlists/${alicePlaylist}`, { video: { _id: V1 } });

    expect((await bob.get('/user/likes')).body.likes).toEqual([]);
    expect((await bob.get('/user/watchlater/')).body.watchlater).toEqual([]);
    expect((await bob.get('/user/history')).body.history).toEqual([]);
    expect((await bob.get('/user/playlists')).body.playlists).toEqual([]);

    // Bob can neither read nor change Alice's playlist: it answers as if it did not exist.
    const notFound = { status: 404, body: { errors: ['The playlist you requested does not exist. Not Found error.'] } };
    expect(await bob.get(`/user/playlists/${alicePlaylist}`)).toMatchObject(notFound);
    expect(await bob.post(`/user/playlists/${alicePlaylist}`, { video: { _id: app.videoIds[5] } })).toMatchObject(notFound);
    expect(await bob.delete(`/user/playlists/${alicePlaylist}/${V1}`)).toMatchObject(notFound);
    expect(await bob.delete(`/user/playlists/${alicePlaylist}`)).toMatchObject(notFound);

    // Bob's own writes on the same video ids leave Alice's lists as they were.
    await bob.post('/user/likes', { video: { _id: V1 } });
    await bob.delete(`/user/likes/${V1}`);
    await bob.delete('/user/history/all');
    expect(ids((await alice.get('/user/likes')).body.likes)).toEqual([V1]);
    expect(ids((await alice.get('/user/history')).body.history)).toEqual([V1]);
    const playlist = (await alice.get(`/user/playlists/${alicePlaylist}`)).body.playlist;
    expect(playlist.title).toBe('Alice only');
    expect(ids(playlist.videos)).toEqual([V1]);
  });

  test('50 concurrent likes of one video by one user: exactly one 201, the rest 409, stored once', async () => {
    const { client } = await app.guest.signUpUser('Racer');
    const results = await Promise.all(Array.from({ length: 50 }, () => client.post('/user/likes', { video: { _id: V1 } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(ids((await client.get('/user/likes')).body.likes)).toEqual([V1]);
  });

  test('all 12 videos liked, saved and added to one playlist concurrently: all 201, all present', async () => {
    const { client } = await app.guest.signUpUser('Bulk');
    const playlistId = (await client.post('/user/playlists', { playlist: { title: 'Everything' } })).body.playlists[0]._id;
    const writes = app.videoIds.flatMap((id) => [
      client.post('/user/likes', { video: { _id: id } }),
      client.post('/user/watchlater', { video: { _id: id } }),
      client.post(`/user/playlists/${playlistId}`, { video: { _id: id } }),
    ]);
    const statuses = (await Promise.all(writes)).map((r) => r.status);
    expect(statuses).toEqual(Array(36).fill(201));
    const sorted = [...app.videoIds].sort();
    expect(ids((await client.get('/user/likes')).body.likes).sort()).toEqual(sorted);
    expect(ids((await client.get('/user/watchlater/')).body.watchlater).sort()).toEqual(sorted);
    expect(ids((await client.get(`/user/playlists/${playlistId}`)).body.playlist.videos).sort()).toEqual(sorted);
  });

  test('read-your-writes: every write answer is already visible to the next GET', async () => {
    const { client } = await app.guest.signUpUser('Ryw');
    for (const id of app.videoIds) {
      const written = await client.post('/user/history', { video: { _id: id } });
      const read = await client.get('/user/history');
      expect(ids(read.body.history)).toEqual(ids(written.body.history));
      expect(ids(read.body.history).at(-1)).toBe(id);
      await client.delete(`/user/history/${id}`);
      expect(ids((await client.get('/user/history')).body.history)).not.toContain(id);
    }
  });
});

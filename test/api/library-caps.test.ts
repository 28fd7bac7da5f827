import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, ApiResponse } from '../support/api-client';
import type { RunningApp } from '../support/app';
import { READ_MODEL_VARIANTS, readModelVariant, useAppOn } from '../support/read-models';
import { useTwoInstances } from '../support/two-instances';

/**
 * Library caps (SECURITY.md §5): playlists per user, videos per playlist and entries per import are
 * settings; a write that would pass one is refused with the error naming it, and changes nothing —
 * whether it comes from a playlist route, an import or an undo. Small caps so that the suite is fast.
 */
const CAPS = { MAX_PLAYLISTS_PER_USER: '3', MAX_VIDEOS_PER_PLAYLIST: '3', MAX_IMPORT_ENTRIES: '8' };
const PLAYLIST_CAP = (n: number) =>
  `Playlist limit reached: you can have at most ${n} playlists. Delete one before creating, importing or restoring another.`;
const VIDEO_CAP = (n: number) =>
  `Playlist size limit reached: a playlist can hold at most ${n} videos. Remove one before adding or importing more.`;
const IMPORT_CAP = 'The import holds too many entries: at most 8 (videos and playlists together). Split it into smaller files.';

const doc = (fields: object) => ({ format: 'techtube-library', version: 1, ...fields });

/** Everything a refused write must leave as it was: the user's lists and the store's head. */
async function state(server: RunningApp, client: ApiClient) {
  const [playlists, likes, head] = await Promise.all([
    client.get('/user/playlists'),
    client.get('/user/likes'),
    server.store.headPosition(),
  ]);
  return { playlists: playlists.body, likes: likes.body, head };
}

describe.each(READ_MODEL_VARIANTS)('library caps on the %s read model', (variantName) => {
  const app = useAppOn(variantName, { env: CAPS });

  async function userWithPlaylists(count: number) {
    const user = await app.guest.signUpUser('Capped');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await user.client.post('/user/playlists', { playlist: { title: `P${i}` } });
      expect(res.status).toBe(201);
      ids.push(res.body.playlists.at(-1)._id);
    }
    return { ...user, ids };
  }

  test('a playlist past MAX_PLAYLISTS_PER_USER is a 422 naming the cap, and nothing changes; deleting one makes room', async () => {
    const { client, ids } = await userWithPlaylists(3);
    const before = await state(app.server, client);
    const refused = await client.post('/user/playlists', { playlist: { title: 'One too many' } });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { errors: [PLAYLIST_CAP(3)] } });
    expect(await state(app.server, client)).toEqual(before);
    expect((await client.delete(`/user/playlists/${ids[0]}`)).status).toBe(200);
    expect((await client.post('/user/playlists', { playlist: { title: 'Now it fits' } })).status).toBe(201);
  });

  test('a video past MAX_VIDEOS_PER_PLAYLIST is a 422 naming the cap, and nothing changes; other playlists are not held back', async () => {
    const { client, ids } = await userWithPlaylists(2);
    for (const id of app.videoIds.slice(0, 3))
      expect((await client.post(`/user/playlists/${ids[0]}`, { video: { _id: id } })).status).toBe(201);
    const before = await state(app.server, client);
    const refused = await client.post(`/user/playlists/${ids[0]}`, { video: { _id: app.videoIds[3] } });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { errors: [VIDEO_CAP(3)] } });
    expect(await state(app.server, client)).toEqual(before);
    expect((await client.post(`/user/playlists/${ids[1]}`, { video: { _id: app.videoIds[3] } })).status).toBe(201);
  });

  test('an import of more than MAX_IMPORT_ENTRIES entries is a 413 naming the cap, and nothing of it is imported', async () => {
    const { client } = await app.guest.signUpUser('Importer');
    const before = await state(app.server, client);
    // 3 likes + 1 playlist with 5 videos = 9 entries.
    const tooBig = doc({ likes: app.videoIds.slice(0, 3), playlists: [{ title: 'Big', videoIds: app.videoIds.slice(0, 5) }] });
    const refused = await client.post('/user/import', tooBig);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 413, body: { errors: [IMPORT_CAP] } });
    // A CSV counts its lines too.
    const csv = await client.post('/user/import', { format: 'csv', playlist: 'From CSV', csv: app.videoIds.slice(0, 8).join('\n') });
    expect({ status: csv.status, body: csv.body }).toEqual({ status: 413, body: { errors: [IMPORT_CAP] } });
    expect(await state(app.server, client)).toEqual(before);
  });

  test('an import that would pass the playlist or the video cap is a 422, and nothing of it is imported (not even its likes)', async () => {
    const { client } = await userWithPlaylists(2);
    const before = await state(app.server, client);
    const twoMore = doc({
      likes: [app.videoIds[0]],
      playlists: [
        { title: 'New A', videoIds: [] },
        { title: 'New B', videoIds: [] },
      ],
    });
    const refused = await client.post('/user/import', twoMore);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { errors: [PLAYLIST_CAP(3)] } });
    // P0 exists: matched by title, it would get 4 videos.
    const tooLong = doc({ likes: [app.videoIds[0]], playlists: [{ title: 'P0', videoIds: app.videoIds.slice(0, 4) }] });
    const alsoRefused = await client.post('/user/import', tooLong);
    expect({ status: alsoRefused.status, body: alsoRefused.body }).toEqual({ status: 422, body: { errors: [VIDEO_CAP(3)] } });
    expect(await state(app.server, client)).toEqual(before);
    // Within the caps the same kind of import goes through.
    const fits = await client.post('/user/import', doc({ likes: [app.videoIds[0]], playlists: [{ title: 'New A', videoIds: [] }] }));
    expect(fits.status).toBe(200);
  });

  test('a CSV import names its playlist with the title rules of a created one: invisible-only or bidi controls are a 400', async () => {
    const { client } = await app.guest.signUpUser('CsvTitles');
    const before = await state(app.server, client);
    const invisible = await client.post('/user/import', { format: 'csv', playlist: '\u200b\u200b', csv: app.videoIds[0] });
    expect({ status: invisible.status, body: invisible.body }).toEqual({
      status: 400,
      body: { errors: ['playlist must contain visible characters'] },
    });
    const bidi = await client.post('/user/import', { format: 'csv', playlist: 'evil\u202Etxt.exe', csv: app.videoIds[0] });
    expect(bidi.status).toBe(400);
    expect(bidi.body.errors).toEqual([expect.stringMatching(/^playlist must not contain bidirectional override characters/)]);
    expect(await state(app.server, client)).toEqual(before);
  });
});

describe.each(READ_MODEL_VARIANTS)('an undo cannot pass a cap (%s read model)', (variantName) => {
  test('after the caps were lowered, an undo that would restore a playlist or put a video back past them is a 422 and appends nothing', async () => {
    const variant = await readModelVariant(variantName);
    const dataDir = mkdtempSync(join(tmpdir(), 'techtube-caps-'));
    let server = await variant.start({ dataDir, env: CAPS });
    try {
      const guest = new ApiClient(server.url);
      const videoIds = (await guest.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
      // A user with three playlists, the third deleted: two left.
      const many = await guest.signUpUser('ManyPlaylists');
      const created = [];
      for (const title of ['A', 'B', 'C'])
        created.push((await many.client.post('/user/playlists', { playlist: { title } })).body.playlists.at(-1)._id);
      expect((await many.client.delete(`/user/playlists/${created[2]}`)).status).toBe(200);
      // A user with a playlist of three videos, the third removed: two left.
      const long = await guest.signUpUser('LongPlaylist');
      const playlistId = (await long.client.post('/user/playlists', { playlist: { title: 'L' } })).body.playlists[0]._id;
      for (const id of videoIds.slice(0, 3)) await long.client.post(`/user/playlists/${playlistId}`, { video: { _id: id } });
      expect((await long.client.delete(`/user/playlists/${playlistId}/${videoIds[2]}`)).status).toBe(200);
      await server.close();

      server = await variant.start({ dataDir, env: { ...CAPS, MAX_PLAYLISTS_PER_USER: '2', MAX_VIDEOS_PER_PLAYLIST: '2' } });
      const manyNow = new ApiClient(server.url, many.client.token);
      const longNow = new ApiClient(server.url, long.client.token);
      const before = [await state(server, manyNow), await state(server, longNow)];
      const restore = await manyNow.post('/user/undo');
      expect({ status: restore.status, body: restore.body }).toEqual({ status: 422, body: { errors: [PLAYLIST_CAP(2)] } });
      const putBack = await longNow.post('/user/undo');
      expect({ status: putBack.status, body: putBack.body }).toEqual({ status: 422, body: { errors: [VIDEO_CAP(2)] } });
      expect([await state(server, manyNow), await state(server, longNow)]).toEqual(before);
      // Under the caps again, the same undo goes through.
      await manyNow.delete(`/user/playlists/${created[0]}`);
      expect((await manyNow.post('/user/undo')).status).toBe(200);
    } finally {
      await server.close();
      await variant.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The default playlist cap, attacked at its real size; users are brought near it by one import. */
const CAP = 200;
const newPlaylists = (prefix: string, count: number, likes: string[] = []) =>
  doc({ likes, playlists: Array.from({ length: count }, (_, i) => ({ title: `${prefix} ${i}`, videoIds: [] })) });
const playlistsOf = async (client: ApiClient): Promise<{ _id: string }[]> => (await client.get('/user/playlists')).body.playlists;
const statusAndBody = (res: ApiResponse) => ({ status: res.status, body: res.body });
const CAP_REFUSAL = { status: 422, body: { errors: [PLAYLIST_CAP(CAP)] } };

describe.each(READ_MODEL_VARIANTS)('the playlist cap holds exactly under concurrency (%s read model)', (variantName) => {
  const app = useAppOn(variantName);

  async function userWithPlaylists(count: number) {
    const user = await app.guest.signUpUser('Racer');
    if (count > 0) expect((await user.client.post('/user/import', newPlaylists('Seed', count))).status).toBe(200);
    expect(await playlistsOf(user.client)).toHaveLength(count);
    return user;
  }

  test('at 190 playlists, 10 concurrent imports of 10 new ones: one goes through, the others are the 422 and write nothing; 200 in the end', async () => {
    const { client } = await userWithPlaylists(190);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, k) => client.post('/user/import', newPlaylists(`Batch ${k}`, 10, [app.videoIds[k]!]))),
    );
    const accepted = answers.filter((res) => res.status === 200);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.body.imported).toMatchObject({ playlists: 10, likes: 1 });
    for (const refused of answers.filter((res) => res.status !== 200)) expect(statusAndBody(refused)).toEqual(CAP_REFUSAL);
    const playlists = await playlistsOf(client);
    expect(playlists).toHaveLength(CAP);
    // Nothing of a refused import was written: the one like is the accepted import's.
    expect((await client.get('/user/likes')).body.likes).toHaveLength(1);
    // A refused import holds no slot: deleting one playlist makes room for exactly one.
    expect((await client.delete(`/user/playlists/${playlists[0]!._id}`)).status).toBe(200);
    expect((await client.post('/user/playlists', { playlist: { title: 'Room for one' } })).status).toBe(201);
    expect(statusAndBody(await client.post('/user/playlists', { playlist: { title: 'No room' } }))).toEqual(CAP_REFUSAL);
  });

  test('20 concurrent imports of 200 new playlists each, from none: one goes through, the others are the 422; exactly 200 in the end', async () => {
    const { client } = await userWithPlaylists(0);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, k) => client.post('/user/import', newPlaylists(`Import ${k}`, CAP))));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.status !== 200)) expect(statusAndBody(refused)).toEqual(CAP_REFUSAL);
    expect(await playlistsOf(client)).toHaveLength(CAP);
  });

  test('at 199 playlists, create, delete it, create again: 201 each time (a deleted playlist is not counted); the next is the 422', async () => {
    const { client } = await userWithPlaylists(CAP - 1);
    const created = await client.post('/user/playlists', { playlist: { title: 'X' } });
    expect(created.status).toBe(201);
    const x = created.body.playlists.find((p: { title: string }) => p.title === 'X')._id;
    expect((await client.delete(`/user/playlists/${x}`)).status).toBe(200);
    expect((await client.post('/user/playlists', { playlist: { title: 'Y' } })).status).toBe(201);
    expect(statusAndBody(await client.post('/user/playlists', { playlist: { title: 'Z' } }))).toEqual(CAP_REFUSAL);
    expect(await playlistsOf(client)).toHaveLength(CAP);
  });

  test('at 199 playlists, an undo restoring one deleted here makes exactly 200 and goes through; a creation after it is the 422', async () => {
    const { client } = await userWithPlaylists(CAP - 1);
    const created = await client.post('/user/playlists', { playlist: { title: 'X' } });
    expect(created.status).toBe(201);
    const x = created.body.playlists.find((p: { title: string }) => p.title === 'X')._id;
    expect((await client.delete(`/user/playlists/${x}`)).status).toBe(200);
    const restored = await client.post('/user/undo');
    expect({ status: restored.status, type: restored.body.undone?.type }).toEqual({ status: 200, type: 'PlaylistDeleted' });
    expect((await playlistsOf(client)).map((p) => p._id)).toContain(x);
    expect(statusAndBody(await client.post('/user/playlists', { playlist: { title: 'One too many' } }))).toEqual(CAP_REFUSAL);
    expect(await playlistsOf(client)).toHaveLength(CAP);
  });

  test('at 199 playlists with one just deleted, an undo and a creation sent at once never make 201', async () => {
    const { client } = await userWithPlaylists(CAP - 1);
    const created = await client.post('/user/playlists', { playlist: { title: 'X' } });
    const x = created.body.playlists.find((p: { title: string }) => p.title === 'X')._id;
    expect((await client.delete(`/user/playlists/${x}`)).status).toBe(200);
    const [undo, create] = await Promise.all([client.post('/user/undo'), client.post('/user/playlists', { playlist: { title: 'Y' } })]);
    for (const res of [undo, create].filter((r) => r.status === 422)) expect(statusAndBody(res)).toEqual(CAP_REFUSAL);
    // The undo restored X and the creation was refused; or the creation came first and the undo reverted it, or
    // the undo, planned before the creation, was decided after it and refused.
    const outcome = [undo.status === 200 ? undo.body.undone.type : undo.status, create.status];
    expect([
      ['PlaylistDeleted', 422],
      ['PlaylistCreated', 201],
      [422, 201],
    ]).toContainEqual(outcome);
    expect(await playlistsOf(client)).toHaveLength(outcome[0] === 'PlaylistCreated' ? CAP - 1 : CAP);
  });
});

describe('the playlist cap across two instances on one store and one Redis', () => {
  const twins = useTwoInstances('cap-twins');

  test('concurrent imports and creations through both instances end at exactly 200, the rest the 422', async () => {
    const { client } = await new ApiClient(twins.a.url).signUpUser('Twins');
    const via = [client, new ApiClient(twins.b.url, client.token)];
    expect((await client.post('/user/import', newPlaylists('Seed', 190))).status).toBe(200);
    const imports = await Promise.all(
      Array.from({ length: 10 }, (_, k) => via[k % 2]!.post('/user/import', newPlaylists(`Batch ${k}`, 10))),
    );
    expect(imports.filter((res) => res.status === 200)).toHaveLength(1);
    for (const refused of imports.filter((res) => res.status !== 200)) expect(statusAndBody(refused)).toEqual(CAP_REFUSAL);
    const playlists = await playlistsOf(client);
    expect(playlists).toHaveLength(CAP);

    // Rounds of 20 creations through both at once, 5 slots free each time: exactly 5 get one.
    for (let round = 0; round < 4; round++) {
      const current = await playlistsOf(via[round % 2]!);
      for (const { _id } of current.slice(0, 5)) expect((await via[1]!.delete(`/user/playlists/${_id}`)).status).toBe(200);
      const creations = await Promise.all(
        Array.from({ length: 20 }, (_, k) => via[k % 2]!.post('/user/playlists', { playlist: { title: `Race ${round}.${k}` } })),
      );
      expect(creations.filter((res) => res.status === 201)).toHaveLength(5);
      for (const refused of creations.filter((res) => res.status !== 201)) expect(statusAndBody(refused)).toEqual(CAP_REFUSAL);
      expect(await playlistsOf(via[(round + 1) % 2]!)).toHaveLength(CAP);
    }
  });
});

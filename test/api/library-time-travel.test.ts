import { SNAPSHOT_STORE, SnapshotStore } from '../../backend/src/snapshots/snapshot-store.port';
import { ApiClient } from '../support/api-client';
import { ACTION_KINDS, ActionKind, Lists, listsOf, nextMillisecond, perform, randomActions, readLists } from '../support/library-actions';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

const STEPS = 200;
const SEED = Number(process.env.TIME_TRAVEL_SEED ?? 20261121);
const EMPTY: Lists = { likes: [], watchlater: [], history: [], playlists: [] };

describe.each(READ_MODEL_VARIANTS)('GET /user/library?asOf= on the %s read model', (variantName) => {
  // A library checkpoint every 5 events: the answers come from many checkpoints and the events
  // between them, and must equal what the whole history folded gives.
  const app = useAppOn(variantName, { env: { LIBRARY_CHECKPOINT_EVERY: '5' } });

  const libraryAt = async (client: ApiClient, asOf: string) => {
    const res = await client.get(`/user/library?asOf=${encodeURIComponent(asOf)}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  test(`after each of ${STEPS} random actions, the library as of that moment equals the lists the API served then`, async () => {
    const { client, userId } = await app.guest.signUpUser('Traveller');
    // Another user acts in between, so that their events interleave with this user's and must not leak in.
    const other = (await app.guest.signUpUser('Other')).client;
    await nextMillisecond();
    const start = new Date().toISOString();
    await nextMillisecond();
    const steps: { asOf: string; kind: ActionKind; lists: Lists }[] = [];
    const succeeded = new Set<ActionKind>();
    let lists = EMPTY;
    for (const action of randomActions(SEED, STEPS)) {
      const status = await perform({ client, videos: app.videoIds, lists, moments: steps.map((s) => s.asOf) }, action);
      if (status < 300) succeeded.add(action.kind);
      await other.post('/user/likes', { video: { _id: app.videoIds[action.a % app.videoIds.length] } });
      await nextMillisecond();
      const asOf = new Date().toISOString();
      lists = await readLists(client);
      steps.push({ asOf, kind: action.kind, lists });
      await nextMillisecond();
    }
    // The sequence is only a meaningful test if every kind of action took effect at least once.
    expect([...succeeded].sort()).toEqual([...ACTION_KINDS].sort());

    expect(listsOf(await libraryAt(client, start))).toEqual(EMPTY);
    // The answers below come from checkpoints, not from one fold of the whole history.
    const index = await app.server.app.get<SnapshotStore>(SNAPSHOT_STORE).load(`library:${userId}`);
    expect((index?.state as { entries: unknown[] }).entries.length).toBeGreaterThan(STEPS / 5 / 2);
    for (const [i, step] of steps.entries()) {
      const library = await libraryAt(client, step.asOf);
      expect({ step: i, kind: step.kind, lists: listsOf(library) }).toEqual({ step: i, kind: step.kind, lists: step.lists });
      expect(library.asOf).toBe(step.asOf);
    }
  });

  test('answers in the list routes’ shapes, with whole videos; an offset names the same instant; the future is now', async () => {
    const { client } = await app.guest.signUpUser('Shapes');
    await client.post('/user/likes', { video: { _id: app.videoIds[0] } });
    const created = await client.post('/user/playlists', { playlist: { title: 'Mine', description: 'd' } });
    await client.post(`/user/playlists/${created.body.playlists[0]._id}`, { video: { _id: app.videoIds[1] } });
    await nextMillisecond();
    const now = new Date();
    const library = await libraryAt(client, now.toISOString());
    expect(library.likes).toEqual((await client.get('/user/likes')).body.likes);
    expect(library.playlists).toEqual((await client.get('/user/playlists')).body.playlists);
    expect(library.likes[0]).toMatchObject({ _id: app.videoIds[0], title: expect.any(String), thumbnail: expect.any(String) });

    const offset = new Date(now.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(await libraryAt(client, offset)).toEqual(library);
    const future = await libraryAt(client, '2999-01-01T00:00:00Z');
    expect({ ...future, asOf: undefined }).toEqual({ ...library, asOf: undefined });
    expect(future.asOf).toBe('2999-01-01T00:00:00.000Z');
  });

  test('a user never sees another user’s lists at any moment', async () => {
    const alice = (await app.guest.signUpUser('Alice')).client;
    const bob = (await app.guest.signUpUser('Bob')).client;
    await alice.post('/user/likes', { video: { _id: app.videoIds[2] } });
    await alice.post('/user/playlists', { playlist: { title: 'Alice only' } });
    await nextMillisecond();
    expect(listsOf(await libraryAt(bob, new Date().toISOString()))).toEqual(EMPTY);
  });

  test.each([
    ['', 'asOf is required'],
    ['?asOf=', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=yesterday', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=2026-11-20', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=2026-11-20T10:00:00', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=2026-02-30T10:00:00Z', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=1795168800000', 'asOf must be an ISO 8601 date-time'],
    ['?asOf=2026-11-20T10:00:00Z&asOf=2026-11-21T10:00:00Z', 'asOf must be an ISO 8601 date-time'],
  ])('GET /user/library%s is a 400 naming the rule', async (query, message) => {
    const { client } = await app.guest.signUpUser('BadDates');
    const res = await client.get(`/user/library${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.stringContaining(message)]);
  });

  test('needs the token', async () => {
    const res = await app.guest.get('/user/library?asOf=2026-11-20T10:00:00Z');
    expect(res).toMatchObject({ status: 401, body: { errors: ['The token is invalid. Unauthorized access error.'] } });
  });
});

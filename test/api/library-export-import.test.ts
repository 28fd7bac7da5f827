import { ApiClient } from '../support/api-client';
import { nextMillisecond, readLists } from '../support/library-actions';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

const NONE = { likes: 0, watchlater: 0, history: 0, playlists: 0, playlistVideos: 0, subscriptions: 0 };

/**
 * The export's library: without the one field that must differ between two exports of the same
 * library, and without the person's profile and timeline (right of access: not imported).
 */
async function exported(client: ApiClient) {
  const res = await client.get('/user/export');
  expect(res.status).toBe(200);
  const { exportedAt: _at, profile: _profile, activity: _activity, ...document } = res.body;
  return document;
}

/** Drops the playlist ids, which differ between accounts by design. */
const withoutIds = (document: { playlists: { _id: string }[] }) => ({
  ...document,
  playlists: document.playlists.map(({ _id: _id, ...rest }) => rest),
});

describe.each(READ_MODEL_VARIANTS)('export and import on the %s read model', (variantName) => {
  // A library checkpoint every 4 events: the answers come from many checkpoints and the events
  // between them, and must equal what the whole history folded gives.
  const app = useAppOn(variantName, { env: { LIBRARY_CHECKPOINT_EVERY: '4' } });

  /** A library that uses every feature: orders that differ from insertion, watch times, details, a deleted playlist, twin titles. */
  async function richUser() {
    const { client } = await app.guest.signUpUser('Rich');
    for (const id of [app.videoIds[3], app.videoIds[1], app.videoIds[7]]) await client.post('/user/likes', { video: { _id: id } });
    await client.delete(`/user/likes/${app.videoIds[1]}`);
    await client.post('/user/likes', { video: { _id: app.videoIds[1] } });
    for (const id of [app.videoIds[2], app.videoIds[0]]) await client.post('/user/watchlater', { video: { _id: id } });
    for (const id of [app.videoIds[5], app.videoIds[6], app.videoIds[4]]) {
      await client.post('/user/history', { video: { _id: id } });
      await nextMillisecond();
    }
    const create = async (playlist: object) => (await client.post('/user/playlists', { playlist })).body.playlists.at(-1)._id as string;
    const mixes = await create({ title: 'Mixes ✨', description: 'the <b>good</b> ones', playlistImg: 'https://example.com/mix.png' });
    for (const id of [app.videoIds[8], app.videoIds[9], app.videoIds[10]])
      await client.post(`/user/playlists/${mixes}`, { video: { _id: id } });
    await client.post(`/user/playlists/${mixes}/reorder`, { videoId: app.videoIds[10], toIndex: 0 });
    const gone = await create({ title: 'Gone' });
    await client.post(`/user/playlists/${gone}`, { video: { _id: app.videoIds[0] } });
    await client.delete(`/user/playlists/${gone}`);
    await create({ title: 'Twin' });
    const twin = await create({ title: 'Twin' });
    await client.post(`/user/playlists/${twin}`, { video: { _id: app.videoIds[11] } });
    await client.request('PATCH', `/user/playlists/${twin}`, { description: 'the second twin' });
    await client.request('PUT', '/user/settings', { historyPaused: true });
    return client;
  }

  test('the export carries the whole timeline, oldest first, across more pages than one read of it gives', async () => {
    const { client } = await app.guest.signUpUser('Busy');
    // 2 × 230 writes: more than two pages of the reader's timeline (200 entries each).
    for (let i = 0; i < 230; i++) {
      const id = app.videoIds[i % app.videoIds.length];
      expect((await client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
      expect((await client.delete(`/user/likes/${id}`)).status).toBe(200);
    }
    const res = await client.get('/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const newestFirst: { position: string; type: string }[] = [];
    for (let before: string | null | undefined; before !== null;) {
      const page = (await client.get(`/user/activity?limit=100${before ? `&before=${before}` : ''}`)).body;
      newestFirst.push(...page.activity);
      before = page.nextBefore;
    }
    expect(newestFirst.length).toBeGreaterThan(460);
    const timeline = res.body.activity as { position: string; type: string }[];
    expect(timeline.map((e) => [e.position, e.type])).toEqual(newestFirst.reverse().map((e) => [e.position, e.type]));
    expect(new Set(timeline.map((e) => e.position)).size).toBe(timeline.length);
    expect(res.body.likes).toEqual([]);
  });

  test('GET /user/export is a dated attachment holding the whole library, in the order the lists show it', async () => {
    const client = await richUser();
    const before = new Date();
    const res = await client.get('/user/export');
    const after = new Date();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const exportedAt = new Date(res.body.exportedAt);
    expect(exportedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(exportedAt.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="techtube-library-${res.body.exportedAt.slice(0, 10)}.json"`);

    const lists = await readLists(client);
    const document = res.body;
    expect(document).toMatchObject({ format: 'techtube-library', version: 1, settings: { historyPaused: true } });
    expect(document.likes).toEqual(lists.likes);
    expect(document.likes).toEqual([app.videoIds[3], app.videoIds[7], app.videoIds[1]]);
    expect(document.watchlater).toEqual(lists.watchlater);
    expect(document.history.map((h: { videoId: string }) => h.videoId)).toEqual(lists.history);
    const times = document.history.map((h: { watchedAt: string }) => Date.parse(h.watchedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
    expect(document.playlists).toEqual(lists.playlists);
    expect(document.playlists.map((p: { title: string }) => p.title)).toEqual(['Mixes ✨', 'Twin', 'Twin']);
    expect(document.playlists[0]).toMatchObject({
      description: 'the <b>good</b> ones',
      videoIds: [app.videoIds[10], app.videoIds[8], app.videoIds[9]],
    });
  });

  test('export → import into a new account → export gives the same document, apart from playlist ids and export time', async () => {
    const original = await exported(await richUser());
    const { client: fresh } = await app.guest.signUpUser('Fresh');
    const res = await fresh.post('/user/import', { ...original, exportedAt: '2020-01-01T00:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: { likes: 3, watchlater: 2, history: 3, playlists: 3, playlistVideos: 4, subscriptions: 0 },
      unknownVideoIds: [],
    });
    const copy = await exported(fresh);
    expect(withoutIds(copy)).toEqual(withoutIds(original));
    const originalIds = new Set(original.playlists.map((p: { _id: string }) => p._id));
    expect(copy.playlists.every((p: { _id: string }) => !originalIds.has(p._id))).toBe(true);
  });

  test('importing the same file twice changes nothing the second time', async () => {
    const document = await exported(await richUser());
    const { client } = await app.guest.signUpUser('Twice');
    await client.post('/user/import', document);
    const once = await exported(client);
    const activity = (await client.get('/user/activity?limit=1')).body.activity;
    const again = await client.post('/user/import', document);
    expect(again.body).toEqual({ imported: NONE, unknownVideoIds: [] });
    expect(await exported(client)).toEqual(once);
    // Not even an event: the timeline's newest entry is the same.
    expect((await client.get('/user/activity?limit=1')).body.activity).toEqual(activity);
  });

  test('into a library that is not empty, only what is missing is added; playlists are matched by title', async () => {
    const { client } = await app.guest.signUpUser('Merger');
    await client.post('/user/likes', { video: { _id: app.videoIds[5] } });
    await client.post('/user/likes', { video: { _id: app.videoIds[0] } });
    const own = (await client.post('/user/playlists', { playlist: { title: 'Shared' } })).body.playlists[0]._id;
    await client.post(`/user/playlists/${own}`, { video: { _id: app.videoIds[2] } });
    const res = await client.post('/user/import', {
      format: 'techtube-library',
      version: 1,
      likes: [app.videoIds[0], app.videoIds[1]],
      history: [{ videoId: app.videoIds[3], watchedAt: '2025-05-05T05:05:05+02:00' }],
      playlists: [
        { title: 'Shared', videoIds: [app.videoIds[1], app.videoIds[2], app.videoIds[3]] },
        { title: 'New one', description: 'imported', videoIds: [app.videoIds[4]] },
      ],
    });
    expect(res.body).toEqual({
      imported: { likes: 1, watchlater: 0, history: 1, playlists: 1, playlistVideos: 3, subscriptions: 0 },
      unknownVideoIds: [],
    });
    const document = await exported(client);
    expect(document.likes).toEqual([app.videoIds[5], app.videoIds[0], app.videoIds[1]]);
    expect(document.history).toEqual([{ videoId: app.videoIds[3], watchedAt: '2025-05-05T03:05:05.000Z' }]);
    expect(document.playlists).toEqual([
      { _id: own, title: 'Shared', videoIds: [app.videoIds[2], app.videoIds[1], app.videoIds[3]] },
      { _id: expect.any(String), title: 'New one', description: 'imported', videoIds: [app.videoIds[4]] },
    ]);
    expect(document.settings).toEqual({ historyPaused: false, historyRetention: 'off' });
  });

  test('ids unknown to the catalogue are reported back, once each, and nothing else is dropped', async () => {
    const { client } = await app.guest.signUpUser('Unknowns');
    const res = await client.post('/user/import', {
      format: 'techtube-library',
      version: 1,
      likes: ['nope-1', app.videoIds[0]],
      watchlater: ['nope-2'],
      history: [{ videoId: 'nope-1', watchedAt: '2025-01-01T00:00:00Z' }],
      playlists: [{ title: 'P', videoIds: ['nope-3', app.videoIds[1], 'nope-2'] }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: { likes: 1, watchlater: 0, history: 0, playlists: 1, playlistVideos: 1, subscriptions: 0 },
      unknownVideoIds: ['nope-1', 'nope-2', 'nope-3'],
    });
    expect(await readLists(client)).toEqual({
      likes: [app.videoIds[0]],
      watchlater: [],
      history: [],
      playlists: [{ _id: expect.any(String), title: 'P', videoIds: [app.videoIds[1]] }],
    });
  });

  test('a CSV of ids and URLs goes into the named playlist, created when missing, then matched by title', async () => {
    const { client } = await app.guest.signUpUser('Csv');
    const csv = [
      'url,title',
      `https://www.youtube.com/watch?v=${app.videoIds[0]}&t=10s`,
      `https://youtu.be/${app.videoIds[1]}`,
      `"${app.videoIds[2]}","a ""quoted"", title"`,
      '',
      `${app.server.url}/video/${app.videoIds[3]}`,
      'https://www.youtube.com/shorts/unknownId00',
      app.videoIds[0],
    ].join('\r\n');
    const first = await client.post('/user/import', { format: 'csv', playlist: '  From CSV ', csv });
    expect(first.body).toEqual({
      imported: { likes: 0, watchlater: 0, history: 0, playlists: 1, playlistVideos: 4, subscriptions: 0 },
      unknownVideoIds: ['unknownId00'],
    });
    expect((await readLists(client)).playlists).toEqual([
      { _id: expect.any(String), title: 'From CSV', videoIds: app.videoIds.slice(0, 4) },
    ]);

    const again = await client.post('/user/import', { format: 'csv', playlist: 'From CSV', csv: `${app.videoIds[4]}\n${app.videoIds[0]}` });
    expect(again.body).toEqual({ imported: { ...NONE, playlistVideos: 1 }, unknownVideoIds: [] });
    expect((await readLists(client)).playlists.map((p) => p.videoIds)).toEqual([[...app.videoIds.slice(0, 4), app.videoIds[4]]]);
  });

  const document = { format: 'techtube-library', version: 1 };
  const badBodies: [string, unknown, string][] = [
    ['an array', [], 'format must be'],
    ['no format', { likes: [] }, 'format must be'],
    ['an unknown format', { format: 'xml' }, 'format must be'],
    ['another version', { ...document, version: 2 }, 'version must be 1'],
    ['no version', { format: 'techtube-library' }, 'version must be 1'],
    ['likes that are not a list', { ...document, likes: 'abc' }, 'likes must be an array'],
    ['a like that is not an id', { ...document, likes: [42] }, 'each value in likes must be a string'],
    ['a history entry without a time', { ...document, history: [{ videoId: 'x' }] }, 'history.0.watchedAt should not be null or undefined'],
    [
      'a history entry with a bad time',
      { ...document, history: [{ videoId: 'x', watchedAt: '2026-13-01T00:00:00Z' }] },
      'history.0.watchedAt must be',
    ],
    ['a history entry that is a string', { ...document, history: ['x'] }, 'history'],
    ['a playlist without a title', { ...document, playlists: [{ title: ' ', videoIds: [] }] }, 'playlists.0.title must not be empty'],
    [
      'a playlist title too long',
      { ...document, playlists: [{ title: 'x'.repeat(101), videoIds: [] }] },
      'playlists.0.title must be shorter',
    ],
    ['a playlist without videoIds', { ...document, playlists: [{ title: 'ok' }] }, 'playlists.0.videoIds must be an array'],
    [
      'a script as playlist image',
      { ...document, playlists: [{ title: 'ok', playlistImg: 'javascript:alert(1)', videoIds: [] }] },
      'playlistImg',
    ],
    ['settings of the wrong type', { ...document, settings: { historyPaused: 'yes' } }, 'settings.historyPaused must be a boolean'],
    ['a CSV without a playlist', { format: 'csv', csv: 'abc' }, 'playlist must be a string'],
    ['a CSV without text', { format: 'csv', playlist: 'P' }, 'csv must be a string'],
    ['a CSV line that names no video', { format: 'csv', playlist: 'P', csv: 'abc\nhttps://vimeo.com/1' }, 'csv line 2'],
    ['a CSV without videos', { format: 'csv', playlist: 'P', csv: 'videoId\n' }, 'csv must list at least one video'],
  ];

  test.each(badBodies)('a body with %s is a 400 naming the problem, and nothing is imported', async (_name, body, message) => {
    const { client } = await app.guest.signUpUser('Bad');
    await client.post('/user/likes', { video: { _id: app.videoIds[0] } });
    const before = await exported(client);
    const res = await client.post('/user/import', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
    expect(await exported(client)).toEqual(before);
  });

  test('a document whose last playlist is malformed imports nothing at all, not even its valid first part', async () => {
    const { client } = await app.guest.signUpUser('Partial');
    const res = await client.post('/user/import', {
      ...document,
      likes: [app.videoIds[0]],
      playlists: [
        { title: 'Fine', videoIds: [app.videoIds[1]] },
        { title: 'Broken', videoIds: 'not a list' },
      ],
    });
    expect(res).toMatchObject({ status: 400, body: { errors: ['playlists.1.videoIds must be an array'] } });
    expect(await readLists(client)).toEqual({ likes: [], watchlater: [], history: [], playlists: [] });
  });

  test('malformed JSON is a 400; import and export need the token', async () => {
    const { client } = await app.guest.signUpUser('Json');
    const res = await client.post('/user/import', '{"format": "techtube-library", ');
    expect(res).toMatchObject({ status: 400, body: { errors: [expect.stringContaining('not valid JSON')] } });
    const invalidToken = { status: 401, body: { errors: ['The token is invalid. Unauthorized access error.'] } };
    expect(await app.guest.get('/user/export')).toMatchObject(invalidToken);
    expect(await app.guest.post('/user/import', { ...document, likes: [app.videoIds[0]] })).toMatchObject(invalidToken);
  });

  test('each user exports only their own library, and importing another user’s document never touches theirs', async () => {
    const alice = await richUser();
    const aliceDocument = await exported(alice);
    const aliceLists = await readLists(alice);
    const { client: bob } = await app.guest.signUpUser('Bob');
    expect(await exported(bob)).toEqual({
      ...document,
      settings: { historyPaused: false, historyRetention: 'off' },
      likes: [],
      watchlater: [],
      history: [],
      playlists: [],
      subscriptions: [],
    });
    await bob.post('/user/import', aliceDocument);
    await bob.post(`/user/playlists/${(await readLists(bob)).playlists[0]!._id}`, { video: { _id: app.videoIds[0] } });
    await bob.delete(`/user/likes/${app.videoIds[3]}`);
    expect(await readLists(alice)).toEqual(aliceLists);
    expect((await readLists(bob)).playlists.map((p) => p._id)).not.toContain(aliceLists.playlists[0]!._id);
  });
});

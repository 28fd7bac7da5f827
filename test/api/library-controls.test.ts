import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient, ApiResponse } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Catalogue videos: title / channel. */
const PIXEL = 'BJrsmM6aEYE'; // "Unboxing Every Google Pixel 3 XL + Pixel 3" / Unbox Therapy
const STUDIO = 'yoigsHYc77s'; // "The Apple Studio Display is a Bad Deal" / Marques Brownlee
const OLED = '9XdS9sShG5Q'; // "Samsung finally made a new OLED TV" / The Verge
const TAB = 'bTYV7aFC6KE'; // "Galaxy Tab S8 Ultra: A Monster Tablet!" / Marques Brownlee
const video = (id: string) => ({ _id: id, title: 'whatever the client had' });
const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);
const UNKNOWN_PLAYLIST = '00000000-0000-4000-8000-000000000000';

const put = (client: ApiClient, path: string, body?: unknown) => client.request<any>('PUT', path, body);
const patch = (client: ApiClient, path: string, body?: unknown) => client.request<any>('PATCH', path, body);

/** A 4xx answers `{errors: [message, …]}`; returns the messages. */
function expectRefused(res: ApiResponse, status: number): string[] {
  expect({ status: res.status, shape: Array.isArray(res.body?.errors) && res.body.errors.length > 0 }).toEqual({ status, shape: true });
  return res.body.errors as string[];
}

describe.each(READ_MODEL_VARIANTS)('library controls (issue 8) on the %s read model', (variantName) => {
  const app = useAppOn(variantName);

  const newUser = async (name = 'Controls') => (await app.guest.signUpUser(name)).client;
  const history = async (client: ApiClient) => ids((await client.get('/user/history')).body.history);
  const activityTypes = async (client: ApiClient) =>
    ((await client.get('/user/activity?limit=100')).body.activity as any[]).map((a) => a.type);
  const watch = async (client: ApiClient, ...videoIds: string[]) => {
    for (const id of videoIds) expect((await client.post('/user/history', { video: video(id) })).status).toBe(201);
  };

  describe('pausing the history', () => {
    test('settings start unpaused; PUT pauses, GET reads it back, and it is the user’s own', async () => {
      const [user, other] = [await newUser(), await newUser('Other')];
      expect(await user.get('/user/settings')).toMatchObject({ status: 200, body: { settings: { historyPaused: false } } });
      const paused = await put(user, '/user/settings', { historyPaused: true });
      expect(paused).toMatchObject({ status: 200, body: { settings: { historyPaused: true } } });
      expect((await user.get('/user/settings')).body).toEqual({ settings: { historyPaused: true, historyRetention: 'off' } });
      expect((await other.get('/user/settings')).body).toEqual({ settings: { historyPaused: false, historyRetention: 'off' } });
    });

    test('while paused, watching records nothing and answers 409 with a clear message; after resuming it records again', async () => {
      const user = await newUser();
      await watch(user, PIXEL);
      await put(user, '/user/settings', { historyPaused: true });
      const refused = await user.post('/user/history', { video: video(STUDIO) });
      expect(expectRefused(refused, 409)).toEqual([ERRORS.HISTORY_PAUSED.message]);
      expect(ERRORS.HISTORY_PAUSED.message).toBe('Your history is paused, so nothing was recorded. Resume it in Settings.');
      expect(await history(user)).toEqual([PIXEL]);
      // Pausing stops recording, not removing.
      expect((await user.delete(`/user/history/${PIXEL}`)).body.history).toEqual([]);

      expect((await put(user, '/user/settings', { historyPaused: false })).body).toEqual({
        settings: { historyPaused: false, historyRetention: 'off' },
      });
      await watch(user, STUDIO);
      expect(await history(user)).toEqual([STUDIO]);
      expect(await activityTypes(user)).toEqual(expect.arrayContaining(['HistoryPaused', 'HistoryResumed']));
    });

    test('putting the setting it already has changes nothing and adds no activity', async () => {
      const user = await newUser();
      const before = await activityTypes(user);
      expect((await put(user, '/user/settings', { historyPaused: false })).body).toEqual({
        settings: { historyPaused: false, historyRetention: 'off' },
      });
      expect(await activityTypes(user)).toEqual(before);
    });

    test('a body without a boolean historyPaused is 400 and changes nothing', async () => {
      const user = await newUser();
      for (const body of [{}, { historyPaused: 'true' }, { historyPaused: 1 }, { historyPaused: null }, []]) {
        expect(expectRefused(await put(user, '/user/settings', body), 400).join(' ')).toContain('historyPaused');
      }
      expectRefused(await put(user, '/user/settings'), 400);
      expect((await user.get('/user/settings')).body).toEqual({ settings: { historyPaused: false, historyRetention: 'off' } });
    });

    test('needs the token', async () => {
      expect(expectRefused(await app.guest.get('/user/settings'), 401)).toEqual([ERRORS.INVALID_TOKEN.message]);
      expect(expectRefused(await put(app.guest, '/user/settings', { historyPaused: true }), 401)).toEqual([ERRORS.INVALID_TOKEN.message]);
    });
  });

  describe('searching the history', () => {
    let user: ApiClient;
    const search = async (query: string) => {
      const res = await user.get(`/user/history?search=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      return ids(res.body.history);
    };

    beforeAll(async () => {
      user = await newUser();
      await watch(user, PIXEL, STUDIO, OLED, TAB);
    });

    test('matches the title or the channel, in any case, trimmed, keeping the history’s order', async () => {
      expect(await search('oled')).toEqual([OLED]);
      expect(await search('  OLED tv ')).toEqual([OLED]);
      expect(await search('marques BROWNLEE')).toEqual([STUDIO, TAB]);
      expect(await search('verge')).toEqual([OLED]);
      expect(await search('pixel')).toEqual([PIXEL]);
      expect(await search('no such words')).toEqual([]);
    });

    test('an empty or blank search, or none, is the whole history', async () => {
      const all = [PIXEL, STUDIO, OLED, TAB];
      expect(await search('')).toEqual(all);
      expect(await search('   ')).toEqual(all);
      expect(await history(user)).toEqual(all);
    });

    test('a search longer than 100 characters, or given twice, is 400', async () => {
      expect(expectRefused(await user.get(`/user/history?search=${'a'.repeat(101)}`), 400).join(' ')).toContain('search');
      expect((await user.get(`/user/history?search=${'a'.repeat(100)}`)).status).toBe(200);
      expectRefused(await user.get('/user/history?search=oled&search=pixel'), 400);
    });

    test('only ever searches the user’s own history', async () => {
      const other = await newUser('Other');
      expect(ids((await other.get('/user/history?search=oled')).body.history)).toEqual([]);
    });
  });

  describe('removing everything watched before a date', () => {
    test('removes only entries watched before the moment (a date-time with its zone)', async () => {
      const user = await newUser();
      await watch(user, PIXEL, STUDIO);
      await sleep(20);
      const cut = new Date().toISOString();
      await sleep(20);
      await watch(user, OLED);
      const res = await user.delete(`/user/history?before=${encodeURIComponent(cut)}`);
      expect(res.status).toBe(200);
      expect(ids(res.body.history)).toEqual([OLED]);
      expect(await history(user)).toEqual([OLED]);
      expect(await activityTypes(user)).toContain('HistoryRemovedBefore');
      // The removed videos can be watched again, and go last.
      await watch(user, PIXEL);
      expect(await history(user)).toEqual([OLED, PIXEL]);
    });

    test('a date means midnight UTC: a past date removes nothing, tomorrow removes everything', async () => {
      const user = await newUser();
      await watch(user, PIXEL, STUDIO);
      const activity = await activityTypes(user);
      expect(ids((await user.delete('/user/history?before=2020-01-01')).body.history)).toEqual([PIXEL, STUDIO]);
      expect(await activityTypes(user)).toEqual(activity);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(ids((await user.delete(`/user/history?before=${tomorrow}`)).body.history)).toEqual([]);
    });

    test('an offset is honoured, not read as UTC', async () => {
      const user = await newUser();
      await watch(user, PIXEL);
      const wallClock = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 19);
      // Half an hour from now in UTC's wall clock, at +01:00: half an hour ago. Read as UTC it would remove the video.
      const halfHourAgo = `${wallClock(30 * 60_000)}+01:00`;
      expect(ids((await user.delete(`/user/history?before=${encodeURIComponent(halfHourAgo)}`)).body.history)).toEqual([PIXEL]);
      // And the reverse: at -01:00 it is half an hour from now, so the video goes.
      const halfHourAhead = `${wallClock(-30 * 60_000)}-01:00`;
      expect(ids((await user.delete(`/user/history?before=${encodeURIComponent(halfHourAhead)}`)).body.history)).toEqual([]);
    });

    test('a missing, malformed or impossible date is 400 and removes nothing', async () => {
      const user = await newUser();
      await watch(user, PIXEL, STUDIO);
      for (const query of [
        '',
        '?before=',
        '?before=yesterday',
        '?before=2026-02-30',
        '?before=2026-13-01',
        '?before=20261120',
        '?before=2026-11-20T09:00',
        '?before=2026-11-20T09:00:00',
        '?before=2026-11-20T25:00:00Z',
        '?before=2026-11-20%2009:00:00Z',
        '?before=1700000000000',
        '?before=2026-11-20&before=2026-11-21',
      ]) {
        const res = await user.delete(`/user/history${query}`);
        expect({ query, messages: expectRefused(res, 400).join(' ') }).toEqual({
          query,
          messages: expect.stringContaining('before must be'),
        });
      }
      expect(await history(user)).toEqual([PIXEL, STUDIO]);
    });

    test('never touches another user’s history', async () => {
      const [user, other] = [await newUser(), await newUser('Other')];
      await watch(other, PIXEL);
      await watch(user, STUDIO);
      await user.delete('/user/history?before=2999-01-01');
      expect(await history(user)).toEqual([]);
      expect(await history(other)).toEqual([PIXEL]);
    });
  });

  describe('renaming and describing a playlist', () => {
    let user: ApiClient;
    let other: ApiClient;
    let playlistId: string;
    let secondId: string;
    const playlists = async (client = user) => (await client.get('/user/playlists')).body.playlists as any[];

    beforeAll(async () => {
      [user, other] = [await newUser(), await newUser('Other')];
      await user.post('/user/playlists', {
        playlist: { title: 'Monitors', description: 'to buy', playlistImg: 'https://example.com/a.png' },
      });
      await user.post('/user/playlists', { playlist: { title: 'Second' } });
      [playlistId, secondId] = (await playlists()).map((p) => p._id);
      await user.post(`/user/playlists/${playlistId}`, { video: video(PIXEL) });
    });

    test('a new title alone keeps the description, the image, the videos and the playlist’s place', async () => {
      const res = await patch(user, `/user/playlists/${playlistId}`, { title: '  Screens  ' });
      expect(res.status).toBe(200);
      expect(res.body.playlist).toMatchObject({
        _id: playlistId,
        title: 'Screens',
        description: 'to buy',
        playlistImg: 'https://example.com/a.png',
      });
      expect(ids(res.body.playlist.videos)).toEqual([PIXEL]);
      expect((await playlists()).map((p) => p.title)).toEqual(['Screens', 'Second']);
    });

    test('a description alone, then both; an empty description removes it', async () => {
      expect((await patch(user, `/user/playlists/${playlistId}`, { description: 'for the office' })).body.playlist).toMatchObject({
        title: 'Screens',
        description: 'for the office',
      });
      expect(
        (await patch(user, `/user/playlists/${playlistId}`, { title: 'Desk', description: 'two of them' })).body.playlist,
      ).toMatchObject({
        title: 'Desk',
        description: 'two of them',
      });
      expect((await patch(user, `/user/playlists/${playlistId}`, { description: '' })).body.playlist.description).toBe('');
    });

    test('the activity names the playlist by its new title', async () => {
      await patch(user, `/user/playlists/${secondId}`, { title: 'Renamed second' });
      const [latest] = (await user.get('/user/activity?limit=1')).body.activity;
      expect(latest).toMatchObject({ type: 'PlaylistDetailsChanged', playlist: { _id: secondId, title: 'Renamed second' } });
    });

    test('bad bodies are 400 with the creation rules, and change nothing', async () => {
      const before = await playlists();
      const cases: [unknown, string][] = [
        [{}, 'title or a description'],
        [{ unknown: 'x' }, 'title or a description'],
        [{ title: '' }, 'title must not be empty'],
        [{ title: '   ' }, 'title must not be empty'],
        [{ title: 'x'.repeat(101) }, 'title must be shorter than or equal to 100 characters'],
        [{ description: 'x'.repeat(501) }, 'description must be shorter than or equal to 500 characters'],
        [{ title: 42 }, 'title must be a string'],
        [{ title: null }, 'title must be a string'],
        [{ title: 'Fine', description: ['no'] }, 'description must be a string'],
      ];
      for (const [body, message] of cases) {
        const messages = expectRefused(await patch(user, `/user/playlists/${playlistId}`, body), 400);
        expect({ body, messages: messages.join(' | ') }).toEqual({ body, messages: expect.stringContaining(message) });
      }
      expect(await playlists()).toEqual(before);
    });

    test('another user’s, a deleted or an unknown playlist is 404, and the owner’s stays as it was', async () => {
      const before = await playlists();
      const notFound = [ERRORS.PLAYLIST_NOT_FOUND.message];
      expect(expectRefused(await patch(other, `/user/playlists/${playlistId}`, { title: 'Mine now' }), 404)).toEqual(notFound);
      expect(expectRefused(await patch(user, `/user/playlists/${UNKNOWN_PLAYLIST}`, { title: 'X' }), 404)).toEqual(notFound);
      expect(expectRefused(await patch(user, '/user/playlists/not-a-uuid', { title: 'X' }), 404)).toEqual(notFound);
      expect(await playlists()).toEqual(before);

      const gone = (await user.post('/user/playlists', { playlist: { title: 'Gone' } })).body.playlists.at(-1)._id;
      await user.delete(`/user/playlists/${gone}`);
      expect(expectRefused(await patch(user, `/user/playlists/${gone}`, { title: 'Back' }), 404)).toEqual(notFound);
      expect((await playlists()).map((p) => p._id)).not.toContain(gone);
    });
  });

  describe('reordering a playlist', () => {
    let user: ApiClient;
    let playlistId: string;
    const order = async (client = user) => ids((await client.get(`/user/playlists/${playlistId}`)).body.playlist.videos);
    const reorder = (body: unknown, client = user, id = playlistId) => client.post(`/user/playlists/${id}/reorder`, body);

    beforeAll(async () => {
      user = await newUser();
      playlistId = (await user.post('/user/playlists', { playlist: { title: 'Queue' } })).body.playlists[0]._id;
      for (const id of [PIXEL, STUDIO, OLED]) await user.post(`/user/playlists/${playlistId}`, { video: video(id) });
    });

    test('moves a video to the first, the last and a middle place, answering with the playlist', async () => {
      const first = await reorder({ videoId: OLED, toIndex: 0 });
      expect(first.status).toBe(200);
      expect(ids(first.body.playlist.videos)).toEqual([OLED, PIXEL, STUDIO]);
      expect(ids((await reorder({ videoId: OLED, toIndex: 2 })).body.playlist.videos)).toEqual([PIXEL, STUDIO, OLED]);
      expect(ids((await reorder({ videoId: PIXEL, toIndex: 1 })).body.playlist.videos)).toEqual([STUDIO, PIXEL, OLED]);
      expect(await order()).toEqual([STUDIO, PIXEL, OLED]);
      expect(ids((await user.get('/user/playlists')).body.playlists[0].videos)).toEqual([STUDIO, PIXEL, OLED]);
    });

    test('the activity shows the move with its video and playlist', async () => {
      await reorder({ videoId: OLED, toIndex: 0 });
      const [latest] = (await user.get('/user/activity?limit=1')).body.activity;
      expect(latest).toMatchObject({ type: 'PlaylistReordered', video: { _id: OLED }, playlist: { _id: playlistId, title: 'Queue' } });
      await reorder({ videoId: OLED, toIndex: 2 });
    });

    test('moving a video to the place it has answers the same order and records nothing', async () => {
      const current = await order();
      const activity = await activityTypes(user);
      expect(ids((await reorder({ videoId: current[1], toIndex: 1 })).body.playlist.videos)).toEqual(current);
      expect(await activityTypes(user)).toEqual(activity);
    });

    test('a video added after a reorder goes last', async () => {
      const current = await order();
      await user.post(`/user/playlists/${playlistId}`, { video: video(TAB) });
      expect(await order()).toEqual([...current, TAB]);
      await user.delete(`/user/playlists/${playlistId}/${TAB}`);
    });

    test('a negative, out-of-range, non-integer or missing index is 400 and changes nothing', async () => {
      const current = await order();
      const cases: [unknown, string][] = [
        [{ videoId: PIXEL, toIndex: -1 }, 'toIndex must not be less than 0'],
        [{ videoId: PIXEL, toIndex: 3 }, ERRORS.PLAYLIST_INDEX_OUT_OF_RANGE.message],
        [{ videoId: PIXEL, toIndex: 1000000 }, ERRORS.PLAYLIST_INDEX_OUT_OF_RANGE.message],
        [{ videoId: PIXEL, toIndex: 1.5 }, 'toIndex must be an integer number'],
        [{ videoId: PIXEL, toIndex: '1' }, 'toIndex must be an integer number'],
        [{ videoId: PIXEL, toIndex: null }, 'toIndex must be an integer number'],
        [{ videoId: PIXEL }, 'toIndex must be an integer number'],
        [{ toIndex: 0 }, 'videoId must be a string'],
        [{ videoId: '', toIndex: 0 }, 'videoId should not be empty'],
      ];
      for (const [body, message] of cases) {
        const messages = expectRefused(await reorder(body), 400);
        expect({ body, messages: messages.join(' | ') }).toEqual({ body, messages: expect.stringContaining(message) });
      }
      expect(await order()).toEqual(current);
    });

    test('a video that is not in the playlist is 404 with its own message', async () => {
      const current = await order();
      expect(expectRefused(await reorder({ videoId: TAB, toIndex: 0 }), 404)).toEqual([ERRORS.VIDEO_NOT_IN_PLAYLIST.message]);
      expect(expectRefused(await reorder({ videoId: 'not-in-catalogue', toIndex: 0 }), 404)).toEqual([
        ERRORS.VIDEO_NOT_IN_PLAYLIST.message,
      ]);
      expect(await order()).toEqual(current);
    });

    test('another user’s, a deleted or an unknown playlist is 404 and stays as it was', async () => {
      const current = await order();
      const other = await newUser('Other');
      const notFound = [ERRORS.PLAYLIST_NOT_FOUND.message];
      expect(expectRefused(await reorder({ videoId: current[2], toIndex: 0 }, other), 404)).toEqual(notFound);
      // Even with a bad index: the playlist's existence is not revealed by a different answer.
      expect(expectRefused(await reorder({ videoId: current[2], toIndex: 99 }, other), 404)).toEqual(notFound);
      expect(expectRefused(await reorder({ videoId: PIXEL, toIndex: 0 }, user, UNKNOWN_PLAYLIST), 404)).toEqual(notFound);
      expect(await order()).toEqual(current);

      const gone = (await user.post('/user/playlists', { playlist: { title: 'Gone' } })).body.playlists.at(-1)._id;
      await user.post(`/user/playlists/${gone}`, { video: video(PIXEL) });
      await user.delete(`/user/playlists/${gone}`);
      expect(expectRefused(await reorder({ videoId: PIXEL, toIndex: 0 }, user, gone), 404)).toEqual(notFound);
    });
  });

  test('every new action is a line of the activity timeline', async () => {
    const user = await newUser();
    await put(user, '/user/settings', { historyPaused: true });
    await put(user, '/user/settings', { historyPaused: false });
    await watch(user, PIXEL);
    await user.delete('/user/history?before=2999-01-01');
    const playlistId = (await user.post('/user/playlists', { playlist: { title: 'Lines' } })).body.playlists[0]._id;
    for (const id of [PIXEL, STUDIO]) await user.post(`/user/playlists/${playlistId}`, { video: video(id) });
    await patch(user, `/user/playlists/${playlistId}`, { title: 'Lines renamed' });
    await user.post(`/user/playlists/${playlistId}/reorder`, { videoId: STUDIO, toIndex: 0 });
    expect((await activityTypes(user)).slice(0, 9).reverse()).toEqual([
      'HistoryPaused',
      'HistoryResumed',
      'VideoWatched',
      'HistoryRemovedBefore',
      'PlaylistCreated',
      'VideoAddedToPlaylist',
      'VideoAddedToPlaylist',
      'PlaylistDetailsChanged',
      'PlaylistReordered',
    ]);
  });
});

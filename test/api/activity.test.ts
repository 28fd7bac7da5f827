import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApiClient, ApiResponse } from '../support/api-client';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

const V1 = 'BJrsmM6aEYE';
const V2 = 'yoigsHYc77s';
const V3 = '9XdS9sShG5Q';
const video = (id: string) => ({ _id: id, title: 'whatever the client had' });
const USER_NOT_FOUND = 'The user you request does not exist. Not Found error.';

interface Item {
  position: string;
  type: string;
  at: string;
  video?: { _id: string; title: string };
  playlist?: { _id: string; title: string };
}
interface Page {
  activity: Item[];
  nextBefore: string | null;
}

/** Every page, following nextBefore until it is null. */
async function allPages(client: ApiClient, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let before: string | null = null;
  do {
    const res: ApiResponse<Page> = await client.get<Page>(`/user/activity?limit=${limit}${before ? `&before=${before}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    before = res.body.nextBefore;
  } while (before !== null && pages.length < 100);
  return pages;
}

/** The lines as a reader sees them: type, then the video and playlist they concern. */
const lines = (items: Item[]) => items.map((i) => [i.type, i.video?._id, i.playlist?.title].filter((x) => x !== undefined).join(' '));

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('GET /user/activity on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  let user: ApiClient;
  let other: ApiClient;
  let playlistId: string;

  beforeAll(async () => {
    user = (await app.guest.signUpUser('Active')).client;
    other = (await app.guest.signUpUser('Other')).client;
    // The other user acts between every step, so that their events interleave with the user's.
    const step = async (write: () => Promise<{ status: number }>, expected = [200, 201]) => {
      expect(expected).toContain((await write()).status);
      await other.post('/user/history', { video: video(V1) });
      await other.delete(`/user/history/${V1}`);
    };
    await step(() => user.post('/user/likes', { video: video(V1) }));
    await step(() => user.delete(`/user/likes/${V1}`));
    await step(() => user.post('/user/watchlater', { video: video(V2) }));
    await step(() => user.delete(`/user/watchlater/${V2}`));
    await step(() => user.post('/user/history', { video: video(V3) }));
    await step(() => user.delete(`/user/history/${V3}`));
    await step(() => user.post('/user/history', { video: video(V1) }));
    await step(() => user.delete('/user/history/all'));
    const created = await user.post('/user/playlists', { playlist: { title: 'Monitors <b>to</b> buy' } });
    playlistId = created.body.playlists[0]._id;
    await step(() => user.post(`/user/playlists/${playlistId}`, { video: video(V2) }));
    await step(() => user.delete(`/user/playlists/${playlistId}/${V2}`));
    await step(() => user.delete(`/user/playlists/${playlistId}`));
    await other.post('/user/playlists', { playlist: { title: 'Not yours' } });
  });

  test('every action of the user, newest first, with videos and playlist titles hydrated', async () => {
    const res = await user.get<Page>('/user/activity');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['activity', 'nextBefore']);
    expect(res.body.nextBefore).toBeNull();
    const title = 'Monitors <b>to</b> buy';
    expect(lines(res.body.activity)).toEqual([
      `PlaylistDeleted ${title}`,
      `VideoRemovedFromPlaylist ${V2} ${title}`,
      `VideoAddedToPlaylist ${V2} ${title}`,
      `PlaylistCreated ${title}`,
      'HistoryCleared',
      `VideoWatched ${V1}`,
      `VideoRemovedFromHistory ${V3}`,
      `VideoWatched ${V3}`,
      `VideoRemovedFromWatchLater ${V2}`,
      `VideoAddedToWatchLater ${V2}`,
      `VideoUnliked ${V1}`,
      `VideoLiked ${V1}`,
      'UserSignedUp',
    ]);
    const items = res.body.activity;
    const positions = items.map((i) => BigInt(i.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(new Set(positions).size).toBe(positions.length);
    for (const item of items) expect(new Date(item.at).toISOString()).toBe(item.at);
    expect(items.map((i) => i.at)).toEqual([...items.map((i) => i.at)].sort().reverse());
    // Full catalogue videos, never what the client posted; playlists as {_id, title}.
    // (As in the lists: `available`, false once the video is retired.)
    expect(items[1]!.video).toEqual({ ...(await app.guest.get(`/video/${V2}`)).body.video, available: true });
    expect(items[0]!.playlist).toEqual({ _id: playlistId, title });
    // The request and command behind it (docs/design/operating.md, "Correlation and causation").
    expect(Object.keys(items[4]!).sort()).toEqual(['at', 'causedBy', 'correlationId', 'position', 'type']);
  });

  test('paging with nextBefore covers every entry exactly once, newest first', async () => {
    const everything = (await user.get<Page>('/user/activity?limit=100')).body.activity;
    for (const limit of [1, 4, 13]) {
      const pages = await allPages(user, limit);
      for (const page of pages) expect(page.activity.length).toBeLessThanOrEqual(limit);
      expect(pages.flatMap((p) => p.activity)).toEqual(everything);
      expect(pages.at(-1)!.nextBefore).toBeNull();
      // No empty trailing page: nextBefore is only given when an older entry exists.
      expect(pages.every((p) => p.activity.length > 0)).toBe(true);
    }
    const [first] = await allPages(user, 4);
    expect(first!.nextBefore).toBe(first!.activity[3]!.position);
  });

  test('the default page is 20 entries, and the next page continues it', async () => {
    const { client } = await app.guest.signUpUser('Busy');
    const videos = (await app.guest.get('/videos')).body.videos as { _id: string }[];
    for (const v of videos) await client.post('/user/likes', { video: v });
    for (const v of videos) await client.delete(`/user/likes/${v._id}`);
    const first = await client.get<Page>('/user/activity');
    expect(first.body.activity).toHaveLength(20);
    const rest = await client.get<Page>(`/user/activity?before=${first.body.nextBefore}`);
    expect(rest.body.activity).toHaveLength(5);
    expect(rest.body.nextBefore).toBeNull();
    expect(rest.body.activity.at(-1)!.type).toBe('UserSignedUp');
    expect(first.body.activity[0]).toMatchObject({ type: 'VideoUnliked', video: { _id: videos.at(-1)!._id } });
  });

  test('another user’s events never appear, and their own timeline holds only theirs', async () => {
    const mine = (await user.get<Page>('/user/activity?limit=100')).body.activity;
    const theirs = (await other.get<Page>('/user/activity?limit=100')).body.activity;
    expect(lines(mine)).not.toContain('PlaylistCreated Not yours');
    expect(lines(theirs)[0]).toBe('PlaylistCreated Not yours');
    expect(theirs.filter((i) => i.type === 'VideoWatched')).toHaveLength(11);
    const minePositions = new Set(mine.map((i) => i.position));
    expect(theirs.some((i) => minePositions.has(i.position))).toBe(false);
    // Paging the user's timeline with a cursor taken from the other's never reveals theirs.
    const mixed = await user.get<Page>(`/user/activity?limit=100&before=${theirs[0]!.position}`);
    expect(mixed.body.activity.every((i) => minePositions.has(i.position))).toBe(true);
  });

  test('no password, hash or email anywhere in the body', async () => {
    const { client, email } = await app.guest.signUpUser('Secret');
    await client.post('/user/likes', { video: video(V1) });
    const res = await client.get('/user/activity');
    const text = JSON.stringify(res.body);
    expect(res.body.activity.map((i: Item) => i.type)).toEqual(['VideoLiked', 'UserSignedUp']);
    expect(text).not.toMatch(/password|scrypt|hash/i);
    expect(text).not.toContain(email);
  });

  test.each([
    ['limit=0', 'limit must be an integer from 1 to 100'],
    ['limit=101', 'limit must be an integer from 1 to 100'],
    ['limit=abc', 'limit must be an integer from 1 to 100'],
    ['limit=1.5', 'limit must be an integer from 1 to 100'],
    ['limit=-1', 'limit must be an integer from 1 to 100'],
    ['limit=', 'limit must be an integer from 1 to 100'],
    ['limit=1&limit=2', 'limit must be an integer from 1 to 100'],
    ['before=0', 'before must be a positive integer: the nextBefore of the previous page'],
    ['before=-5', 'before must be a positive integer: the nextBefore of the previous page'],
    ['before=1e3', 'before must be a positive integer: the nextBefore of the previous page'],
    ['before=%20%207', 'before must be a positive integer: the nextBefore of the previous page'],
  ])('?%s → 400 with a clear message', async (query, message) => {
    const res = await user.get(`/user/activity?${query}`);
    expect(res).toMatchObject({ status: 400, body: { errors: [message] } });
  });

  test('hostile query strings get a 4xx with {errors}, never a 5xx', async () => {
    const queries = [
      'limit[]=1',
      'limit[a]=1',
      '__proto__[limit]=1',
      'constructor[prototype][x]=1',
      'limit=%00',
      'limit=%F0%28',
      'before=%ED%A0%80',
      'before=123456789012345678901234',
      'before=9007199254740993',
      'limit=%EF%BC%91',
      `limit=${'9'.repeat(5000)}`,
      'before=1&before=2',
      'limit=1%20',
      'before=0x10',
    ];
    for (const query of queries) {
      const res = await user.get(`/user/activity?${query}`);
      expect({ query, status: res.status < 500 }).toEqual({ query, status: true });
      if (res.status >= 400) expect(res.body).toEqual({ errors: [expect.any(String)] });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('a cursor beyond any position, and unknown query keys, are harmless', async () => {
    const all = (await user.get<Page>('/user/activity?limit=100')).body;
    expect((await user.get<Page>('/user/activity?limit=100&before=99999999999999999999')).body).toEqual(all);
    expect((await user.get<Page>('/user/activity?limit=100&foo=bar')).body).toEqual(all);
    expect(await user.get('/user/activity?before=1')).toMatchObject({ status: 200, body: { activity: [], nextBefore: null } });
  });

  test('without a token → 401; a valid token of a user that does not exist → 404', async () => {
    expect((await app.guest.get('/user/activity')).status).toBe(401);
    const secret = readFileSync(`${app.server.dataDir}/jwt-secret`, 'utf8');
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ _id: '00000000-0000-5000-8000-000000000000', email: 'ghost@example.com', iat: now, exp: now + 600 })}`;
    const ghost = app.guest.withToken(`${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`);
    expect(await ghost.get('/user/activity')).toMatchObject({ status: 404, body: { errors: [USER_NOT_FOUND] } });
  });
});

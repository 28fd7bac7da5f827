import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient } from '../support/api-client';
import { signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

/** The living catalogue (docs/design/catalogue.md): operators publish, edit, retire and restore; everyone reads. */
type Video = {
  _id: string;
  title: string;
  likeCount: number;
  viewCount: number;
  likes: string;
  available?: boolean;
  categoryName: string;
  category: string;
};

const TELEVISION = '5b4a1c3e-8d2f-4c55-9a61-0c2f4d7e1a01';
let serial = 0;
/** A fresh, valid video id (11 characters), unique within the run. */
const newId = () => `T${Date.now().toString(36).slice(-5)}${(serial++).toString(36).padStart(5, '0')}`.slice(0, 11);
const video = (over: Record<string, unknown> = {}) => ({
  _id: newId(),
  title: 'A test video',
  description: 'What this is about',
  category: 'television',
  channel: 'Test Channel',
  duration: '3:21',
  ...over,
});
const ids = (videos: { _id: string }[]) => videos.map((v) => v._id);

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('the catalogue on the %s read model', (variant) => {
  const app = useAppOn(variant);
  let operator: ApiClient;

  beforeAll(async () => {
    operator = (await signUpOperator(app.server)).client;
  });

  test('guests get 401 and users who are not operators 403 on every operator route; nothing changes', async () => {
    const user = (await app.guest.signUpUser('Plain')).client;
    const id = app.videoIds[0]!;
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/videos'],
      ['POST', '/admin/videos', { video: video() }],
      ['PATCH', `/admin/videos/${id}`, { video: { title: 'Hijacked' } }],
      ['DELETE', `/admin/videos/${id}`],
      ['POST', `/admin/videos/${id}/restore`],
      ['POST', '/admin/videos/import', { videos: [video()] }],
      ['POST', '/admin/categories', { category: { name: 'Hijack' } }],
    ];
    for (const [method, path, body] of routes) {
      expect((await app.guest.request(method, path, body)).status).toBe(401);
      expect(await user.request(method, path, body)).toMatchObject({ status: 403, body: { errors: [ERRORS.NOT_AN_OPERATOR.message] } });
    }
    expect((await app.guest.get(`/video/${id}`)).body.video.title).not.toBe('Hijacked');
    expect(ids((await app.guest.get('/videos')).body.videos)).toEqual(app.videoIds);
  });

  test('publish by link, read it everywhere, edit it, 409 for an id already published', async () => {
    const id = newId();
    const created = await operator.post('/admin/videos', { video: { ...video(), _id: undefined, url: `https://youtu.be/${id}?si=x` } });
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({
      _id: id,
      id,
      title: 'A test video',
      category: 'Television',
      categoryName: 'television',
      categoryId: TELEVISION,
      thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      likeCount: 0,
      viewCount: 0,
      likes: '0',
      views: '0',
      channelId: 'test-channel',
      available: true,
    });
    expect((await app.guest.get(`/video/${id}`)).body.video.title).toBe('A test video');
    const all = (await app.guest.get('/videos')).body;
    expect(ids(all.videos).slice(-1)).toEqual([id]);
    expect(all.next).toBeNull();

    const edited = await operator.request('PATCH', `/admin/videos/${id}`, { video: { title: '  Better title ', duration: '1:02:03' } });
    expect(edited).toMatchObject({ status: 200, body: { video: { _id: id, title: 'Better title', duration: '1:02:03' } } });
    expect((await app.guest.get(`/video/${id}`)).body.video.title).toBe('Better title');

    expect(await operator.post('/admin/videos', { video: video({ _id: id }) })).toMatchObject({
      status: 409,
      body: { errors: [ERRORS.VIDEO_EXISTS.message] },
    });
  });

  test('bad videos are refused with every reason and change nothing', async () => {
    const before = (await app.guest.get('/videos')).body.videos.length;
    const cases: [Record<string, unknown>, string][] = [
      [video({ title: '   ' }), 'video.title must not be empty'],
      [video({ title: 'x\u202Eevil' }), 'video.title must not contain bidirectional override characters'],
      [video({ title: '\u200B\u3164\u2800' }), 'video.title must contain visible characters'],
      [video({ title: 'bell\u0007' }), 'video.title must not contain control characters'],
      [video({ title: 'x'.repeat(201) }), 'video.title must be shorter than or equal to 200 characters'],
      [video({ description: 'fine\u2066hidden' }), 'video.description must not contain bidirectional override characters'],
      [video({ channel: '' }), 'video.channel must not be empty'],
      [video({ category: 'no-such-category' }), 'video.category must name an existing category'],
      [video({ _id: 'short' }), 'video._id must be a video id'],
      [video({ duration: '99 minutes' }), 'video.duration must be m:ss or h:mm:ss'],
      [{ ...video(), _id: undefined, url: 'https://evil.example/watch?v=abcdefghijk' }, 'video.url must be a YouTube link or a video id'],
    ];
    for (const [body, message] of cases) {
      const res = await operator.post('/admin/videos', { video: body });
      expect(res.status).toBe(400);
      expect((res.body.errors as string[]).some((error) => error.startsWith(message))).toBe(true);
    }
    expect((await app.guest.get('/videos')).body.videos.length).toBe(before);
  });

  test('retire: gone from the catalogue (410), a tombstone in all four lists, refused to add, removable; restore brings it back with its counts', async () => {
    const id = (await operator.post('/admin/videos', { video: video({ title: 'Soon retired' }) })).body.video._id as string;
    const { client: fan } = await app.guest.signUpUser('Fan');
    expect((await fan.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    expect((await fan.post('/user/watchlater', { video: { _id: id } })).status).toBe(201);
    expect((await fan.post('/user/history', { video: { _id: id } })).status).toBe(201);
    const playlist = (await fan.post('/user/playlists', { playlist: { title: 'Mine' } })).body.playlists[0]._id as string;
    expect((await fan.post(`/user/playlists/${playlist}`, { video: { _id: id } })).status).toBe(201);

    expect(await operator.delete(`/admin/videos/${id}`)).toMatchObject({ status: 200, body: { video: { _id: id, available: false } } });
    // The 410 carries the tombstone, so that a page linked to the video can still say what it was.
    expect(await app.guest.get(`/video/${id}`)).toMatchObject({
      status: 410,
      body: { errors: [ERRORS.VIDEO_RETIRED.message], video: { _id: id, title: 'Soon retired', available: false } },
    });
    expect(ids((await app.guest.get('/videos')).body.videos)).not.toContain(id);
    expect(ids((await app.guest.get('/videos?q=retired')).body.videos)).not.toContain(id);

    for (const list of ['likes', 'watchlater', 'history']) {
      const entries = (await fan.get(`/user/${list}`)).body[list] as Video[];
      expect(entries.find((v) => v._id === id)).toMatchObject({ title: 'Soon retired', available: false });
    }
    const inPlaylist = (await fan.get(`/user/playlists/${playlist}`)).body.playlist.videos as Video[];
    expect(inPlaylist).toEqual([expect.objectContaining({ _id: id, available: false })]);

    const { client: late } = await app.guest.signUpUser('Late');
    expect(await late.post('/user/likes', { video: { _id: id } })).toMatchObject({
      status: 410,
      body: { errors: [ERRORS.VIDEO_RETIRED.message] },
    });
    expect((await late.get('/user/likes')).body.likes).toEqual([]);
    expect((await fan.delete(`/user/watchlater/${id}`)).status).toBe(200);
    expect(ids((await fan.get('/user/watchlater')).body.watchlater)).not.toContain(id);

    expect(await operator.post(`/admin/videos/${id}/restore`, {})).toMatchObject({
      status: 200,
      body: { video: { _id: id, available: true, likeCount: 1 } },
    });
    expect((await app.guest.get(`/video/${id}`)).body.video).toMatchObject({ likeCount: 1, likes: '1' });
    expect((await fan.get('/user/likes')).body.likes.find((v: Video) => v._id === id)).toMatchObject({ available: true });
  });

  test('likeCount is the users who like it now: 3 likes → 3, an unlike → 2, a deleted account → 1', async () => {
    const id = (await operator.post('/admin/videos', { video: video({ title: 'Counted' }) })).body.video._id as string;
    const fans = await Promise.all(['One', 'Two', 'Three'].map((name) => app.guest.signUpUser(name)));
    for (const { client } of fans) expect((await client.post('/user/likes', { video: { _id: id } })).status).toBe(201);
    const count = async () => (await app.guest.get(`/video/${id}`)).body.video.likeCount as number;
    expect(await count()).toBe(3);
    expect((await fans[0]!.client.delete(`/user/likes/${id}`)).status).toBe(200);
    expect(await count()).toBe(2);
    // A repeated like is a 409 and counts nothing.
    expect((await fans[1]!.client.post('/user/likes', { video: { _id: id } })).status).toBe(409);
    expect(await count()).toBe(2);
    const erased = await fans[1]!.client.request('DELETE', '/user', { password: 'password123' });
    expect(erased.status).toBe(200);
    await waitUntil(async () => (await count()) === 1);
    expect(await count()).toBe(1);
  });

  test('views: once per viewer per hour, guests by their session id, signed-in users by their token', async () => {
    const id = (await operator.post('/admin/videos', { video: video({ title: 'Watched' }) })).body.video._id as string;
    expect(await app.guest.post(`/video/${id}/views`, { viewer: 'guest-session-1' })).toMatchObject({
      status: 200,
      body: { counted: true, video: { viewCount: 1 } },
    });
    expect((await app.guest.post(`/video/${id}/views`, { viewer: 'guest-session-1' })).body).toMatchObject({ counted: false });
    expect((await app.guest.post(`/video/${id}/views`, { viewer: 'guest-session-2' })).body.counted).toBe(true);
    const { client } = await app.guest.signUpUser('Viewer');
    expect((await client.post(`/video/${id}/views`, {})).body.counted).toBe(true);
    expect((await client.post(`/video/${id}/views`, { viewer: 'another-one' })).body.counted).toBe(false);
    expect((await app.guest.get(`/video/${id}`)).body.video.viewCount).toBe(3);
    expect((await app.guest.post(`/video/${id}/views`, {})).status).toBe(400);
    expect((await app.guest.post('/video/nonexistent1/views', { viewer: 'guest-session-1' })).status).toBe(404);
  });

  test('search: accents and case do not matter, every word begins a word, title matches rank first', async () => {
    const inTitle = (await operator.post('/admin/videos', { video: video({ title: 'Écran Zorblux review', description: 'plain' }) })).body
      .video._id;
    const inDescription = (
      await operator.post('/admin/videos', { video: video({ title: 'Another look', description: 'An ecran zorbluxian deep dive' }) })
    ).body.video._id;
    const inChannel = (
      await operator.post('/admin/videos', { video: video({ title: 'Third', channel: 'Zorblux Labs', description: 'x' }) })
    ).body.video._id;
    const search = async (q: string) => ids((await app.guest.get(`/videos?q=${encodeURIComponent(q)}`)).body.videos);
    expect(await search('ZORBLUX')).toEqual([inTitle, inChannel, inDescription]);
    expect(await search('ecran zorb')).toEqual([inTitle, inDescription]);
    expect(await search('zorb écr')).toEqual([inTitle, inDescription]);
    expect(await search('orblux')).toEqual([]);
    expect(await search('zorblux nothingelse')).toEqual([]);
    const page = (await app.guest.get('/videos?q=zorblux&limit=1')).body;
    expect(ids(page.videos)).toEqual([inTitle]);
    expect(typeof page.next).toBe('string');
    const rest = (await app.guest.get(`/videos?q=zorblux&limit=5&cursor=${encodeURIComponent(page.next)}`)).body;
    expect(ids(rest.videos)).toEqual([inChannel, inDescription]);
    expect(rest.next).toBeNull();
  });

  test('pages are disjoint and complete in every sort, and stay so while videos are published between them', async () => {
    for (const sort of ['', 'popular', 'newest', 'title']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let published = 0;
      do {
        const query: string = `/videos?limit=5${sort ? `&sort=${sort}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await app.guest.get(query)).body as { videos: Video[]; next: string | null };
        seen.push(...ids(page.videos));
        cursor = page.next;
        // Someone publishes while this reader pages.
        if (published++ < 2)
          expect((await operator.post('/admin/videos', { video: video({ title: `Published meanwhile ${sort}` }) })).status).toBe(201);
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      const now = ids((await app.guest.get('/videos')).body.videos);
      const before = now.filter((id) => !seen.includes(id));
      // Only videos published during the paging may be missing, and only those.
      for (const id of before) expect((await app.guest.get(`/video/${id}`)).body.video.title).toMatch(/^Published meanwhile/);
    }
  });

  test('bad paging parameters are 400s: a limit outside 1–100, an unknown sort, a forged or reused cursor', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=1e2', 'sort=random']) {
      expect((await app.guest.get(`/videos?${query}`)).status).toBe(400);
    }
    const next = (await app.guest.get('/videos?limit=2')).body.next as string;
    const forged = `${next.slice(0, -2)}${next.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await app.guest.get(`/videos?limit=2&cursor=${encodeURIComponent(forged)}`)).toMatchObject({
      status: 400,
      body: { errors: [ERRORS.INVALID_CURSOR.message] },
    });
    expect((await app.guest.get(`/videos?limit=2&sort=title&cursor=${encodeURIComponent(next)}`)).status).toBe(400);
    expect((await app.guest.get('/videos?cursor=not-a-cursor')).status).toBe(400);
    expect((await app.guest.get('/videos?category=no-such-category')).status).toBe(404);
  });

  test('a category filter takes the name videos carry, in any case, as well as the slug and the id', async () => {
    const bySlug = ids((await app.guest.get('/videos?category=television&limit=100')).body.videos);
    expect(bySlug.length).toBeGreaterThan(0);
    for (const reference of ['Television', 'TELEVISION', TELEVISION]) {
      const res = await app.guest.get(`/videos?category=${encodeURIComponent(reference)}&limit=100`);
      expect({ reference, status: res.status, videos: ids(res.body.videos) }).toEqual({ reference, status: 200, videos: bySlug });
    }
    const shown = (await app.guest.get('/videos?category=Television&limit=100')).body.videos as Video[];
    expect(new Set(shown.map((video) => video.category))).toEqual(new Set(['Television']));
    expect((await app.guest.get('/videos?category=Televisio')).status).toBe(404);
  });

  test('categories carry slug and title and videos categoryName, so a client filtering on slugs works; operators manage them', async () => {
    const categories = (await app.guest.get('/categories')).body.categories as {
      _id: string;
      categoryName: string;
      slug: string;
      title: string;
    }[];
    expect(categories.slice(0, 3).map(({ categoryName, slug, title }) => ({ categoryName, slug, title }))).toEqual([
      { categoryName: 'Television', slug: 'television', title: 'Television' },
      { categoryName: 'Monitor', slug: 'monitor', title: 'Monitor' },
      { categoryName: 'Smartphone', slug: 'smartphone', title: 'Smartphone' },
    ]);
    const all = (await app.guest.get('/videos')).body.videos as Video[];
    const phones = ids((await app.guest.get('/videos?category=smartphone&limit=100')).body.videos);
    expect(phones).toEqual(ids(all.filter((v) => v.categoryName === 'smartphone')));
    expect(phones.length).toBeGreaterThan(0);
    expect((await app.guest.get('/categories/smartphone')).body.category.videos.length).toBe(phones.length);

    const created = await operator.post('/admin/categories', { category: { name: `Laptops ${variant}`, title: 'Laptops' } });
    expect(created).toMatchObject({
      status: 201,
      body: { category: { categoryName: `Laptops ${variant}`, slug: `laptops-${variant}`, title: 'Laptops' } },
    });
    const laptopId = created.body.category._id as string;
    expect((await operator.post('/admin/categories', { category: { name: `laptops ${variant}` } })).status).toBe(409);
    const id = (await operator.post('/admin/videos', { video: video({ category: `laptops-${variant}` }) })).body.video._id as string;
    expect(await operator.delete(`/admin/categories/${laptopId}`)).toMatchObject({
      status: 409,
      body: { errors: [ERRORS.CATEGORY_NOT_EMPTY.message] },
    });
    const renamed = await operator.request<{ category: unknown }>('PATCH', `/admin/categories/${laptopId}`, {
      category: { title: 'Notebooks', description: 'Portable computers' },
    });
    expect(renamed.body.category).toMatchObject({ title: 'Notebooks', description: 'Portable computers', slug: `laptops-${variant}` });
    expect((await app.guest.get(`/video/${id}`)).body.video).toMatchObject({
      category: `Laptops ${variant}`,
      categoryName: `laptops-${variant}`,
    });
    // Retired, it still names the category (docs/design/catalogue.md, "Categories and their videos"): moved, it no longer does.
    expect((await operator.delete(`/admin/videos/${id}`)).status).toBe(200);
    expect((await operator.delete(`/admin/categories/${laptopId}`)).status).toBe(409);
    expect((await operator.request('PATCH', `/admin/videos/${id}`, { video: { category: 'television' } })).status).toBe(200);
    expect((await operator.delete(`/admin/categories/${laptopId}`)).status).toBe(200);
    expect(ids((await app.guest.get('/categories')).body.categories)).not.toContain(laptopId);
  });

  test('import: added, skipped and refused entry by entry; bounded in entries and bytes', async () => {
    const existing = app.videoIds[0]!;
    const fresh = video();
    const res = await operator.post('/admin/videos/import', {
      videos: [fresh, video({ _id: existing }), video({ title: '' }), { ...fresh }, 'not an object'],
    });
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual([fresh._id]);
    expect(res.body.skipped).toEqual([
      { index: 1, _id: existing, reason: 'already in the catalogue' },
      { index: 3, _id: fresh._id, reason: 'twice in this import' },
    ]);
    expect(res.body.refused.map((r: { index: number }) => r.index)).toEqual([2, 4]);
    expect((await app.guest.get(`/video/${fresh._id}`)).status).toBe(200);
    const tooMany = await operator.post('/admin/videos/import', { videos: Array.from({ length: 10_001 }, () => ({})) });
    expect(tooMany).toMatchObject({ status: 413, body: { errors: [ERRORS.CATALOGUE_IMPORT_TOO_LARGE.message] } });
    // Bounded in bytes too: 8 MB at most, refused before it is parsed; other routes keep their 100 kB.
    const huge = await operator.post('/admin/videos/import', { videos: [video({ description: 'x'.repeat(8 * 1024 * 1024) })] });
    expect(huge.status).toBe(413);
    const large = await operator.post('/admin/videos/import', {
      videos: [video({ description: 'word '.repeat(1000) })],
      pad: 'x'.repeat(200_000),
    });
    expect(large.status).toBe(200);
    expect((await operator.post('/admin/videos', { video: video({ description: 'x'.repeat(200_000) }) })).status).toBe(413);
  });

  test('import: a body without an array of videos is a 400 naming the field; a malformed entry is refused on its own', async () => {
    for (const body of [{}, { videos: 'not a list' }, { videos: null }]) {
      const res = await operator.post('/admin/videos/import', body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.stringMatching(/^videos /)]);
    }
    const lone = await operator.post('/admin/videos/import', { videos: [video({ title: 'Lone \uD800' })] });
    expect(lone.status).toBe(400);
    const deep = await operator.post('/admin/videos/import', { videos: [video(), { nested: { a: { b: { c: 1 } } }, title: 5 }] });
    expect(deep.status).toBe(200);
    expect(deep.body.refused.map((r: { index: number }) => r.index)).toEqual([1]);
  });

  test('an edit changes the ETag: a client revalidating sees it on its next GET', async () => {
    const id = (await operator.post('/admin/videos', { video: video({ title: 'Cached' }) })).body.video._id as string;
    const first = await app.guest.get(`/video/${id}`);
    const etag = first.headers.get('etag')!;
    expect((await app.guest.request('GET', `/video/${id}`, undefined, { 'if-none-match': etag })).status).toBe(304);
    await operator.request('PATCH', `/admin/videos/${id}`, { video: { title: 'Cached, then edited' } });
    const after = await app.guest.request<{ video: Video }>('GET', `/video/${id}`, undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.video.title).toBe('Cached, then edited');
    expect(after.headers.get('etag')).not.toBe(etag);

    // A page asked again is the kept answer: the same bytes and headers, its Link to the next page included.
    const [page, again] = [await app.guest.get('/videos?limit=1'), await app.guest.get('/videos?limit=1')];
    expect(again.body).toEqual(page.body);
    expect(page.headers.get('link')).toMatch(/^<\/api\/videos\?limit=1&cursor=[^>]+>; rel="next"$/);
    for (const header of ['link', 'etag', 'cache-control', 'content-type'])
      expect(again.headers.get(header)).toBe(page.headers.get(header));
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

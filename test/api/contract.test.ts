import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

const V1 = 'BJrsmM6aEYE';
const V2 = 'yoigsHYc77s';
const V3 = '9XdS9sShG5Q';
const video = (id: string) => ({ _id: id, title: 'whatever the client had', views: '1' });
const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('API contract (docs/api.md) on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  let user: ApiClient;

  beforeAll(async () => {
    user = (await app.guest.signUpUser('Contract')).client;
  });

  test('POST /auth/signup → 201 {encodedToken, createdUser} with empty lists and no password', async () => {
    const email = `Signup-${Date.now()}@Example.com`;
    const res = await app.guest.post('/auth/signup', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `  ${email} `,
      password: 'adapass123',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['createdUser', 'encodedToken']);
    const created = res.body.createdUser;
    expect(created).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: email.toLowerCase(),
      likes: [],
      history: [],
      playlists: [],
      watchlater: [],
    });
    // Random (SECURITY.md §10): a version-4 UUID, never derived from the email.
    expect(created._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(created.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|adapass123|scrypt/i);
    const payload = JSON.parse(Buffer.from(res.body.encodedToken.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ _id: created._id, email: email.toLowerCase() });
    expect(payload.exp).toBeGreaterThan(payload.iat);
  });

  test('POST /auth/login → 200 {encodedToken, foundUser} without the password', async () => {
    const res = await app.guest.post('/auth/login', { email: 'guest@example.com', password: 'guestpass123' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['encodedToken', 'foundUser']);
    expect(res.body.foundUser).toMatchObject({ email: 'guest@example.com', firstName: 'Guest' });
    expect(res.body.foundUser).not.toHaveProperty('password');
    expect(JSON.stringify(res.body)).not.toMatch(/guestpass123|scrypt|passwordHash/);
    expect((await app.guest.withToken(res.body.encodedToken).get('/user/likes')).status).toBe(200);
  });

  test('GET /videos, /video/{id}, /categories, /categories/{id} serve the seeded catalogue', async () => {
    const videos = await app.guest.get('/videos');
    expect(videos.status).toBe(200);
    expect(videos.body.videos).toHaveLength(12);
    for (const v of videos.body.videos) {
      expect(Object.keys(v).sort()).toEqual([
        '_id',
        'category',
        'categoryId',
        'categoryName',
        'channel',
        'channelAvatar',
        'channelId',
        'creator',
        'description',
        'duration',
        'id',
        'likeCount',
        'likes',
        'publishedAt',
        'thumbnail',
        'title',
        'viewCount',
        'views',
      ]);
      expect(v.duration).toMatch(/^\d{1,2}:\d{2}$/);
      expect(v.thumbnail).toBe(`https://i.ytimg.com/vi/${v._id}/hqdefault.jpg`);
    }
    const categories = await app.guest.get('/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.categories.map((c: any) => c.categoryName).sort()).toEqual(['Monitor', 'Smartphone', 'Television']);
    const names = new Set(categories.body.categories.map((c: any) => c.categoryName));
    expect(videos.body.videos.every((v: any) => names.has(v.category))).toBe(true);

    const one = await app.guest.get(`/video/${V1}`);
    expect(one.status).toBe(200);
    expect(one.body.video._id).toBe(V1);
    const category = categories.body.categories[1];
    expect(await app.guest.get(`/categories/${category._id}`)).toMatchObject({ status: 200, body: { category } });
    // The same category by its slug, as clients that select categories by slug ask for it.
    expect(await app.guest.get(`/categories/${category.slug}`)).toMatchObject({ status: 200, body: { category } });
    expect((await app.guest.get('/video/nope')).status).toBe(404);
    expect((await app.guest.get('/categories/nope')).status).toBe(404);
  });

  test.each([
    ['likes', '/user/likes', 'likes'],
    ['watch later', '/user/watchlater', 'watchlater'],
    ['history', '/user/history', 'history'],
  ])('%s: GET → 200, POST → 201, DELETE → 200, oldest first, full video objects', async (_name, path, key) => {
    const { client } = await app.guest.signUpUser('Lists');
    expect(await client.get(path)).toMatchObject({ status: 200, body: { [key]: [] } });
    expect((await client.post(path, { video: video(V1) })).status).toBe(201);
    expect((await client.post(path, { video: video(V2) })).status).toBe(201);
    const added = await client.post(path, { video: video(V3) });
    expect(added.status).toBe(201);
    expect(Object.keys(added.body)).toEqual([key]);
    expect(ids(added.body[key])).toEqual([V1, V2, V3]);
    // The catalogue, not the client, is the source of a video's fields.
    expect(added.body[key][0].title).toBe('Unboxing Every Google Pixel 3 XL + Pixel 3');

    const removed = await client.delete(`${path}/${V2}`);
    expect(removed.status).toBe(200);
    expect(ids(removed.body[key])).toEqual([V1, V3]);
    // Re-adding puts it last: lists keep the order items were added.
    expect(ids((await client.post(path, { video: video(V2) })).body[key])).toEqual([V1, V3, V2]);
    expect(ids((await client.get(path)).body[key])).toEqual([V1, V3, V2]);
  });

  test('GET /user/watchlater/ with the trailing slash the client uses', async () => {
    const { client } = await app.guest.signUpUser('Slash');
    await client.post('/user/watchlater', { video: video(V1) });
    const res = await client.get('/user/watchlater/');
    expect(res.status).toBe(200);
    expect(ids(res.body.watchlater)).toEqual([V1]);
  });

  test('DELETE /user/history/all → 200 with an empty history ("all" is not a video id)', async () => {
    const { client } = await app.guest.signUpUser('History');
    await client.post('/user/history', { video: video(V1) });
    await client.post('/user/history', { video: video(V2) });
    expect(await client.delete('/user/history/all')).toMatchObject({ status: 200, body: { history: [] } });
    expect(await client.get('/user/history')).toMatchObject({ status: 200, body: { history: [] } });
    // Clearing an empty history is fine too.
    expect(await client.delete('/user/history/all')).toMatchObject({ status: 200, body: { history: [] } });
  });

  test('playlists: every row of §7 with its status and body key', async () => {
    const { client } = await app.guest.signUpUser('Playlists');
    expect(await client.get('/user/playlists')).toMatchObject({ status: 200, body: { playlists: [] } });

    const created = await client.post('/user/playlists', { playlist: { title: 'Monitors to buy', description: 'desk' } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['playlists']);
    expect(created.body.playlists).toEqual([{ _id: expect.any(String), title: 'Monitors to buy', description: 'desk', videos: [] }]);
    const playlistId = created.body.playlists[0]._id;
    await client.post('/user/playlists', { playlist: { title: 'Second' } });

    const one = await client.get(`/user/playlists/${playlistId}`);
    expect(one).toMatchObject({ status: 200, body: { playlist: { _id: playlistId, title: 'Monitors to buy', videos: [] } } });

    expect((await client.post(`/user/playlists/${playlistId}`, { video: video(V2) })).status).toBe(201);
    const added = await client.post(`/user/playlists/${playlistId}`, { video: video(V1) });
    expect(added.status).toBe(201);
    expect(Object.keys(added.body)).toEqual(['playlist']);
    expect(ids(added.body.playlist.videos)).toEqual([V2, V1]);

    const removed = await client.delete(`/user/playlists/${playlistId}/${V2}`);
    expect(removed.status).toBe(200);
    expect(ids(removed.body.playlist.videos)).toEqual([V1]);

    const all = await client.get('/user/playlists');
    expect(all.body.playlists.map((p: any) => p.title)).toEqual(['Monitors to buy', 'Second']);
    expect(ids(all.body.playlists[0].videos)).toEqual([V1]);

    const deleted = await client.delete(`/user/playlists/${playlistId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.playlists.map((p: any) => p.title)).toEqual(['Second']);
    expect((await client.get(`/user/playlists/${playlistId}`)).status).toBe(404);
  });

  test('a user route works with the token raw or as "Bearer <token>"', async () => {
    const raw = await user.get('/user/likes');
    const bearer = await user.withToken(`Bearer ${user.token}`).get('/user/likes');
    expect(raw.status).toBe(200);
    expect(bearer.status).toBe(200);
  });

  // The shapes of the mockBee video-library template (docs/compatibility.md), which the
  // published clients built on it read. Additions only: every assertion above still holds.
  describe('the mockBee template shapes', () => {
    /** Every catalogue-video-shaped object (it has a thumbnail and a channel) anywhere in a body. */
    const videoObjects = (value: unknown): any[] => {
      if (Array.isArray(value)) return value.flatMap(videoObjects);
      if (typeof value !== 'object' || value === null) return [];
      const own = 'thumbnail' in value && 'channel' in value ? [value] : [];
      return [...own, ...Object.values(value).flatMap(videoObjects)];
    };

    test('every video object of every answer carries `creator`, the channel name, and `id`, its `_id`', async () => {
      const { client, email } = await app.guest.signUpUser('Creator');
      const answers: Array<[string, { status: number; body: any }]> = [];
      const record = async (label: string, res: Promise<{ status: number; body: any }>) => {
        const answer = await res;
        answers.push([label, answer]);
        return answer;
      };
      const categories = (await app.guest.get('/categories')).body.categories;
      await record('GET /videos', app.guest.get('/videos'));
      await record('GET /video/{id}', app.guest.get(`/video/${V1}`));
      await record('GET /categories/{id}', app.guest.get(`/categories/${categories[0]._id}`));
      await record('POST /user/likes', client.post('/user/likes', { video: video(V1) }));
      await client.post('/user/likes', { video: video(V2) });
      await record('POST /user/watchlater', client.post('/user/watchlater', { video: video(V2) }));
      await record('POST /user/history', client.post('/user/history', { video: video(V3) }));
      const created = await client.post('/user/playlists', { playlist: { title: 'Mine' } }); // an empty playlist
      const playlistId = created.body.playlists[0]._id;
      await record('POST /user/playlists/{id}', client.post(`/user/playlists/${playlistId}`, { video: video(V2) }));
      await client.post(`/user/playlists/${playlistId}`, { video: video(V1) });
      await record('POST /user/likes (then undone)', client.post('/user/likes', { video: video(V3) }));
      await record('POST /user/undo', client.post('/user/undo'));
      await record('GET /user/likes', client.get('/user/likes'));
      await record('GET /user/watchlater', client.get('/user/watchlater'));
      await record('GET /user/history', client.get('/user/history'));
      await record('GET /user/playlists', client.get('/user/playlists'));
      await record('GET /user/playlists/{id}', client.get(`/user/playlists/${playlistId}`));
      await record('GET /user/activity', client.get('/user/activity'));
      await record('GET /user/library', client.get(`/user/library?asOf=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`));
      await record('POST /auth/login', app.guest.post('/auth/login', { email, password: 'password123' }));
      await record('DELETE /user/playlists/{id}/{videoId}', client.delete(`/user/playlists/${playlistId}/${V2}`));
      await record('DELETE /user/likes/{id}', client.delete(`/user/likes/${V2}`));

      for (const [label, { status, body }] of answers) {
        const videos = videoObjects(body);
        expect({ label, status: status < 300, hasVideos: videos.length > 0 }).toEqual({ label, status: true, hasVideos: true });
        for (const v of videos) expect({ label, id: v.id, creator: v.creator }).toEqual({ label, id: v._id, creator: v.channel });
      }
    });

    test('GET /categories/{id} answers the category with its videos', async () => {
      const all = (await app.guest.get('/videos')).body.videos;
      for (const category of (await app.guest.get('/categories')).body.categories) {
        const res = await app.guest.get(`/categories/${category._id}`);
        expect(res.status).toBe(200);
        expect(res.body.category).toEqual({ ...category, videos: all.filter((v: any) => v.category === category.categoryName) });
        expect(res.body.category.videos.length).toBeGreaterThan(0);
      }
    });

    test('signup with only {name, email, password} → 201, the name in createdUser and in foundUser at login', async () => {
      const email = `grace-${Date.now()}@example.com`;
      const res = await app.guest.post('/auth/signup', { name: 'Grace Brewster Hopper', email, password: 'gracepass123' });
      expect(res.status).toBe(201);
      const profile = { name: 'Grace Brewster Hopper', firstName: 'Grace', lastName: 'Brewster Hopper', email };
      expect(res.body.createdUser).toMatchObject({ ...profile, likes: [], history: [], playlists: [], watchlater: [] });
      const login = await app.guest.post('/auth/login', { email, password: 'gracepass123' });
      expect(login).toMatchObject({ status: 200, body: { foundUser: profile } });
    });

    test('signup with unknown extra fields → 201; they are ignored, neither stored nor returned', async () => {
      const email = `extra-${Date.now()}@example.com`;
      const res = await app.guest.post('/auth/signup', {
        firstName: 'Kay',
        username: 'kay',
        email,
        password: 'kaypass1234',
        confirmPassword: 'kaypass1234',
        terms: true,
        role: 'admin',
        address: { city: 'Lund' },
      });
      expect(res.status).toBe(201);
      expect(res.body.createdUser).toMatchObject({ firstName: 'Kay', lastName: '', username: 'kay', email });
      const login = await app.guest.post('/auth/login', { email, password: 'kaypass1234' });
      for (const user of [res.body.createdUser, login.body.foundUser]) {
        for (const field of ['confirmPassword', 'terms', 'role', 'address']) expect(user).not.toHaveProperty(field);
      }
    });

    test('a 400 names each broken field once, with the one rule it broke', async () => {
      const noEmail = await app.guest.post('/auth/signup', { name: 'No Mail', password: 'password123' });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.errors).toHaveLength(1);
      expect(noEmail.body.errors[0]).toMatch(/^email /);
      const twoBroken = await app.guest.post('/auth/signup', { firstName: 'x'.repeat(101), email: 'two@example.com', password: 42 });
      expect(twoBroken).toMatchObject({
        status: 400,
        body: { errors: ['firstName must be shorter than or equal to 100 characters', 'password must be a string'] },
      });
    });
  });
});

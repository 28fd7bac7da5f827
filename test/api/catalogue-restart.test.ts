import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { signUpOperator } from '../support/operators';

/**
 * Each instance folds its catalogue from the log when it starts: what a restart rebuilds (the videos,
 * retired ones, edits, categories, likes and views) must be exactly what the running app had built
 * change by change.
 */
describe('the catalogue after a restart', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-catalogue-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const everything = async (client: ApiClient) => ({
    videos: (await client.get('/admin/videos?status=all&limit=100&sort=popular')).body.videos,
    published: (await client.get('/videos')).body.videos,
    categories: (await client.get('/categories')).body.categories,
    search: (await client.get('/videos?q=restart')).body.videos,
  });

  test('rebuilds exactly what the running app showed', async () => {
    let before: unknown;
    let email: string;
    let app = await startApp({ dataDir });
    try {
      const operator = await signUpOperator(app, 'Keeper');
      email = operator.email;
      const op = operator.client;
      const category = (await op.post('/admin/categories', { category: { name: 'Cameras' } })).body.category._id;
      const ids = ['RestartVid1', 'RestartVid2', 'RestartVid3'];
      for (const [i, _id] of ids.entries()) {
        const video = {
          _id,
          title: `Restart ${i}`,
          category: i === 0 ? category : 'monitor',
          channel: 'Restart Channel',
          duration: '2:00',
        };
        expect((await op.post('/admin/videos', { video })).status).toBe(201);
      }
      await op.request('PATCH', '/admin/videos/RestartVid2', { video: { title: 'Restart edited', description: 'after the fact' } });
      await op.delete('/admin/videos/RestartVid3');
      const fans = await Promise.all(['A', 'B', 'C'].map((name) => new ApiClient(app.url).signUpUser(name)));
      for (const { client } of fans) await client.post('/user/likes', { video: { _id: 'RestartVid1' } });
      await fans[0]!.client.delete('/user/likes/RestartVid1');
      await fans[1]!.client.post('/user/likes', { video: { _id: 'BJrsmM6aEYE' } });
      for (const viewer of ['viewer-one', 'viewer-two']) await new ApiClient(app.url).post('/video/RestartVid2/views', { viewer });
      before = await everything(op);
    } finally {
      await app.close();
    }
    app = await startApp({ dataDir });
    try {
      const login = await new ApiClient(app.url).post('/auth/login', { email: email!, password: 'password123' });
      const after = await everything(new ApiClient(app.url, login.body.encodedToken));
      expect(after).toEqual(before);
      const counts = (after.videos as { _id: string; likeCount: number; viewCount: number }[]).filter((v) => v._id.startsWith('Restart'));
      expect(counts.map(({ _id, likeCount, viewCount }) => ({ _id, likeCount, viewCount }))).toEqual([
        { _id: 'RestartVid1', likeCount: 2, viewCount: 0 },
        { _id: 'RestartVid2', likeCount: 0, viewCount: 2 },
        { _id: 'RestartVid3', likeCount: 0, viewCount: 0 },
      ]);
    } finally {
      await app.close();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS, ReadModelVariant, readModelVariant } from '../support/read-models';

async function snapshot(client: ApiClient) {
  const [likes, watchlater, history, playlists] = await Promise.all([
    client.get('/user/likes'),
    client.get('/user/watchlater/'),
    client.get('/user/history'),
    client.get('/user/playlists'),
  ]);
  return { likes: likes.body, watchlater: watchlater.body, history: history.body, playlists: playlists.body };
}

describe.each(READ_MODEL_VARIANTS)('restart on the %s read model', (variantName) => {
  let variant: ReadModelVariant;
  let dataDir: string;

  beforeAll(async () => {
    variant = await readModelVariant(variantName);
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-restart-'));
  });
  afterAll(async () => {
    await variant?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every acknowledged write survives a restart, tokens keep working, and the guest is seeded once', async () => {
    const first = await variant.start({ dataDir });
    const signup = await new ApiClient(first.url).signUpUser('Durable');
    const videos = (await signup.client.get('/videos')).body.videos.map((v: { _id: string }) => v._id);
    for (const id of videos.slice(0, 4)) await signup.client.post('/user/likes', { video: { _id: id } });
    await signup.client.delete(`/user/likes/${videos[1]}`);
    await signup.client.post('/user/watchlater', { video: { _id: videos[5] } });
    await signup.client.post('/user/history', { video: { _id: videos[6] } });
    await signup.client.post('/user/history', { video: { _id: videos[7] } });
    const playlistId = (await signup.client.post('/user/playlists', { playlist: { title: 'Keep me' } })).body.playlists[0]._id;
    await signup.client.post(`/user/playlists/${playlistId}`, { video: { _id: videos[8] } });
    await signup.client
      .post('/user/playlists', { playlist: { title: 'Gone' } })
      .then((r) => signup.client.delete(`/user/playlists/${r.body.playlists[1]._id}`));
    const before = await snapshot(signup.client);
    await first.close();

    for (let restart = 1; restart <= 2; restart++) {
      const again = await variant.start({ dataDir });
      const client = new ApiClient(again.url, signup.client.token);
      expect(await snapshot(client)).toEqual(before);
      expect((await new ApiClient(again.url).post('/auth/login', { email: signup.email, password: 'password123' })).status).toBe(200);
      const guest = await new ApiClient(again.url).post('/auth/login', { email: 'guest@example.com', password: 'guestpass123' });
      const guestEvents = await again.store.readStream(`user-${guest.body.foundUser._id}`);
      expect(guestEvents.map((e) => e.type)).toEqual(['UserSignedUp']);
      await again.close();
    }
    expect(before.likes.likes.map((v: { _id: string }) => v._id)).toEqual([videos[0], videos[2], videos[3]]);
    expect(before.playlists.playlists.map((p: { title: string }) => p.title)).toEqual(['Keep me']);
  });
});

test('a fresh, empty Redis read model is rebuilt from the event store at start', async () => {
  const variant = await readModelVariant('redis');
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-rebuild-'));
  try {
    const first = await variant.start({ dataDir, redisPrefix: `rebuild-a-${Date.now()}` });
    const { client } = await new ApiClient(first.url).signUpUser('Rebuild');
    await client.post('/user/likes', { video: { _id: 'yx7daXdbDsI' } });
    await first.close();

    const second = await variant.start({ dataDir, redisPrefix: `rebuild-b-${Date.now()}` });
    const likes = await new ApiClient(second.url, client.token).get('/user/likes');
    expect(likes.body.likes.map((v: { _id: string }) => v._id)).toEqual(['yx7daXdbDsI']);
    await second.close();
  } finally {
    await variant.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

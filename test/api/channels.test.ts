import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Channels (slug ids), subscriptions and the feed. */
const ids = (list: { _id: string }[]) => list.map((x) => x._id);

describe.each(READ_MODEL_VARIANTS)('channels and subscriptions on the %s read model', (variant) => {
  const app = useAppOn(variant);

  test('GET /channels lists every catalogue channel with a slug id, avatar and video count; one channel has its videos', async () => {
    const res = await app.guest.get('/channels');
    expect(res.status).toBe(200);
    const channels = res.body.channels as { _id: string; name: string; avatar: string; videoCount: number }[];
    expect(channels.find((c) => c.name === 'Unbox Therapy')).toEqual({
      _id: 'unbox-therapy',
      name: 'Unbox Therapy',
      avatar: expect.stringMatching(/^data:image\/svg\+xml/),
      videoCount: 3,
    });
    for (const c of channels) expect(c._id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(channels.reduce((n, c) => n + c.videoCount, 0)).toBe(12);
    const videos = (await app.guest.get('/videos')).body.videos as { _id: string; channel: string; channelId: string }[];
    for (const v of videos) expect(channels.find((c) => c._id === v.channelId)?.name).toBe(v.channel);

    const one = await app.guest.get('/channels/marques-brownlee');
    expect(one.status).toBe(200);
    expect(one.body.channel).toMatchObject({ _id: 'marques-brownlee', name: 'Marques Brownlee', videoCount: 3 });
    expect(ids(one.body.videos)).toEqual(ids(videos.filter((v) => v.channel === 'Marques Brownlee')));
    expect(await app.guest.get('/channels/no-such-channel')).toMatchObject({
      status: 404,
      body: { errors: [ERRORS.CHANNEL_NOT_FOUND.message] },
    });
  });

  test('subscribe, 409 when already subscribed, the feed holds their videos, unsubscribe; each user’s own', async () => {
    const { client } = await app.guest.signUpUser('Follower');
    const other = (await app.guest.signUpUser('Other')).client;
    expect(await client.get('/user/subscriptions')).toMatchObject({ status: 200, body: { subscriptions: [] } });
    expect((await client.get('/user/feed')).body).toEqual({ videos: [] });

    const first = await client.post('/user/subscriptions', { channelId: 'the-verge' });
    expect(first.status).toBe(201);
    expect(ids(first.body.subscriptions)).toEqual(['the-verge']);
    expect((await client.post('/user/subscriptions', { channelId: 'digital-trends' })).status).toBe(201);
    expect(await client.post('/user/subscriptions', { channelId: 'the-verge' })).toMatchObject({
      status: 409,
      body: { errors: [ERRORS.ALREADY_SUBSCRIBED.message] },
    });
    expect(ids((await client.get('/user/subscriptions')).body.subscriptions)).toEqual(['the-verge', 'digital-trends']);
    const feed = (await client.get('/user/feed')).body.videos as { channel: string }[];
    expect(feed.map((v) => v.channel).sort()).toEqual(['Digital Trends', 'Digital Trends', 'The Verge']);
    expect((await other.get('/user/subscriptions')).body.subscriptions).toEqual([]);
    expect((await other.get('/user/feed')).body.videos).toEqual([]);

    const removed = await client.delete('/user/subscriptions/the-verge');
    expect(removed.status).toBe(200);
    expect(ids(removed.body.subscriptions)).toEqual(['digital-trends']);
    // Not subscribed: nothing to do, the list as it is.
    expect(ids((await client.delete('/user/subscriptions/the-verge')).body.subscriptions)).toEqual(['digital-trends']);
  });

  test('unknown channel or bad body → 404/400 and nothing changes; a guest gets 401', async () => {
    const { client } = await app.guest.signUpUser('Wrong');
    const head = await app.server.store.headPosition();
    expect(await client.post('/user/subscriptions', { channelId: 'nobody' })).toMatchObject({
      status: 404,
      body: { errors: [ERRORS.CHANNEL_NOT_FOUND.message] },
    });
    expect((await client.delete('/user/subscriptions/nobody')).status).toBe(404);
    for (const body of [{}, { channelId: '' }, { channelId: 5 }, { channelId: 'x'.repeat(101) }]) {
      expect((await client.post('/user/subscriptions', body)).status).toBe(400);
    }
    expect(await app.server.store.headPosition()).toBe(head);
    expect((await app.guest.post('/user/subscriptions', { channelId: 'the-verge' })).status).toBe(401);
    expect((await app.guest.get('/user/feed')).status).toBe(401);
  });

  test('undo reverts a subscription; export and import carry subscriptions; time-travel shows them', async () => {
    const { client } = await app.guest.signUpUser('Library');
    await client.post('/user/subscriptions', { channelId: 'linus-tech-tips' });
    await client.post('/user/subscriptions', { channelId: 'shortcircuit' });
    expect((await client.post('/user/undo')).status).toBe(200);
    expect(ids((await client.get('/user/subscriptions')).body.subscriptions)).toEqual(['linus-tech-tips']);

    const document = (await client.get('/user/export')).body;
    expect(document.subscriptions).toEqual(['linus-tech-tips']);
    const asOf = await client.get(`/user/library?asOf=${encodeURIComponent(new Date().toISOString())}`);
    expect(ids(asOf.body.subscriptions)).toEqual(['linus-tech-tips']);

    const fresh = (await app.guest.signUpUser('Fresh')).client;
    const imported = await fresh.post('/user/import', { ...document, subscriptions: ['linus-tech-tips', 'nobody'] });
    expect(imported.status).toBe(200);
    expect(imported.body.imported.subscriptions).toBe(1);
    expect(ids((await fresh.get('/user/subscriptions')).body.subscriptions)).toEqual(['linus-tech-tips']);
    expect((await fresh.post('/user/import', document)).body.imported.subscriptions).toBe(0);
  });
});

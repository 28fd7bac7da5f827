import { ApiClient } from '../support/api-client';
import { OpenStream, openStream } from '../support/live-stream';
import { useTwoInstances } from '../support/two-instances';

/**
 * Live changes across instances (docs/design/live-updates.md, "Where changes come from"): each instance
 * follows the whole log, so a change made through one reaches a stream held on another.
 */
describe('live changes across two instances on one store and one Redis', () => {
  const open: OpenStream[] = [];
  // Declared first, so that it runs first: the streams close before the instances stop.
  afterAll(() => {
    for (const stream of open) stream.close();
  });
  const twins = useTwoInstances('live-twins');

  test('a change made through instance A reaches a stream held on instance B within 2 s, and the reverse', async () => {
    const { client } = await new ApiClient(twins.a.url).signUpUser('Twin');
    const onB = await openStream(twins.b.url, '/user/changes', { authorization: client.token! });
    const onA = await openStream(twins.a.url, '/user/changes', { authorization: client.token! });
    open.push(onB, onA);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const videoIds = (await client.get('/videos')).body.videos.map((video: { _id: string }) => video._id);

    const sent = performance.now();
    expect((await client.post('/user/likes', { video: { _id: videoIds[0] } })).status).toBe(201);
    const onOther = await onB.next('the like made through A, on B', (m) => m.data.type === 'VideoLiked', 2000);
    expect(onOther.at - sent).toBeLessThan(2000);
    // B already shows it to the refetch the message asks for.
    const viaB = new ApiClient(twins.b.url, client.token);
    expect((await viaB.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toContain(videoIds[0]);

    const back = performance.now();
    expect((await viaB.post('/user/watchlater', { video: { _id: videoIds[1] } })).status).toBe(201);
    const onFirst = await onA.next('the change made through B, on A', (m) => m.data.type === 'VideoAddedToWatchLater', 2000);
    expect(onFirst.at - back).toBeLessThan(2000);

    // A reconnect to the other instance resumes from the same positions: every instance saw the same log.
    onA.close();
    const resumed = await openStream(twins.b.url, '/user/changes', { authorization: client.token!, 'last-event-id': onOther.id! });
    open.push(resumed);
    expect((await resumed.next('the change since the like, on B')).data).toMatchObject({ what: 'watchlater', position: onFirst.id });
  });
});

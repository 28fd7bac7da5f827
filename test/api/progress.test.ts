import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { streams } from '../../backend/src/events/app-events';
import { NEAR_END_SECONDS, PROGRESS_STEP_SECONDS } from '../../backend/src/domain/progress/progress.list';
import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/** Resume where you left off. */
const TEN_MINUTES = '7IaYSxDp88s'; // "OnePlus 10 Pro Impressions", 10:05 = 605 s
const PIXEL = 'BJrsmM6aEYE'; // 10:24 = 624 s
const put = (client: ApiClient, videoId: string, body: unknown) => client.request<any>('PUT', `/user/progress/${videoId}`, body);
const progressOf = async (client: ApiClient) => (await client.get('/user/progress')).body.progress as any[];

describe.each(READ_MODEL_VARIANTS)('resume progress on the %s read model', (variant) => {
  const app = useAppOn(variant);

  test('a 10-minute video reported every 15 s stores 11 events: one per 60 s moved, then cleared near the end', async () => {
    const { client, userId } = await app.guest.signUpUser('Watcher');
    expect(PROGRESS_STEP_SECONDS).toBe(60);
    expect(NEAR_END_SECONDS).toBe(30);
    // 15, 30, …, 600: the player's 40 reports while playing the 605-second video to its end.
    for (let seconds = 15; seconds <= 600; seconds += 15) {
      const res = await put(client, TEN_MINUTES, { seconds });
      expect(res.status).toBe(200);
      if (seconds === 90) expect(res.body.progress).toEqual([expect.objectContaining({ videoId: TEN_MINUTES, seconds: 75 })]);
    }
    const stored = await app.server.store.readStream(streams.progress(userId));
    // Recorded at 15, 75, 135, …, 555 (10 events), cleared at 585 (within 30 s of the end): 11, not 40.
    expect(stored.map((e) => e.type)).toEqual([...Array(10).fill('PlaybackProgressRecorded'), 'PlaybackProgressCleared']);
    expect(stored.slice(0, 10).map((e) => (e.data as { seconds: number }).seconds)).toEqual([
      15, 75, 135, 195, 255, 315, 375, 435, 495, 555,
    ]);
    expect(await progressOf(client)).toEqual([]);
  });

  test('a stop (pause, leaving) is stored exactly; GET answers most recent first with the video; progress is the user’s own', async () => {
    const { client } = await app.guest.signUpUser('Resumer');
    const other = (await app.guest.signUpUser('Nosy')).client;
    await put(client, PIXEL, { seconds: 100 });
    expect((await put(client, PIXEL, { seconds: 112.9 })).body.progress[0].seconds).toBe(100);
    expect((await put(client, PIXEL, { seconds: 112.9, stopped: true })).body.progress[0].seconds).toBe(112);
    await put(client, TEN_MINUTES, { seconds: 42, stopped: true });
    const progress = await progressOf(client);
    expect(progress.map((p) => [p.videoId, p.seconds])).toEqual([
      [TEN_MINUTES, 42],
      [PIXEL, 112],
    ]);
    expect(progress[0]).toMatchObject({ updatedAt: expect.any(String), video: { _id: TEN_MINUTES, title: expect.any(String) } });
    expect(await progressOf(other)).toEqual([]);
    // Progress makes no lines in the activity timeline.
    const activity = (await client.get('/user/activity?limit=100')).body.activity.map((a: { type: string }) => a.type);
    expect(activity).toEqual(['UserSignedUp']);
  });

  test('bad input: negative, over the duration, not a number, unknown video → 4xx, nothing stored', async () => {
    const { client } = await app.guest.signUpUser('Bad');
    const head = await app.server.store.headPosition();
    expect(await put(client, PIXEL, { seconds: -1 })).toMatchObject({ status: 400, body: { errors: ['seconds must not be negative'] } });
    expect(await put(client, PIXEL, { seconds: 625 })).toMatchObject({
      status: 400,
      body: { errors: [ERRORS.PROGRESS_BEYOND_DURATION.message] },
    });
    expect((await put(client, PIXEL, '{"seconds":1e400}')).status).toBe(400);
    for (const seconds of ['10', null, undefined, [5]]) expect((await put(client, PIXEL, { seconds })).status).toBe(400);
    expect((await put(client, PIXEL, { seconds: 5, stopped: 'yes' })).status).toBe(400);
    expect(await put(client, 'nope', { seconds: 5 })).toMatchObject({ status: 404, body: { errors: [ERRORS.VIDEO_NOT_FOUND.message] } });
    expect(await app.server.store.headPosition()).toBe(head);
    expect(await progressOf(client)).toEqual([]);
    expect((await put(app.guest, PIXEL, { seconds: 5 })).status).toBe(401);
    expect((await app.guest.get('/user/progress')).status).toBe(401);
  });

  test('the duration itself is accepted (and clears); undo walks past progress', async () => {
    const { client } = await app.guest.signUpUser('Ender');
    await client.post('/user/likes', { video: { _id: PIXEL } });
    await put(client, PIXEL, { seconds: 30, stopped: true });
    expect((await put(client, PIXEL, { seconds: 624 })).status).toBe(200);
    expect(await progressOf(client)).toEqual([]);
    await put(client, PIXEL, { seconds: 40, stopped: true });
    expect((await client.post('/user/undo')).status).toBe(200);
    expect((await client.get('/user/likes')).body.likes).toEqual([]);
    expect((await progressOf(client)).map((p) => p.seconds)).toEqual([40]);
  });

  test('DELETE forgets one video’s progress (Remove from Continue watching): the others and other users’ stay; twice is still 200; unknown id 404', async () => {
    const { client, userId } = await app.guest.signUpUser('Tidy');
    const other = (await app.guest.signUpUser('Other')).client;
    await put(client, PIXEL, { seconds: 100, stopped: true });
    await put(client, TEN_MINUTES, { seconds: 42, stopped: true });
    await put(other, PIXEL, { seconds: 7, stopped: true });
    const res = await client.request<any>('DELETE', `/user/progress/${PIXEL}`);
    expect(res.status).toBe(200);
    expect(res.body.progress.map((p: { videoId: string }) => p.videoId)).toEqual([TEN_MINUTES]);
    expect((await progressOf(client)).map((p) => p.videoId)).toEqual([TEN_MINUTES]);
    expect((await progressOf(other)).map((p) => [p.videoId, p.seconds])).toEqual([[PIXEL, 7]]);
    // Nothing left to forget: still 200, and no event written.
    const head = await app.server.store.headPosition();
    expect((await client.request('DELETE', `/user/progress/${PIXEL}`)).status).toBe(200);
    expect(await app.server.store.headPosition()).toBe(head);
    expect(await client.request('DELETE', '/user/progress/nope')).toMatchObject({
      status: 404,
      body: { errors: [ERRORS.VIDEO_NOT_FOUND.message] },
    });
    expect((await app.guest.request('DELETE', `/user/progress/${TEN_MINUTES}`)).status).toBe(401);
    const stored = await app.server.store.readStream(streams.progress(userId));
    expect(stored.at(-1)).toMatchObject({ type: 'PlaybackProgressCleared', data: { userId, videoId: PIXEL, removed: true } });
    // The removal is the user's own action, so it is a line of their activity; the positions saved are not.
    const activity = (await client.get('/user/activity?limit=100')).body.activity as { type: string; video?: { _id: string } }[];
    expect(activity.map((a) => [a.type, a.video?._id])).toEqual([
      ['PlaybackProgressCleared', PIXEL],
      ['UserSignedUp', undefined],
    ]);
  });
});

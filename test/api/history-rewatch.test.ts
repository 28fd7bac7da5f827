import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

// Playing a video that is already in the history is ONE user action, so it is one
// event and one activity line ("Watched …"), and the video moves to latest. Before, clients deleted
// and re-added it: two lines ("Removed … from history", "Watched …") the user never did.
const V1 = 'BJrsmM6aEYE';
const V2 = 'yoigsHYc77s';
const V3 = '9XdS9sShG5Q';

interface Line {
  type: string;
  video?: { _id: string };
}
const ids = (body: { history: { _id: string }[] }) => body.history.map((v) => v._id);

describe.each(READ_MODEL_VARIANTS)('POST /user/history/:videoId (play) on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  let user: ApiClient;

  beforeEach(async () => {
    user = (await app.guest.signUpUser('Rewatcher')).client;
  });

  const activity = async (): Promise<Line[]> => (await user.get<{ activity: Line[] }>('/user/activity?limit=100')).body.activity;
  const watchTimes = async () =>
    Object.fromEntries(
      (await user.get<{ history: { videoId: string; watchedAt: string }[] }>('/user/export')).body.history.map((e) => [
        e.videoId,
        e.watchedAt,
      ]),
    );

  test('a first play adds the video; a re-play moves it to latest with exactly one activity line', async () => {
    expect((await user.post(`/user/history/${V1}`)).status).toBe(201);
    expect((await user.post(`/user/history/${V2}`)).status).toBe(201);
    const linesBefore = await activity();

    const replay = await user.post(`/user/history/${V1}`);
    expect(replay.status).toBe(201);
    expect(ids(replay.body)).toEqual([V2, V1]);
    expect(ids((await user.get('/user/history')).body)).toEqual([V2, V1]);

    const lines = await activity();
    expect(lines).toHaveLength(linesBefore.length + 1);
    expect(lines[0]).toMatchObject({ type: 'VideoWatched', video: { _id: V1 } });
    // POST /api/user/history keeps its duplicate rule (docs/api.md).
    expect((await user.post('/user/history', { video: { _id: V1 } })).status).toBe(409);
  });

  test('undoing a re-play puts the video back in its place with its old watch time', async () => {
    for (const id of [V1, V2, V3]) expect((await user.post(`/user/history/${id}`)).status).toBe(201);
    const before = await watchTimes();
    expect(ids((await user.post(`/user/history/${V1}`)).body)).toEqual([V2, V3, V1]);

    const undo = await user.post('/user/undo');
    expect(undo.status).toBe(200);
    expect(undo.body.undone).toMatchObject({ type: 'VideoWatched', video: { _id: V1 } });
    expect(ids((await user.get('/user/history')).body)).toEqual([V1, V2, V3]);
    expect(await watchTimes()).toEqual(before);
  });

  test('while paused nothing is recorded; an unknown video is a 404; both change nothing', async () => {
    await user.post(`/user/history/${V1}`);
    expect((await user.request('PUT', '/user/settings', { historyPaused: true })).status).toBe(200);
    const paused = await user.post(`/user/history/${V1}`);
    expect(paused.status).toBe(409);
    expect(paused.body.errors).toHaveLength(1);
    expect((await user.post('/user/history/no-such-video')).status).toBe(404);
    expect(ids((await user.get('/user/history')).body)).toEqual([V1]);
  });
});

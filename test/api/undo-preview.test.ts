import { ApiClient } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

// "Undo my last action" says what it will undo. GET /user/undo names the action
// POST /user/undo would revert now (the same walk), and changes nothing.
const V1 = 'BJrsmM6aEYE';
const V2 = 'yoigsHYc77s';

describe.each(READ_MODEL_VARIANTS)('GET /user/undo on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  let user: ApiClient;

  beforeAll(async () => {
    user = (await app.guest.signUpUser('Previewer')).client;
  });

  const preview = async () => {
    const res = await user.get('/user/undo');
    expect(res.status).toBe(200);
    return res.body.next && [res.body.next.type, res.body.next.video?._id];
  };

  test('names what the next undo reverts, walking back as undos do, then null; reading it changes nothing', async () => {
    expect(await preview()).toBeNull();
    await user.post('/user/likes', { video: { _id: V1 } });
    await user.post('/user/watchlater', { video: { _id: V2 } });
    expect(await preview()).toEqual(['VideoAddedToWatchLater', V2]);
    expect(await preview()).toEqual(['VideoAddedToWatchLater', V2]);

    const undone = await user.post('/user/undo');
    expect([undone.body.undone.type, undone.body.undone.video._id]).toEqual(['VideoAddedToWatchLater', V2]);
    expect(await preview()).toEqual(['VideoLiked', V1]);
    expect((await user.post('/user/undo')).body.undone.type).toBe('VideoLiked');
    expect(await preview()).toBeNull();
    expect((await user.post('/user/undo')).status).toBe(409);
  });

  test('a guest is refused', async () => {
    expect((await app.guest.get('/user/undo')).status).toBe(401);
  });
});

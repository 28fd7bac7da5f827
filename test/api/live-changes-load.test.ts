import { OpenStream, openStream } from '../support/live-stream';
import { useAppOn } from '../support/read-models';

/**
 * 300 open changes streams (30 users, each at their bound of 10) on one instance while the API keeps
 * answering. The figures for 10 000 streams are bench/RESULTS.md's ("Live streams"), not a test's.
 */
const USERS = 30;
const STREAMS_PER_USER = 10;

describe('300 open streams on one instance', () => {
  const app = useAppOn('memory');
  const open: OpenStream[] = [];
  afterAll(() => {
    for (const stream of open) stream.close();
  });

  test('are held while reads and writes answer as usual, and each user’s change reaches their ten', async () => {
    const users = [];
    for (let k = 0; k < USERS; k++) users.push(await app.guest.signUpUser(`Crowd${k}`));
    const byUser = await Promise.all(
      users.map(async ({ client }) => {
        const streams: OpenStream[] = [];
        for (let s = 0; s < STREAMS_PER_USER; s++)
          streams.push(await openStream(app.server.url, '/user/changes', { authorization: client.token! }));
        open.push(...streams);
        return streams;
      }),
    );
    expect(open.filter((stream) => stream.status === 200 && !stream.isEnded)).toHaveLength(USERS * STREAMS_PER_USER);

    // Reads and writes answer normally while the 300 are open.
    expect((await app.guest.get('/videos')).status).toBe(200);
    expect((await app.guest.get('/categories')).status).toBe(200);
    for (const [k, { client }] of users.slice(0, 5).entries()) {
      expect((await client.post('/user/likes', { video: { _id: app.videoIds[k] } })).status).toBe(201);
      expect((await client.get('/user/likes')).status).toBe(200);
    }
    for (const [k, streams] of byUser.slice(0, 5).entries()) {
      await Promise.all(
        streams.map((stream, s) => stream.next(`user ${k}'s like on their stream ${s}`, (m) => m.data.type === 'VideoLiked')),
      );
    }
    // Nobody else heard those likes.
    expect(byUser.slice(5).every((streams) => streams.every((stream) => stream.messages.length === 0))).toBe(true);
    expect(open.every((stream) => !stream.isEnded)).toBe(true);
  });
});

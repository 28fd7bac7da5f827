import { APP_CONFIG, AppConfig } from '../../backend/src/config/app-config';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { OpenStream, StreamMessage, openStream } from '../support/live-stream';
import { signJwt } from '../support/raw-http';
import { signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

/**
 * The live changes streams (docs/design/live-updates.md) on each read model: what reaches whom, resuming,
 * ends and bounds. The heartbeat is shortened, and the memory of each user's changes bounded at 5 so that a
 * reset can be reached.
 */
const LIVE_ENV = { LIVE_HEARTBEAT_MS: '200', LIVE_MEMORY_PER_USER: '5' };
/** The contract's delivery bound: a change shows on the user's other devices within a second. */
const DELIVERY_BOUND_MS = 1000;

const changeOf = (type: string) => (message: StreamMessage) => message.event === 'change' && message.data.type === type;

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('live changes on the %s read model', (variant) => {
  const app = useAppOn(variant, { env: LIVE_ENV });
  const open: OpenStream[] = [];
  const stream = async (path: string, token?: string, headers: Record<string, string> = {}) => {
    const opened = await openStream(app.server.url, path, { ...(token && { authorization: token }), ...headers });
    open.push(opened);
    return opened;
  };
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });

  test('a like, a playlist change and a progress save reach the user’s open stream once shown, within 1 s; another user hears nothing', async () => {
    const { client } = await app.guest.signUpUser('Live');
    const other = await app.guest.signUpUser('Other');
    const mine = await stream('/user/changes', client.token, { 'accept-encoding': 'br, gzip' });
    const theirs = await stream('/user/changes', other.client.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers.get('cache-control')).toBe('no-cache');
    expect(mine.headers.get('x-accel-buffering')).toBe('no');
    expect(mine.headers.get('content-encoding')).toBeNull();
    // The headers every API answer carries (http/http-security.ts).
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-security-policy')).toContain("default-src 'none'");

    const video = app.videoIds[0]!;
    let sent = performance.now();
    expect((await client.post('/user/likes', { video: { _id: video } })).status).toBe(201);
    const like = await mine.next('the like', changeOf('VideoLiked'));
    expect(like.at - sent).toBeLessThan(DELIVERY_BOUND_MS);
    expect(like.data).toEqual({ what: 'likes', type: 'VideoLiked', position: like.id });
    // Sent once the read model shows it: the refetch it asks for already has the like.
    expect((await client.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toContain(video);

    const created = await client.post('/user/playlists', { playlist: { title: 'Desk' } });
    const playlistId = created.body.playlists[0]._id;
    await mine.next('the playlist created', changeOf('PlaylistCreated'));
    sent = performance.now();
    expect((await client.post(`/user/playlists/${playlistId}`, { video: { _id: video } })).status).toBe(201);
    const added = await mine.next('the video added to the playlist', changeOf('VideoAddedToPlaylist'));
    expect(added.at - sent).toBeLessThan(DELIVERY_BOUND_MS);
    expect(added.data).toEqual({ what: 'playlist', playlistId, type: 'VideoAddedToPlaylist', position: added.id });

    sent = performance.now();
    expect((await client.request('PUT', `/user/progress/${video}`, { seconds: 100 })).status).toBe(200);
    const progress = await mine.next('the progress saved', changeOf('PlaybackProgressRecorded'));
    expect(progress.at - sent).toBeLessThan(DELIVERY_BOUND_MS);
    expect(progress.data.what).toBe('progress');
    expect(BigInt(progress.id!)).toBeGreaterThan(BigInt(added.id!));

    // The other user's own change reaches theirs, and it is the only thing their stream heard.
    await other.client.post('/user/likes', { video: { _id: video } });
    await theirs.next('their own like', changeOf('VideoLiked'));
    expect(theirs.messages.map((m) => m.data.type)).toEqual(['VideoLiked']);
    // Positions only grow: every id is the message's own position, in log order.
    const ids = mine.messages.map((m) => BigInt(m.id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(mine.messages.map((m) => m.data.position)).toEqual(mine.messages.map((m) => m.id));
    // The heartbeat keeps the stream alive (LIVE_HEARTBEAT_MS is 200 here).
    await waitUntil('a heartbeat', () => mine.heartbeats > 0);
  });

  test('p99 delivery over 100 changes is under 1 s', async () => {
    const { client } = await app.guest.signUpUser('Fast');
    const mine = await stream('/user/changes', client.token);
    const latencies: number[] = [];
    const video = app.videoIds[1]!;
    for (let k = 0; k < 100; k++) {
      const liking = k % 2 === 0;
      const sent = performance.now();
      const res = liking ? await client.post('/user/likes', { video: { _id: video } }) : await client.delete(`/user/likes/${video}`);
      expect(res.status).toBe(liking ? 201 : 200);
      const message = await mine.next(`change ${k}`, changeOf(liking ? 'VideoLiked' : 'VideoUnliked'));
      latencies.push(message.at - sent);
    }
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1]!;
    console.log(`live changes on ${variant}: delivery p50 ${latencies[49]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over 100 changes`);
    expect(p99).toBeLessThan(DELIVERY_BOUND_MS);
  });

  test('a reconnect with Last-Event-ID gets the change made while away; past the memory, a reset', async () => {
    const { client } = await app.guest.signUpUser('Away');
    const first = await stream('/user/changes', client.token);
    await client.post('/user/likes', { video: { _id: app.videoIds[2] } });
    const seen = await first.next('the first like', changeOf('VideoLiked'));
    first.close();
    await client.post('/user/watchlater', { video: { _id: app.videoIds[2] } });

    const back = await stream('/user/changes', client.token, { 'last-event-id': seen.id! });
    const missed = await back.next('the change made while away');
    expect(missed).toMatchObject({ event: 'change', data: { what: 'watchlater', type: 'VideoAddedToWatchLater' } });
    expect(BigInt(missed.id!)).toBeGreaterThan(BigInt(seen.id!));

    // Five changes are remembered per user here: six more and the first id is older than the memory.
    for (let k = 0; k < 6; k++) await client.post('/user/history', { video: { _id: app.videoIds[3 + k] } });
    await back.next(
      'the sixth history change',
      (m) => m.data.type === 'VideoWatched' && back.messages.filter((x) => x.data.type === 'VideoWatched').length === 6,
    );
    const stale = await stream('/user/changes', client.token, { 'last-event-id': seen.id! });
    expect(await stale.next('a reset')).toMatchObject({ event: 'reset', data: {} });
    // A position from before this instance started following the log: a reset too.
    const ancient = await stream('/user/changes', client.token, { 'last-event-id': '0' });
    expect((await ancient.next('a reset')).event).toBe('reset');
  });

  test('a stream opened after the reads gets what changed in between from their x-changes-position; without an id it is told where it starts', async () => {
    const { client } = await app.guest.signUpUser('Between');
    const other = await app.guest.signUpUser('Bystander');
    // The page reads its lists; on another device a like and a watch later are made before its stream opens.
    const read = await client.get('/user/likes');
    const readThrough = read.headers.get('x-changes-position');
    expect(readThrough).toMatch(/^\d+$/);
    expect(read.body.likes).toEqual([]);
    await client.post('/user/likes', { video: { _id: app.videoIds[4] } });
    await other.client.post('/user/likes', { video: { _id: app.videoIds[4] } });
    await client.post('/user/watchlater', { video: { _id: app.videoIds[5] } });
    // Answers read once the streams have been told of them say a later position (the telling follows the
    // write's answer by a moment).
    const positionOf = (answer: { headers: Headers }) => BigInt(answer.headers.get('x-changes-position')!);
    let after = await client.get('/user/watchlater');
    for (let k = 0; k < 100 && positionOf(after) <= BigInt(readThrough!); k++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await client.get('/user/watchlater');
    }
    expect(positionOf(after)).toBeGreaterThan(BigInt(readThrough!));
    expect((await app.guest.get('/categories')).headers.get('x-changes-position')).toMatch(/^\d+$/);

    const late = await stream('/user/changes', client.token, { 'last-event-id': readThrough! });
    await late.next('the watch later made before the stream', changeOf('VideoAddedToWatchLater'));
    expect(late.messages.map((m) => m.data.type)).toEqual(['VideoLiked', 'VideoAddedToWatchLater']);
    // It already holds the newest id: no id line follows.
    expect(late.positions).toEqual([]);

    // Without Last-Event-ID (a client that read nothing): one id line, the position it starts from, and no message.
    const fresh = await stream('/user/changes', client.token);
    await waitUntil('the id line', () => fresh.positions.length > 0);
    expect(fresh.positions).toHaveLength(1);
    expect(BigInt(fresh.positions[0]!)).toBeGreaterThanOrEqual(positionOf(after));
    expect(fresh.messages).toEqual([]);
    // After a reset (a position older than this instance's memory) too: the client reads everything again from there.
    const ancient = await stream('/user/changes', client.token, { 'last-event-id': '0' });
    await ancient.next('a reset', (m) => m.event === 'reset');
    await waitUntil('the id line after the reset', () => ancient.positions.length > 0);
    expect(BigInt(ancient.positions[0]!)).toBeGreaterThanOrEqual(BigInt(fresh.positions[0]!));
    // A reconnect from that id misses nothing made since: the like made now arrives on it.
    fresh.close();
    await client.delete(`/user/likes/${app.videoIds[4]}`);
    const back = await stream('/user/changes', client.token, { 'last-event-id': fresh.positions[0]! });
    expect((await back.next('the unlike made while away')).data.type).toBe('VideoUnliked');
  });

  test('a page of the app says, as Server-Timing, the position its inline data is current to, as an API answer does', async () => {
    const pagePosition = async (path: string) => {
      const page = await fetch(`${app.server.url}${path}`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('id="catalogue-data"');
      return /^changes;desc=(\d+)$/.exec(page.headers.get('server-timing') ?? '')?.[1];
    };
    const served = await pagePosition('/');
    expect(served).toMatch(/^\d+$/);
    expect((await app.guest.get('/categories')).headers.get('x-changes-position')).toBe(served);
    // Once a change is told, a page asked afterwards says a later position, though its bytes are the kept ones.
    const { client } = await app.guest.signUpUser('Paged');
    await client.post('/user/likes', { video: { _id: app.videoIds[2] } });
    let later = await pagePosition(`/videoPlay/${app.videoIds[2]}`);
    for (let k = 0; k < 100 && BigInt(later!) <= BigInt(served!); k++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await pagePosition('/like');
    }
    expect(BigInt(later!)).toBeGreaterThan(BigInt(served!));
  });

  test('sign out everywhere, a password change and the account’s deletion end the open streams; the reconnect gets 401', async () => {
    const revoking = await app.guest.signUpUser('Revoke');
    const revoked = await stream('/user/changes', revoking.client.token);
    expect((await revoking.client.post('/user/sessions/revoke')).status).toBe(200);
    await revoked.ended('after sign out everywhere');
    expect((await stream('/user/changes', revoking.client.token)).status).toBe(401);

    const changing = await app.guest.signUpUser('Password');
    const changed = await stream('/user/changes', changing.client.token);
    const answer = await changing.client.post('/user/password', { currentPassword: 'password123', newPassword: 'brand new pass' });
    expect(answer.status).toBe(200);
    await changed.ended('after a password change');
    // The new token's stream stays open.
    const fresh = await stream('/user/changes', answer.body.encodedToken);
    expect(fresh.status).toBe(200);

    const leaving = await app.guest.signUpUser('Leaving');
    const deleted = await stream('/user/changes', leaving.client.token);
    expect((await leaving.client.request('DELETE', '/user', { password: 'password123' })).status).toBe(200);
    await deleted.ended('after the account was deleted');
    expect(fresh.isEnded).toBe(false);
  });

  test('guests get 401; an 11th stream of a user closes their oldest', async () => {
    const guest = await stream('/user/changes');
    expect(guest.status).toBe(401);
    const many = await app.guest.signUpUser('Many');
    const streams: OpenStream[] = [];
    for (let k = 0; k < 10; k++) streams.push(await stream('/user/changes', many.client.token));
    expect(streams.every((s) => s.status === 200 && !s.isEnded)).toBe(true);
    const eleventh = await stream('/user/changes', many.client.token);
    expect(eleventh.status).toBe(200);
    await streams[0]!.ended('the oldest, once an 11th opened');
    expect(streams.slice(1).every((s) => !s.isEnded)).toBe(true);
  });

  test('the public catalogue stream hears a retirement, without a token', async () => {
    const catalogue = await stream('/catalogue/changes');
    expect(catalogue.status).toBe(200);
    const operator = await signUpOperator(app.server);
    const video = app.videoIds[app.videoIds.length - 1]!;
    expect((await operator.client.delete(`/admin/videos/${video}`)).status).toBe(200);
    const retired = await catalogue.next('the retirement', changeOf('VideoRetired'));
    expect(retired.data).toEqual({ what: 'video', videoId: video, type: 'VideoRetired', position: retired.id });
    // The catalogue already shows it when the message arrives.
    expect((await app.guest.get(`/video/${video}`)).status).toBe(410);
  });
});

async function waitUntil(what: string, condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('live changes: expiry, the instance’s bounds and shutdown', () => {
  const app = useAppOn('memory', { env: { ...LIVE_ENV, LIVE_STREAMS_MAX: '4', LIVE_PUBLIC_STREAMS_PER_ADDRESS: '2' } });
  const open: OpenStream[] = [];
  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const opened = await openStream(app.server.url, path, headers);
    open.push(opened);
    return opened;
  };
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });

  test('a stream ends when its token expires; the reconnect gets 401', async () => {
    const { email, userId } = await app.guest.signUpUser('Brief');
    const secret = app.server.app.get<AppConfig>(APP_CONFIG).jwtSecret;
    const token = signJwt({ alg: 'HS256', typ: 'JWT' }, { _id: userId, email, exp: Math.floor(Date.now() / 1000) + 2 }, secret);
    const brief = await stream('/user/changes', { authorization: token });
    expect(brief.status).toBe(200);
    await brief.ended('at the token’s expiry, 2 s after it was signed', 5000);
    expect((await stream('/user/changes', { authorization: token })).status).toBe(401);
  });

  test(`past LIVE_PUBLIC_STREAMS_PER_ADDRESS a catalogue stream is 429; past LIVE_STREAMS_MAX any stream is 503`, async () => {
    expect((await stream('/catalogue/changes')).status).toBe(200);
    expect((await stream('/catalogue/changes')).status).toBe(200);
    const refused = await stream('/catalogue/changes');
    expect(refused.status).toBe(429);
    const { client } = await app.guest.signUpUser('Full');
    expect((await stream('/user/changes', { authorization: client.token! })).status).toBe(200);
    expect((await stream('/user/changes', { authorization: client.token! })).status).toBe(200);
    const full = await openStream(app.server.url, '/user/changes', { authorization: client.token! });
    expect(full.status).toBe(503);
    // A stream closed frees its place.
    open[0]!.close();
    await waitUntil('a place freed', () => open[0]!.isEnded);
    let again: OpenStream | undefined;
    for (let k = 0; k < 50 && again?.status !== 200; k++) {
      again?.close();
      again = await stream('/catalogue/changes');
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again!.status).toBe(200);
  });

  test('app.close() ends the open streams instead of waiting on them', async () => {
    const other = await startApp({ env: LIVE_ENV });
    const { client } = await new ApiClient(other.url).signUpUser('Closing');
    const held = [
      await openStream(other.url, '/user/changes', { authorization: client.token! }),
      await openStream(other.url, '/catalogue/changes'),
    ];
    const closed = other.close().then(() => 'closed');
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still closing after 10 s'), 10_000))]);
    expect(outcome).toBe('closed');
    await Promise.all(held.map((s, k) => s.ended(`stream ${k} at shutdown`)));
  });
});

describe('live changes: a stream that hears nothing for longer than the memory', () => {
  // Changes are forgotten after a second here, and heartbeats come every 100 ms.
  const app = useAppOn('memory', { env: { LIVE_HEARTBEAT_MS: '100', LIVE_MEMORY_MS: '1000' } });
  const open: OpenStream[] = [];
  const stream = async (token: string, headers: Record<string, string> = {}) => {
    const opened = await openStream(app.server.url, '/user/changes', { authorization: token, ...headers });
    open.push(opened);
    return opened;
  };
  afterEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });

  test('reconnects from the position its heartbeats carried, with no reset, while the id it opened with is past the memory', async () => {
    const quiet = await app.guest.signUpUser('Quiet');
    const busy = await app.guest.signUpUser('Busy');
    const first = await stream(quiet.client.token!);
    await waitUntil('the id line', () => first.positions.length > 0);
    const opened = BigInt(first.positions[0]!);
    // Another user's changes move the log on for two seconds; the quiet user's stream hears none of them.
    for (let k = 0; k < 8; k++) {
      const video = { _id: app.videoIds[k % 4]! };
      await (k % 2 === 0 ? busy.client.post('/user/likes', { video }) : busy.client.delete(`/user/likes/${video._id}`));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await waitUntil('a heartbeat past the changes', () => BigInt(first.positions.at(-1)!) > opened);
    expect(first.messages).toEqual([]);
    // The id it opened with is now older than what the instance remembers: a reconnect from it is reset.
    let reset = false;
    for (let k = 0; k < 20 && !reset; k++) {
      const stale = await stream(quiet.client.token!, { 'last-event-id': String(opened) });
      reset = await stale
        .next('a reset', (m) => m.event === 'reset', 300)
        .then(
          () => true,
          () => false,
        );
    }
    expect(reset).toBe(true);
    // From the heartbeat's position, no reset: the next change of its own is the first thing it hears.
    const held = first.positions.at(-1)!;
    first.close();
    const back = await stream(quiet.client.token!, { 'last-event-id': held });
    await quiet.client.post('/user/likes', { video: { _id: app.videoIds[5] } });
    await back.next('its own like', (m) => m.event === 'change' && m.data.type === 'VideoLiked');
    expect(back.messages.map((m) => m.event)).toEqual(['change']);
  });
});

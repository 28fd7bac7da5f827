import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient, ApiResponse } from '../support/api-client';
import { rawRequest } from '../support/raw-http';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * Rate limits (SECURITY.md §5): a per-user write rate on every write of /api/user/*, and signups per
 * client address, each a 429 with an honest `retry-after` that changes nothing, then allowed again.
 * The login limits are in auth-hardening.test.ts; the limits shared by two processes through Redis
 * in test/server/shared-rate-limits.test.ts.
 */
const WRITE_LIMIT = 3;
const WRITE_WINDOW_SECONDS = 3;
const SIGNUP_LIMIT = 2;
const tooManyWrites = (seconds: number) => `Too many changes in a short time. Try again in ${seconds} seconds.`;

/** The 429's wait: `retry-after` and the message agree, and it is within the window. */
function expectTooMany(res: ApiResponse | { status: number; body: any; headers: any }, message: (s: number) => string, window: number) {
  const header = res.headers instanceof Headers ? res.headers.get('retry-after') : res.headers['retry-after'];
  const seconds = Number(header);
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: { errors: [message(seconds)] } });
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(window);
  return seconds;
}

describe.each(READ_MODEL_VARIANTS)('rate limits on the %s read model', (variantName) => {
  const app = useAppOn(variantName, {
    env: {
      WRITE_LIMIT_PER_USER: String(WRITE_LIMIT),
      WRITE_LIMIT_WINDOW_SECONDS: String(WRITE_WINDOW_SECONDS),
      SIGNUP_LIMIT_PER_ADDRESS: String(SIGNUP_LIMIT),
      SIGNUP_LIMIT_WINDOW_SECONDS: '600',
    },
  });

  test('writes past WRITE_LIMIT_PER_USER in the window are a 429 with retry-after that write nothing; other users are not held back; allowed again after the wait', async () => {
    // Both from the same address: the write rate is per user. Signed up from addresses of their own.
    const signUp = async (from: string) => {
      const email = `writer-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await rawRequest(app.server.url, {
        method: 'POST',
        path: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password123' }),
        localAddress: from,
      });
      expect(res.status).toBe(201);
      return new ApiClient(app.server.url, res.body.encodedToken);
    };
    const writer = await signUp('127.0.10.1');
    const other = await signUp('127.0.10.2');
    // Five writes at once, of different kinds (POST, PUT, DELETE): exactly WRITE_LIMIT get through.
    const head = await app.server.store.headPosition();
    // Each writes one event when accepted, except the DELETE of a video that is not liked (none).
    const writes: [Promise<ApiResponse>, number][] = [
      [writer.post('/user/likes', { video: { _id: app.videoIds[0] } }), 1],
      [writer.post('/user/likes', { video: { _id: app.videoIds[1] } }), 1],
      [writer.post('/user/watchlater', { video: { _id: app.videoIds[2] } }), 1],
      [writer.request('PUT', '/user/settings', { historyPaused: true }), 1],
      [writer.delete(`/user/likes/${app.videoIds[5]}`), 0],
    ];
    const answers = await Promise.all(writes.map(([answer]) => answer));
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(5 - WRITE_LIMIT);
    const wait = Math.max(...refused.map((res) => expectTooMany(res, tooManyWrites, WRITE_WINDOW_SECONDS)));
    // The refused ones wrote nothing: the store grew by the events of the accepted ones only.
    const expected = answers.reduce((sum, res, i) => sum + (res.status === 429 ? 0 : writes[i]![1]), 0);
    expect(Number((await app.server.store.headPosition())! - (head ?? 0n))).toBe(expected);
    // Reads are not writes; another user is not held back.
    expect((await writer.get('/user/likes')).status).toBe(200);
    expect((await other.post('/user/likes', { video: { _id: app.videoIds[0] } })).status).toBe(201);
    // Still refused with an Idempotency-Key, which is not used up by the 429.
    const keyed = await writer.request('POST', '/user/watchlater', { video: { _id: app.videoIds[3] } }, { 'idempotency-key': 'k-429' });
    expect(keyed.status).toBe(429);
    await sleep(wait * 1000 + 100);
    const again = await writer.request('POST', '/user/watchlater', { video: { _id: app.videoIds[3] } }, { 'idempotency-key': 'k-429' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  test('signups past SIGNUP_LIMIT_PER_ADDRESS from one address are a 429 with retry-after that create no account; other addresses still sign up', async () => {
    const signUp = (from: string, email: string) =>
      rawRequest(app.server.url, {
        method: 'POST',
        path: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password123' }),
        localAddress: from,
      });
    const email = (n: number) => `signup-${n}-${Math.random().toString(36).slice(2)}@example.com`;
    for (let n = 0; n < SIGNUP_LIMIT; n++) expect((await signUp('127.0.20.1', email(n))).status).toBe(201);
    const head = await app.server.store.headPosition();
    const blocked = email(99);
    const refused = await signUp('127.0.20.1', blocked);
    expectTooMany(refused, (s) => `Too many accounts were created from your address. Try again in ${s} seconds.`, 600);
    expect(await app.server.store.headPosition()).toBe(head);
    const login = await app.guest.post('/auth/login', { email: blocked, password: 'password123' });
    expect(login.status).toBe(404);
    // A request that fails validation is not a signup, and another address is not held back.
    expect((await signUp('127.0.20.2', 'not-an-email')).status).toBe(400);
    expect((await signUp('127.0.20.2', blocked)).status).toBe(201);
  });
});

describe.each(READ_MODEL_VARIANTS)('public reads per address on the %s read model', (variantName) => {
  const PUBLIC_LIMIT = 4;
  const PUBLIC_WINDOW_SECONDS = 2;
  const app = useAppOn(variantName, {
    env: { PUBLIC_READ_LIMIT_PER_ADDRESS: String(PUBLIC_LIMIT), PUBLIC_READ_LIMIT_WINDOW_SECONDS: String(PUBLIC_WINDOW_SECONDS) },
  });
  const tooManyReads = (seconds: number) => `Too many requests for shared playlists from your address. Try again in ${seconds} seconds.`;

  test('GET /api/playlists and /api/playlists/:id past PUBLIC_READ_LIMIT_PER_ADDRESS from one address are a 429 with retry-after; other addresses and signed-in reads are not held back; allowed again after the wait', async () => {
    const { client } = await app.guest.signUpUser('Sharer');
    const id = (await client.post('/user/playlists', { playlist: { title: 'Shared' } })).body.playlists[0]._id as string;
    expect((await client.request('PATCH', `/user/playlists/${id}`, { visibility: 'public' })).status).toBe(200);
    const read = (path: string, from: string) => rawRequest(app.server.url, { method: 'GET', path, localAddress: from });
    // Both routes count against one limit per address, whatever they answer (a 404 and a 400 too).
    const counted = [
      '/api/playlists',
      `/api/playlists/${id}`,
      '/api/playlists/00000000-0000-4000-8000-000000000000',
      '/api/playlists?limit=0',
    ];
    expect((await Promise.all(counted.map((path) => read(path, '127.0.30.1')))).map((res) => res.status)).toEqual([200, 200, 404, 400]);
    const refused = [await read('/api/playlists', '127.0.30.1'), await read(`/api/playlists/${id}`, '127.0.30.1')];
    const wait = Math.max(...refused.map((res) => expectTooMany(res, tooManyReads, PUBLIC_WINDOW_SECONDS)));
    // Another address reads on; the limited address's signed-in reads and the catalogue are other routes.
    expect((await read('/api/playlists', '127.0.30.2')).body.playlists.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect((await read(`/api/playlists/${id}`, '127.0.30.2')).status).toBe(200);
    const signedIn = await rawRequest(app.server.url, {
      method: 'GET',
      path: '/api/user/playlists',
      headers: { authorization: client.token! },
      localAddress: '127.0.30.1',
    });
    expect(signedIn.status).toBe(200);
    expect((await read('/api/videos', '127.0.30.1')).status).toBe(200);
    await sleep(wait * 1000 + 100);
    expect((await read(`/api/playlists/${id}`, '127.0.30.1')).status).toBe(200);
  });
});

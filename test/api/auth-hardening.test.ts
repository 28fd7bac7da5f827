import { ArgumentsHost, Logger } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../../backend/src/config/app-config';
import { ApiExceptionFilter } from '../../backend/src/http/api-exception.filter';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { rawRequest, RawResponse, signJwt } from '../support/raw-http';

/**
 * Auth hardening (SECURITY.md §3, §5, §7): tokens, login rate limits, security headers, CORS and error bodies.
 * test/api/errors.test.ts already covers the §8 messages for missing, garbage, wrongly signed and
 * tampered-payload tokens, one expired token and an unknown user on the list routes; this file
 * covers what it does not. `NODE_ENV=production` without `JWT_SECRET` refusing to start is
 * proved by test/server/server-process.test.ts ("a bad setting … stops the start with one line").
 */

const MSG = {
  badToken: 'The token is invalid. Unauthorized access error.',
  emailNotRegistered: 'The email you entered is not Registered. Not Found error',
  userNotFound: 'The user you request does not exist. Not Found error.',
  playlistNotFound: 'The playlist you requested does not exist. Not Found error.',
};
const V1 = 'bTYV7aFC6KE';
const SOME_PLAYLIST = '0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a';
const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);

/** Internals that must never reach a client: stack frames, file paths, SQL, class and code names. */
const INTERNALS =
  /\bat .+:\d+|node_modules|\/work\/|\.(ts|js):\d|SQLITE|sqlite|SELECT |INSERT |Exception|TypeError|stack|FST_ERR|ERR_|"statusCode"/;

describe('tokens: only our own HS256, unexpired, untampered tokens of a known user', () => {
  let server: RunningApp;
  let secret: string;
  let user: { client: ApiClient; email: string; userId: string };
  let other: { client: ApiClient; email: string; userId: string };

  beforeAll(async () => {
    server = await startApp();
    secret = readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const guest = new ApiClient(server.url);
    user = await guest.signUpUser('Holder');
    other = await guest.signUpUser('Other');
    await user.client.post('/user/likes', { video: { _id: V1 } });
  });
  afterAll(() => server?.close());

  const claims = () => ({ _id: user.userId, email: user.email, iat: now(), exp: now() + 600 });
  /** Each refusal must be the §8 401 and must not change the holder's likes. */
  async function expectRefused(token: string | undefined, label: string): Promise<void> {
    const client = new ApiClient(server.url, token);
    for (const [method, path, body] of [
      ['GET', '/user/likes', undefined],
      ['POST', '/user/likes', { video: { _id: 'yoigsHYc77s' } }],
      ['DELETE', `/user/likes/${V1}`, undefined],
      ['GET', `/user/playlists/${SOME_PLAYLIST}`, undefined],
    ] as const) {
      const res = await client.request(method, path, body);
      expect({ label, method, path, status: res.status, body: res.body }).toEqual({
        label,
        method,
        path,
        status: 401,
        body: { errors: [MSG.badToken] },
      });
    }
    expect(ids((await user.client.get('/user/likes')).body.likes)).toEqual([V1]);
  }

  test('control: an HS256 token signed with the real secret for this user is accepted (raw and as Bearer)', async () => {
    const token = signJwt({ alg: 'HS256', typ: 'JWT' }, claims(), secret);
    expect((await new ApiClient(server.url, token).get('/user/likes')).status).toBe(200);
    expect((await new ApiClient(server.url, `Bearer ${token}`).get('/user/likes')).status).toBe(200);
  });

  test.each([
    ['alg "none", empty signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['alg "none", no signature segment', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}`],
    ['alg "None"', () => `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims())}.`],
    [
      'alg "NONE" with a real HS256 signature kept',
      () => {
        const real = signJwt({ alg: 'HS256', typ: 'JWT' }, claims(), secret).split('.')[2];
        return `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64(claims())}.${real}`;
      },
    ],
    ['HS384 signed with the real secret', () => signJwt({ alg: 'HS384', typ: 'JWT' }, claims(), secret, 'sha384')],
    ['HS512 signed with the real secret', () => signJwt({ alg: 'HS512', typ: 'JWT' }, claims(), secret, 'sha512')],
    ['RS256 header, HMAC of the secret as signature (key confusion)', () => signJwt({ alg: 'RS256', typ: 'JWT' }, claims(), secret)],
    [
      'RS256 header, a 256-byte signature',
      () => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims())}.${randomBytes(256).toString('base64url')}`,
    ],
    [
      'ES256 header, a 64-byte signature',
      () => `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64(claims())}.${randomBytes(64).toString('base64url')}`,
    ],
    ['no alg in the header', () => signJwt({ typ: 'JWT' }, claims(), secret)],
    ['HS256 over an unsigned JWE-like five-part token', () => `${signJwt({ alg: 'HS256', typ: 'JWT' }, claims(), secret)}.x.y`],
  ])('refused with the §8 401: %s', async (label, make) => {
    await expectRefused(make(), label);
  });

  test('a tampered signature or token is refused', async () => {
    const login = await new ApiClient(server.url).post('/auth/login', { email: user.email, password: 'password123' });
    const token: string = login.body.encodedToken;
    expect((await new ApiClient(server.url, token).get('/user/likes')).status).toBe(200);
    const [h, p, s] = token.split('.');
    const flip = (text: string, i: number) => text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
    const otherClaims = b64({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), _id: other.userId, email: other.email });
    const variants: Array<[string, string]> = [
      ['first signature character changed', `${h}.${p}.${flip(s!, 0)}`],
      ['middle signature character changed', `${h}.${p}.${flip(s!, 20)}`],
      ['signature removed', `${h}.${p}.`],
      ['signature segment missing', `${h}.${p}`],
      ['signature truncated', `${h}.${p}.${s!.slice(0, -2)}`],
      ['payload swapped to another user, signature kept', `${h}.${otherClaims}.${s}`],
      ['header changed (kid added), signature kept', `${b64({ alg: 'HS256', typ: 'JWT', kid: '../../jwt-secret' })}.${p}.${s}`],
      ['payload character changed', `${h}.${flip(p!, 10)}.${s}`],
      ['whitespace inside the token', `${h}. ${p}.${s}`],
      ['two tokens in one header', `${token} ${token}`],
    ];
    for (const [label, tampered] of variants) await expectRefused(tampered, label);
    // The other user's lists were not reachable either.
    expect((await other.client.get('/user/likes')).body.likes).toEqual([]);
  });

  test('expired, not-yet-valid and never-expiring tokens of a real user are refused', async () => {
    const base = { _id: user.userId, email: user.email };
    await expectRefused(
      signJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now() - 120, exp: now() - 1 }, secret),
      'expired a second ago',
    );
    await expectRefused(
      signJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now() - 90_000, exp: now() - 3600 }, secret),
      'expired an hour ago',
    );
    await expectRefused(
      signJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now(), exp: now() + 600, nbf: now() + 300 }, secret),
      'not valid before five minutes from now',
    );
    await expectRefused(signJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now() }, secret), 'no exp claim');
    await expectRefused(
      signJwt({ alg: 'HS256', typ: 'JWT' }, { ...base, iat: now(), exp: String(now() + 600) }, secret),
      'exp as a string',
    );
  });

  test('issued tokens are HS256 with payload {_id, email} and expire after JWT_EXPIRES_IN_SECONDS (default 24 h)', async () => {
    const res = await new ApiClient(server.url).post('/auth/login', { email: user.email, password: 'password123' });
    const [h, p] = (res.body.encodedToken as string).split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    expect(Object.keys(payload).sort()).toEqual(['_id', 'email', 'exp', 'iat']);
    expect(payload.exp - payload.iat).toBe(24 * 3600);

    const short = await startApp({ env: { JWT_EXPIRES_IN_SECONDS: '60' } });
    try {
      const signup = await new ApiClient(short.url).post('/auth/signup', {
        firstName: 'Short',
        email: 'short-lived@example.com',
        password: 'password123',
      });
      const claims = JSON.parse(Buffer.from(signup.body.encodedToken.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(60);
    } finally {
      await short.close();
    }
  });

  test('a valid token of an unknown user → 404 with the §8 message of each route (routes errors.test.ts does not cover)', async () => {
    const ghostId = '00000000-0000-5000-8000-000000000000';
    const tokens: Array<[string, string]> = [
      [
        'an id and email that never signed up',
        signJwt({ alg: 'HS256', typ: 'JWT' }, { _id: ghostId, email: 'ghost@example.com', iat: now(), exp: now() + 600 }, secret),
      ],
      [
        "a real user's id with another email",
        signJwt({ alg: 'HS256', typ: 'JWT' }, { _id: user.userId, email: 'intruder@example.com', iat: now(), exp: now() + 600 }, secret),
      ],
      [
        "a real user's email with another id",
        signJwt({ alg: 'HS256', typ: 'JWT' }, { _id: other.userId, email: user.email, iat: now(), exp: now() + 600 }, secret),
      ],
    ];
    const routes: Array<[string, string, unknown]> = [
      ['GET', `/user/playlists/${SOME_PLAYLIST}`, undefined],
      ['DELETE', `/user/playlists/${SOME_PLAYLIST}`, undefined],
      ['POST', `/user/playlists/${SOME_PLAYLIST}`, { video: { _id: V1 } }],
      ['DELETE', `/user/playlists/${SOME_PLAYLIST}/${V1}`, undefined],
      ['GET', '/user/playlists', undefined],
      ['POST', '/user/playlists', { playlist: { title: 'mine now' } }],
    ];
    const head = await server.store.headPosition();
    for (const [label, token] of tokens) {
      for (const [method, path, body] of routes) {
        const res = await new ApiClient(server.url, token).request(method, path, body);
        expect({ label, method, path, status: res.status, body: res.body }).toEqual({
          label,
          method,
          path,
          status: 404,
          body: { errors: [MSG.userNotFound] },
        });
      }
      const likes = await new ApiClient(server.url, token).get('/user/likes');
      expect({ label, status: likes.status, body: likes.body }).toEqual({ label, status: 404, body: { errors: [MSG.emailNotRegistered] } });
    }
    expect(await server.store.headPosition()).toBe(head);
    expect((await user.client.get('/user/playlists')).body.playlists).toEqual([]);
  });

  test("a token whose user is gone (same secret, the user's data no longer there) → 404, not a 200", async () => {
    const sharedSecret = randomBytes(32).toString('hex');
    const first = await startApp({ env: { JWT_SECRET: sharedSecret } });
    const { client } = await new ApiClient(first.url).signUpUser('Gone');
    expect((await client.get('/user/likes')).status).toBe(200);
    await first.close();
    const second = await startApp({ env: { JWT_SECRET: sharedSecret } });
    try {
      const stale = new ApiClient(second.url, client.token);
      expect(await stale.get('/user/likes')).toMatchObject({ status: 404, body: { errors: [MSG.emailNotRegistered] } });
      expect(await stale.delete('/user/history/all')).toMatchObject({ status: 404, body: { errors: [MSG.userNotFound] } });
      expect(await stale.get('/user/playlists')).toMatchObject({ status: 404, body: { errors: [MSG.userNotFound] } });
    } finally {
      await second.close();
    }
  });
});

describe('login rate limits: per email and per client address, then recovering', () => {
  // Counting is checked on a server with a long window (slow scrypt under load cannot let attempts
  // expire mid-test); recovery on one with a short window, so that the waits stay short.
  const QUICK_WINDOW_SECONDS = 3;
  let strict: RunningApp;
  let quick: RunningApp;
  const limits = { LOGIN_LIMIT_PER_EMAIL: '3', LOGIN_LIMIT_PER_ADDRESS: '8' };

  beforeAll(async () => {
    strict = await startApp({ env: { ...limits, LOGIN_LIMIT_WINDOW_SECONDS: '600' } });
    quick = await startApp({ env: { ...limits, LOGIN_LIMIT_WINDOW_SECONDS: String(QUICK_WINDOW_SECONDS) } });
  });
  afterAll(async () => {
    await strict?.close();
    await quick?.close();
  });

  const newUser = async (server: RunningApp, name: string) => (await new ApiClient(server.url).signUpUser(name)).email;
  /** A login from a chosen loopback address (127.x.y.z all reach the server, each its own client). */
  const login = (server: RunningApp, from: string, email: string, password: string): Promise<RawResponse> =>
    rawRequest(server.url, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
      localAddress: from,
    });
  /** Asserts the 429 and returns its wait in seconds (message and retry-after agree). */
  const limited = (res: RawResponse, windowSeconds = 600) => {
    expect({ status: res.status, keys: Object.keys(res.body) }).toEqual({ status: 429, keys: ['errors'] });
    expect(res.body.errors).toHaveLength(1);
    const match = /^Too many login attempts\. Try again in (\d+) seconds\.$/.exec(res.body.errors[0]);
    expect(match).not.toBeNull();
    const seconds = Number(match![1]);
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
    return seconds;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  test('per email: the 4th wrong password is a 429, the right one too, from any address; other users are not held back', async () => {
    const from = '127.0.0.11';
    const alice = await newUser(strict, 'Alice');
    const bob = await newUser(strict, 'Bob');
    for (let i = 0; i < 3; i++) expect((await login(strict, from, alice, `wrong-${i}`)).status).toBe(401);
    expect(limited(await login(strict, from, alice, 'wrong-again'))).toBeGreaterThan(590);
    limited(await login(strict, from, alice, 'password123'));
    // Trimmed, upper-cased spellings of the email are the same account, so the same counter.
    limited(await login(strict, from, `  ${alice.toUpperCase()} `, 'password123'));
    // The email's limit holds from any address.
    limited(await login(strict, '127.0.0.12', alice, 'password123'));
    // Another user on the same address is not held back by Alice's failures (3 < the address limit).
    expect((await login(strict, from, bob, 'password123')).status).toBe(200);
  });

  test('unknown emails count too (no free enumeration): 3 × 404, then 429', async () => {
    const from = '127.0.0.13';
    const nobody = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) expect((await login(strict, from, nobody, 'whatever1')).status).toBe(404);
    limited(await login(strict, from, nobody, 'whatever1'));
  });

  test('per address: 8 failures over 8 different emails block that address, not other addresses or the emails', async () => {
    const from = '127.0.0.14';
    const carol = await newUser(strict, 'Carol');
    for (let i = 0; i < 8; i++) expect((await login(strict, from, `spray-${i}-${Date.now()}@example.com`, 'guess-1234')).status).toBe(404);
    limited(await login(strict, from, carol, 'password123'));
    expect((await login(strict, '127.0.0.15', carol, 'password123')).status).toBe(200);
  });

  test('parallel guesses cannot slip under the limit: 12 at once from 12 addresses → exactly 3 × 401 and 9 × 429', async () => {
    const dave = await newUser(strict, 'Dave');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(strict, `127.0.1.${i + 1}`, dave, `guess-${i}`)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(3).fill(401), ...Array(9).fill(429)]);
  });

  test("a successful login forgives its email's failures; successes never use up the address limit", async () => {
    const from = '127.0.0.16';
    const erin = await newUser(strict, 'Erin');
    const frank = await newUser(strict, 'Frank');
    for (let i = 0; i < 2; i++) expect((await login(strict, from, erin, 'nope-nope')).status).toBe(401);
    expect((await login(strict, from, erin, 'password123')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(strict, from, erin, 'nope-nope')).status).toBe(401);
    limited(await login(strict, from, erin, 'nope-nope'));
    // The address has 5 failures (under 8); 20 successes of another user do not add to them.
    for (let i = 0; i < 20; i++) expect((await login(strict, from, frank, 'password123')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(strict, from, `x${i}-${Date.now()}@example.com`, 'nope-nope')).status).toBe(404);
    limited(await login(strict, from, frank, 'password123'));
  });

  test('a request that fails validation (400) is not a login attempt and is not counted', async () => {
    const from = '127.0.0.17';
    const gina = await newUser(strict, 'Gina');
    for (let i = 0; i < 10; i++) {
      const res = await rawRequest(strict.url, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: gina }),
        localAddress: from,
      });
      expect(res.status).toBe(400);
    }
    expect((await login(strict, from, gina, 'password123')).status).toBe(200);
  });

  test('after the window both limits lift by themselves (retry-after is honest)', async () => {
    const byEmail = '127.0.0.21';
    const byAddress = '127.0.0.22';
    const hana = await newUser(quick, 'Hana');
    const ivan = await newUser(quick, 'Ivan');
    for (let i = 0; i < 3; i++) expect((await login(quick, byEmail, hana, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 8; i++)
      expect((await login(quick, byAddress, `spray-${i}-${Date.now()}@example.com`, 'guess-1234')).status).toBe(404);
    const waits = [
      limited(await login(quick, byEmail, hana, 'password123'), QUICK_WINDOW_SECONDS),
      limited(await login(quick, byAddress, ivan, 'password123'), QUICK_WINDOW_SECONDS),
    ];
    await sleep(Math.max(...waits) * 1000 + 200);
    expect((await login(quick, byEmail, hana, 'password123')).status).toBe(200);
    expect((await login(quick, byAddress, ivan, 'password123')).status).toBe(200);
  });

  test('the limits are configuration, validated at start', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() };
    expect(loadConfig(base).loginRateLimit).toEqual({ perEmail: 10, perAddress: 50, windowSeconds: 900 });
    expect(
      loadConfig({ ...base, LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_ADDRESS: '100', LOGIN_LIMIT_WINDOW_SECONDS: '60' }).loginRateLimit,
    ).toEqual({
      perEmail: 5,
      perAddress: 100,
      windowSeconds: 60,
    });
    expect(() => loadConfig({ ...base, LOGIN_LIMIT_PER_EMAIL: '0' })).toThrow(
      new ConfigError('LOGIN_LIMIT_PER_EMAIL must be an integer from 1 to 1000000, got "0"'),
    );
    expect(() => loadConfig({ ...base, LOGIN_LIMIT_PER_ADDRESS: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LOGIN_LIMIT_WINDOW_SECONDS: '1.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LOGIN_LIMIT_WINDOW_SECONDS: '-1' })).toThrow(ConfigError);
  });
});

describe('security headers on every answer, API and static', () => {
  let server: RunningApp;
  let token: string;
  const DIST = join(__dirname, '..', '..', 'frontend', 'dist');
  /** The CSP sources of the built index.html's inline elements of `tag` (none without a build): their texts' SHA-256. */
  const inlineHashes = (tag: 'script' | 'style') => {
    const index = join(DIST, 'index.html');
    if (!existsSync(index)) return [];
    const texts = [...readFileSync(index, 'utf8').matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
    return texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  };

  beforeAll(async () => {
    server = await startApp();
    token = (await new ApiClient(server.url).signUpUser('Headers')).client.token!;
  });
  afterAll(() => server?.close());

  const common = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
  const csp = (res: RawResponse) =>
    new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values] as const),
    );

  test.each<[string, string, string, Record<string, string>, string | undefined, number]>([
    ['an API read', 'GET', '/api/videos', {}, undefined, 200],
    ['an authenticated API read', 'GET', '/api/user/likes', { authorization: 'TOKEN' }, undefined, 200],
    ['an unknown API route', 'GET', '/api/nope', {}, undefined, 404],
    ['a refused token', 'GET', '/api/user/likes', { authorization: 'garbage' }, undefined, 401],
    ['malformed JSON', 'POST', '/api/user/likes', { authorization: 'TOKEN', 'content-type': 'application/json' }, '{"video":', 400],
    [
      'a body over 100 kB',
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: 'x'.repeat(150 * 1024) }),
      413,
    ],
    ['a non-JSON body', 'POST', '/api/auth/login', { 'content-type': 'application/xml' }, '<x/>', 415],
    ['an undecodable URL', 'GET', '/api/video/%E0%A4%A', {}, undefined, 400],
    ['a path parameter over the limit', 'GET', `/api/video/${'v'.repeat(300)}`, {}, undefined, 414],
    ['the page', 'GET', '/', {}, undefined, 200],
    ['a client-side route (SPA fallback)', 'GET', '/playlist', {}, undefined, 200],
    ['an undecodable page URL', 'GET', '/%E0%A4%A', {}, undefined, 400],
  ])('%s', async (_label, method, path, headers, body, status) => {
    const withToken = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === 'TOKEN' ? token : v]));
    const res = await rawRequest(server.url, { method, path, headers: withToken, body });
    expect(res.status).toBe(status);
    expect(res.headers).toMatchObject(common);
    const policy = csp(res);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    if (path.startsWith('/api')) {
      expect(policy.get('default-src')).toEqual(["'none'"]);
      // Catalogue reads are public and revalidated by ETag (caching-and-compression.test.ts); the rest no-store.
      expect(res.headers['cache-control']).toBe(path === '/api/videos' ? 'no-cache' : 'no-store');
    } else {
      // A page may run index.html's own inline script; an error answer, which is no page, runs none.
      expect(policy.get('script-src')).toEqual(status >= 400 ? ["'self'"] : ["'self'", ...inlineHashes('script')]);
    }
    if (status >= 400) {
      expect(Object.keys(res.body)).toEqual(['errors']);
      expect(res.text).not.toMatch(INTERNALS);
    }
  });

  test('static files carry them too', async () => {
    const asset = existsSync(DIST) ? readdirSync(join(DIST, 'assets')).find((f) => f.endsWith('.js')) : undefined;
    if (!asset) return console.log('frontend/dist is not built: static asset headers not checked');
    const res = await rawRequest(server.url, { method: 'GET', path: `/assets/${asset}` });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject(common);
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
  });

  test('the page policy lets the app work: own scripts and styles only, catalogue thumbnails and avatars, the YouTube player', async () => {
    const policy = csp(await rawRequest(server.url, { method: 'GET', path: '/' }));
    // Scripts and styles from this origin, and index.html's own inline script and stylesheet, by the hash of their
    // exact text.
    expect(policy.get('script-src')).toEqual(["'self'", ...inlineHashes('script')]);
    expect(policy.get('style-src')).toEqual(["'self'", ...inlineHashes('style')]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com']);
    const images = policy.get('img-src')!;
    expect(images).toEqual(["'self'", 'data:', 'https://i.ytimg.com']);
    // Every image the catalogue hands out is allowed by img-src.
    const { videos } = (await new ApiClient(server.url).get('/videos')).body;
    for (const video of videos) {
      expect(images).toContain(new URL(video.thumbnail).origin);
      expect(video.channelAvatar).toMatch(/^data:image\//);
    }
    // The player embeds from an origin frame-src allows.
    const player = readFileSync(join(__dirname, '..', '..', 'frontend', 'src', 'features', 'videos', 'youtube-embed.tsx'), 'utf8');
    const embed = /`(https:\/\/[^/`]+)\/embed\//.exec(player)?.[1];
    expect(policy.get('frame-src')).toContain(embed);
  });

  test("the built index.html has one inline script (the early read of a list page), one inline style (the first screen's stylesheet) and no event handler: the only inline code the policy allows", () => {
    const index = join(DIST, 'index.html');
    if (!existsSync(index)) return console.log('frontend/dist/index.html is not built: run `npm run build -w frontend`');
    const html = readFileSync(index, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    const inline = scripts.filter(([, attributes]) => attributes === '');
    expect(inline).toHaveLength(1);
    expect(inline[0]![2]).toContain('__earlyRead');
    expect(inlineHashes('script')).toHaveLength(1);
    for (const [, attributes, content] of scripts.filter((script) => !inline.includes(script))) {
      expect(attributes).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
      expect(content!.trim()).toBe('');
    }
    // The entry's stylesheet, byte for byte, in place of a link to it (frontend/vite.config.ts).
    const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)];
    expect(styles.map(([, attributes]) => attributes)).toEqual(['']);
    const sheets = readdirSync(join(DIST, 'assets')).filter((file) => /^index-[^.]+\.css$/.test(file));
    expect(sheets.map((file) => readFileSync(join(DIST, 'assets', file), 'utf8'))).toEqual([styles[0]![2]]);
    expect(html).not.toMatch(/<link rel="stylesheet"/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('CORS: closed by default, open only to the origins in CORS_ORIGINS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    path: '/api/user/likes',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });

  test('default: a foreign origin gets no access-control-allow-origin, on a read or a preflight', async () => {
    const server = await startApp();
    try {
      const read = await rawRequest(server.url, { method: 'GET', path: '/api/videos', headers: { origin: 'https://evil.example' } });
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await rawRequest(server.url, preflight('https://evil.example'));
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
      expect(pre.headers['access-control-allow-headers']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  test('configured: the listed origins get exactly their origin back, others nothing; no credentials', async () => {
    const server = await startApp({ env: { CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' } });
    try {
      for (const origin of ['https://app.example.com', 'http://localhost:5173']) {
        const read = await rawRequest(server.url, { method: 'GET', path: '/api/videos', headers: { origin } });
        expect(read.headers['access-control-allow-origin']).toBe(origin);
        expect(String(read.headers.vary)).toMatch(/origin/i);
        expect(read.headers['access-control-allow-credentials']).toBeUndefined();
        const pre = await rawRequest(server.url, preflight(origin));
        expect(pre.status).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe(origin);
        expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
        expect(String(pre.headers['access-control-allow-methods'])).toContain('DELETE');
      }
      for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'http://app.example.com', 'null']) {
        const read = await rawRequest(server.url, { method: 'GET', path: '/api/videos', headers: { origin } });
        expect({ origin, acao: read.headers['access-control-allow-origin'] }).toEqual({ origin, acao: undefined });
        const pre = await rawRequest(server.url, preflight(origin));
        expect({ origin, acao: pre.headers['access-control-allow-origin'] }).toEqual({ origin, acao: undefined });
      }
    } finally {
      await server.close();
    }
  });

  test('configured: a listed origin may use every method and request header of the API (PATCH and PUT included) and read the answer headers it acts on; an unlisted origin is still refused (no access-control-allow-origin)', async () => {
    const origin = 'https://app.example.com';
    const server = await startApp({ env: { CORS_ORIGINS: origin } });
    const ask = (from: string, method: string, path: string) =>
      rawRequest(server.url, {
        method: 'OPTIONS',
        path,
        headers: {
          origin: from,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization,content-type,idempotency-key,if-none-match,x-request-id',
        },
      });
    const list = (value: unknown) =>
      String(value ?? '')
        .toLowerCase()
        .split(/\s*,\s*/)
        .filter(Boolean);
    try {
      for (const [method, path] of [
        ['PATCH', `/api/user/playlists/${SOME_PLAYLIST}`],
        ['PUT', '/api/user/settings'],
        ['PATCH', '/api/user/profile'],
        ['DELETE', `/api/user/likes/${V1}`],
      ]) {
        const pre = await ask(origin, method, path);
        expect({ method, status: pre.status, acao: pre.headers['access-control-allow-origin'] }).toEqual({
          method,
          status: 204,
          acao: origin,
        });
        expect(list(pre.headers['access-control-allow-methods'])).toEqual(
          expect.arrayContaining(['get', 'head', 'post', 'put', 'patch', 'delete']),
        );
        expect(list(pre.headers['access-control-allow-headers'])).toEqual(
          expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'if-none-match', 'last-event-id', 'x-request-id']),
        );
        // Without its origin in access-control-allow-origin the browser refuses the request, whatever else is listed.
        const other = await ask('https://evil.example', method, path);
        expect({ method, acao: other.headers['access-control-allow-origin'] }).toEqual({ method, acao: undefined });
      }
      // Answer headers beyond the CORS-safelisted ones are readable by the page only when exposed.
      const read = await rawRequest(server.url, { method: 'GET', path: '/api/videos', headers: { origin } });
      expect(list(read.headers['access-control-expose-headers'])).toEqual(
        expect.arrayContaining(['retry-after', 'idempotent-replayed', 'etag', 'x-request-id', 'x-changes-position']),
      );
      const foreign = await rawRequest(server.url, { method: 'GET', path: '/api/videos', headers: { origin: 'https://evil.example' } });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  test('CORS_ORIGINS is validated at start', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmpdir() };
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(loadConfig({ ...base, CORS_ORIGINS: 'https://a.example.com,http://localhost:5173' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of [
      '*',
      'https://a.example.com/',
      'https://a.example.com/app',
      'ftp://a.example.com',
      'a.example.com',
      'https://A.example.com',
      'https://a.example.com,',
      'null',
    ]) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad })).toThrow(
        /^CORS_ORIGINS must be a comma-separated list of origins such as https:\/\/app\.example\.com, got "/,
      );
    }
  });
});

describe('no stack traces or internals in any error body', () => {
  let server: RunningApp;
  beforeAll(async () => (server = await startApp()));
  afterAll(() => server?.close());

  test.each<[string, string, string, Record<string, string | string[]>, string | undefined]>([
    ['malformed JSON', 'POST', '/api/auth/login', { 'content-type': 'application/json' }, '{"email": '],
    ['a __proto__ key', 'POST', '/api/auth/signup', { 'content-type': 'application/json' }, '{"__proto__":{"x":1},"email":"a@b.co"}'],
    ['a wrong JSON type', 'POST', '/api/auth/login', { 'content-type': 'application/json' }, '{"email":{"$ne":null},"password":["x"]}'],
    ['a huge body', 'POST', '/api/auth/signup', { 'content-type': 'application/json' }, `{"x":"${'y'.repeat(200 * 1024)}"}`],
    ['a non-JSON content type', 'POST', '/api/auth/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a&password=b'],
    [
      'a lying content-length',
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-length': '2' },
      '{"email":"a@b.co"}',
    ],
    ['a NUL byte in a path parameter', 'GET', '/api/video/%00', {}, undefined],
    ['traversal in a path parameter', 'GET', '/api/categories/..%2F..%2F..%2Fetc%2Fpasswd', {}, undefined],
    ['an undecodable URL', 'GET', '/api/video/%', {}, undefined],
    ['headers over 16 kB', 'GET', '/api/videos', { 'x-filler': 'z'.repeat(20 * 1024) }, undefined],
    ['a token that is not base64', 'GET', '/api/user/likes', { authorization: '%%%.%%%.%%%' }, undefined],
    [
      'a token with a JSON-breaking payload',
      'GET',
      '/api/user/likes',
      { authorization: `${b64({ alg: 'HS256' })}.${Buffer.from('{"_id":').toString('base64url')}.x` },
      undefined,
    ],
  ])('%s', async (_label, method, path, headers, body) => {
    const res = await rawRequest(server.url, { method, path, headers, body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body)).toEqual(['errors']);
    expect(res.body.errors.every((e: unknown) => typeof e === 'string')).toBe(true);
    expect(res.text).not.toMatch(INTERNALS);
  });

  test('an unexpected failure (500) answers the generic message only; the stack goes to the log', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
    const reply = {
      status(code: number) {
        sent.status = code;
        return this;
      },
      header(name: string, value: string) {
        sent.headers[name] = value;
        return this;
      },
      send(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const host = {
      switchToHttp: () => ({ getRequest: () => ({ method: 'POST', url: '/api/user/likes' }), getResponse: () => reply }),
    } as unknown as ArgumentsHost;
    const failure = Object.assign(new Error('SQLITE_CORRUPT: database disk image is malformed at /work/data/events.sqlite'), {
      code: 'SQLITE_CORRUPT',
    });
    try {
      new ApiExceptionFilter().catch(failure, host);
      expect(logged).toHaveBeenCalledWith('POST /api/user/likes failed', expect.stringContaining('SQLITE_CORRUPT'));
    } finally {
      logged.mockRestore();
    }
    const generic = 'Something went wrong on our side. Try again later.';
    expect(sent).toEqual({ status: 500, body: { errors: [generic], error: generic }, headers: {} });
  });
});

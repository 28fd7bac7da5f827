import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { API_CSP } from '../../backend/src/http/http-security';
import { ApiClient } from '../support/api-client';
import { rawRequest } from '../support/raw-http';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

/**
 * No side doors (SECURITY.md §6). Each test sends the hostile spelling of a request that the plain
 * spelling already handles safely, and expects the same safe answer.
 */
const INVALID_TOKEN = 'The token is invalid. Unauthorized access error.';
const EMAIL_EXISTS = 'Unprocessable Entity. Email Already Exists.';
const JSON_ONLY = 'Send the request body as application/json.';
const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('side doors on the %s read model', (variantName) => {
  const app = useAppOn(variantName);

  test('headers are decided on the routed path: /%61pi/… and the absolute form get the API CSP and no-store', async () => {
    const { client } = await app.guest.signUpUser('Doors');
    const token = client.token!;
    for (const path of ['/%61pi/user/likes', 'http://evil.example/api/user/likes', '/api/user/likes']) {
      const res = await rawRequest(app.server.url, { method: 'GET', path, headers: { authorization: token } });
      expect({ path, status: res.status, csp: res.headers['content-security-policy'], cache: res.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        csp: API_CSP,
        cache: 'no-store',
      });
    }
  });

  test('JSON only: form-encoded signup and login, text/plain and other types are a 415 and change nothing', async () => {
    const head = await app.server.store.headPosition();
    const email = `form-${unique()}@example.com`;
    const cases: Array<[string, string, string]> = [
      ['/api/auth/signup', 'application/x-www-form-urlencoded', `email=${encodeURIComponent(email)}&password=password123`],
      ['/api/auth/login', 'application/x-www-form-urlencoded', 'email=guest%40example.com&password=guestpass123'],
      ['/api/auth/signup', 'text/plain', JSON.stringify({ email, password: 'password123' })],
      ['/api/auth/login', 'text/plain;charset=UTF-8', JSON.stringify({ email: 'guest@example.com', password: 'guestpass123' })],
      [
        '/api/auth/signup',
        'multipart/form-data; boundary=x',
        `--x\r\ncontent-disposition: form-data; name="email"\r\n\r\n${email}\r\n--x--`,
      ],
    ];
    for (const [path, type, body] of cases) {
      const res = await rawRequest(app.server.url, { method: 'POST', path, headers: { 'content-type': type }, body });
      expect({ path, type, status: res.status, body: res.body }).toEqual({ path, type, status: 415, body: { errors: [JSON_ONLY] } });
    }
    expect(await app.server.store.headPosition()).toBe(head);
    expect((await app.guest.post('/auth/login', { email, password: 'password123' })).status).toBe(404);
  });

  test('emails: NFKC-normalised (fullwidth is the same account), invisible and control characters and mixed scripts refused', async () => {
    const local = `ada${unique()}`;
    const email = `${local}@example.com`;
    expect((await app.guest.post('/auth/signup', { email, password: 'password123' })).status).toBe(201);
    const head = await app.server.store.headPosition();
    const fullwidth = [...email].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
    expect(await app.guest.post('/auth/signup', { email: fullwidth, password: 'password123' })).toMatchObject({
      status: 422,
      body: { errors: [EMAIL_EXISTS] },
    });
    expect((await app.guest.post('/auth/login', { email: fullwidth, password: 'password123' })).status).toBe(200);
    for (const hostile of [
      `${local}\u200B@example.com`,
      `${email}\u200B`,
      `\u2060${email}`,
      `${local}\u0007@example.com`,
      `${local}\u202E@example.com`,
    ]) {
      const res = await app.guest.post('/auth/signup', { email: hostile, password: 'password123' });
      expect({ hostile, status: res.status, body: res.body }).toEqual({
        hostile,
        status: 400,
        body: { errors: ['email must not contain invisible or control characters'] },
      });
    }
    // A Cyrillic е (U+0435) among Latin letters, in the local part and in the domain.
    for (const hostile of [email.replace('a', '\u0430'), `${local}@\u0435xample.com`]) {
      const res = await app.guest.post('/auth/signup', { email: hostile, password: 'password123' });
      expect({ hostile, status: res.status, body: res.body }).toEqual({
        hostile,
        status: 400,
        body: { errors: ['email must not mix letters of different scripts (look-alike characters)'] },
      });
    }
    expect(await app.server.store.headPosition()).toBe(head);
  });

  test('playlist titles and descriptions: invisible-only refused, bidi controls refused, at creation and on change', async () => {
    const { client } = await app.guest.signUpUser('Titles');
    const created = await client.post('/user/playlists', { playlist: { title: 'Fine' } });
    expect(created.status).toBe(201);
    const id = created.body.playlists[0]._id;
    const head = await app.server.store.headPosition();
    const refused: Array<[object, string]> = [
      [{ title: '\u200B' }, 'playlist.title must contain visible characters'],
      [{ title: '\u200B\u200C\u2060\uFEFF\u3164' }, 'playlist.title must contain visible characters'],
      [
        { title: 'invoice\u202Efdp.exe' },
        'playlist.title must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)',
      ],
      [{ title: '\u2066nice\u2069' }, 'playlist.title must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)'],
      [{ title: 'ok', description: '\u200B\u200B' }, 'playlist.description must be empty or contain visible characters'],
      [
        { title: 'ok', description: 'a\u202Eb' },
        'playlist.description must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)',
      ],
    ];
    for (const [playlist, message] of refused) {
      const res = await client.post('/user/playlists', { playlist });
      expect({ playlist, status: res.status, body: res.body }).toEqual({ playlist, status: 400, body: { errors: [message] } });
    }
    for (const change of [{ title: '\u200B' }, { title: 'x\u202Ey' }, { description: '\u200B' }]) {
      const res = await client.request('PATCH', `/user/playlists/${id}`, change);
      expect({ change, status: res.status }).toEqual({ change, status: 400 });
    }
    expect(await app.server.store.headPosition()).toBe(head);
    // An empty description is still allowed, and so is visible text from any script.
    expect((await client.post('/user/playlists', { playlist: { title: 'Ελληνικά 日本語', description: '' } })).status).toBe(201);
  });

  test('names: control, bidi and invisible-only refused at sign-up and on profile change, changing nothing; NFD stored as NFC', async () => {
    const BIDI = 'must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)';
    const CONTROL = 'must not contain control characters (U+0000–U+001F, U+007F–U+009F)';
    const hostile: Array<[string, string]> = [
      ['Ada\u202Eecalevol', BIDI],
      ['\u2066Ada\u2069', BIDI],
      ['Ada\u0000', CONTROL],
      ['\u001B[31mAda\u001B[0m', CONTROL],
      ['Ada\nLovelace', CONTROL],
    ];
    const invisible = ['\u200B', '\u200B\u2060\u3164'];

    // Sign-up: every name field (each may become the first name guests see); no account is made.
    const head = await app.server.store.headPosition();
    const signups: Array<[object, string]> = [
      ...hostile.flatMap(([name, rule]): Array<[object, string]> => [
        [{ firstName: name }, `firstName ${rule}`],
        [{ firstName: 'Ada', lastName: name }, `lastName ${rule}`],
        [{ name }, `name ${rule}`],
        [{ username: name }, `username ${rule}`],
      ]),
      ...invisible.flatMap((name): Array<[object, string]> => [
        [{ firstName: name }, 'firstName must be empty or contain visible characters'],
        [{ firstName: 'Ada', lastName: name }, 'lastName must be empty or contain visible characters'],
      ]),
    ];
    for (const [names, message] of signups) {
      const email = `names-${unique()}@example.com`;
      const res = await app.guest.post('/auth/signup', { ...names, email, password: 'password123' });
      expect({ names, status: res.status, body: res.body }).toEqual({ names, status: 400, body: { errors: [message] } });
      expect((await app.guest.post('/auth/login', { email, password: 'password123' })).status).toBe(404);
    }
    expect(await app.server.store.headPosition()).toBe(head);

    // Profile: the same rules; the first name must show something. The profile stays as it was.
    const { client, email } = await app.guest.signUpUser('Keep');
    const before = (await app.guest.post('/auth/login', { email, password: 'password123' })).body.foundUser;
    const afterSignup = await app.server.store.headPosition();
    const changes: Array<[object, string]> = [
      ...hostile.flatMap(([name, rule]): Array<[object, string]> => [
        [{ firstName: name }, `firstName ${rule}`],
        [{ lastName: name }, `lastName ${rule}`],
      ]),
      ...invisible.flatMap((name): Array<[object, string]> => [
        [{ firstName: name }, 'firstName must contain visible characters'],
        [{ lastName: name }, 'lastName must be empty or contain visible characters'],
      ]),
    ];
    for (const [change, message] of changes) {
      const res = await client.request('PATCH', '/user/profile', change);
      expect({ change, status: res.status, body: res.body }).toEqual({ change, status: 400, body: { errors: [message] } });
    }
    expect(await app.server.store.headPosition()).toBe(afterSignup);
    const unchanged = (await app.guest.post('/auth/login', { email, password: 'password123' })).body.foundUser;
    expect({ firstName: unchanged.firstName, lastName: unchanged.lastName }).toEqual({ firstName: 'Keep', lastName: 'User' });
    expect(unchanged.updatedAt).toBe(before.updatedAt);

    // NFD (e + U+0308 COMBINING DIAERESIS) is stored NFC (U+00EB), at sign-up and on change; the
    // name guests see on a shared playlist is the NFC one too.
    const nfd = 'Zoe\u0308';
    const signup = await app.guest.post('/auth/signup', {
      firstName: nfd,
      lastName: 'Bronte\u0308',
      email: `nfc-${unique()}@example.com`,
      password: 'password123',
    });
    expect(signup.status).toBe(201);
    expect(signup.body.createdUser).toMatchObject({ firstName: 'Zo\u00EB', lastName: 'Bront\u00EB' });
    const zoe = new ApiClient(app.server.url, signup.body.encodedToken);
    const renamed = await zoe.request<any>('PATCH', '/user/profile', { firstName: 'Ame\u0301lie', lastName: 'Poulain' });
    expect(renamed.body.user).toMatchObject({ firstName: 'Am\u00E9lie', lastName: 'Poulain' });
    const created = await zoe.post('/user/playlists', { playlist: { title: 'Films' } });
    const id = created.body.playlists[0]._id;
    await zoe.request('PATCH', `/user/playlists/${id}`, { visibility: 'unlisted' });
    expect((await app.guest.get(`/playlists/${id}`)).body.playlist.owner).toEqual({ firstName: 'Am\u00E9lie' });

    // Ordinary names of any script still work, with emoji (a ZWJ sequence) and an empty last name.
    for (const [firstName, lastName] of [
      ['Ada', 'Lovelace'],
      ['Zoë', 'Brontë'],
      ['太郎', '山田'],
      ['محمد', ''],
      ['Ada 👩‍💻', 'O’Brien-Smith'],
    ]) {
      const res = await app.guest.post('/auth/signup', {
        firstName,
        lastName,
        email: `ok-${unique()}@example.com`,
        password: 'password123',
      });
      expect({
        firstName,
        status: res.status,
        user: res.body.createdUser && { f: res.body.createdUser.firstName, l: res.body.createdUser.lastName },
      }).toEqual({
        firstName,
        status: 201,
        user: { f: firstName, l: lastName },
      });
      expect((await zoe.request<any>('PATCH', '/user/profile', { firstName, lastName })).body.user).toMatchObject({ firstName, lastName });
    }
  });

  test('tokens: only canonical base64url, and exp at most the configured lifetime ahead', async () => {
    const { client, email, userId } = await app.guest.signUpUser('Tokens');
    const token = client.token!;
    expect((await client.get('/user/likes')).status).toBe(200);
    // The same token re-encoded in standard base64 (`+`, `/`, `=` padding): same bytes, another spelling.
    const standard = token
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('base64'))
      .join('.');
    expect(standard).not.toBe(token);
    const secret = readFileSync(`${app.server.dataDir}/jwt-secret`, 'utf8');
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signed = (payload: object) => {
      const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}`;
      return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    // Control: a token signed here like ours, expiring within the lifetime, is accepted.
    expect((await app.guest.withToken(signed({ _id: userId, email, iat: now, exp: now + 600 })).get('/user/likes')).status).toBe(200);
    for (const [name, forged] of [
      ['standard base64', standard],
      ['padded base64url', `${token}=`],
      ['exp = 1e300', signed({ _id: userId, email, iat: now, exp: 1e300 })],
      ['exp a year ahead', signed({ _id: userId, email, iat: now, exp: now + 365 * 86400 })],
      ['exp one hour past the 24 h lifetime', signed({ _id: userId, email, iat: now, exp: now + 86400 + 3600 })],
    ]) {
      const res = await app.guest.withToken(forged).get('/user/likes');
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: { errors: [INVALID_TOKEN] } });
    }
  });
});

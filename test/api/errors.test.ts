import { createHmac } from 'node:crypto';
import { READ_MODEL_VARIANTS_WITH_CLUSTER, useAppOn } from '../support/read-models';

const MSG = {
  emailExists: 'Unprocessable Entity. Email Already Exists.',
  emailNotRegistered: 'The email you entered is not Registered. Not Found error',
  userNotFound: 'The user you request does not exist. Not Found error.',
  badCredentials: 'The credentials you entered are invalid. Unauthorized access error.',
  badToken: 'The token is invalid. Unauthorized access error.',
};
const V1 = 'bTYV7aFC6KE';

/** An HS256 token for an identity that never signed up, signed with the server's real secret. */
function forgeValidToken(secret: string, payload: object): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ ...payload, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe.each(READ_MODEL_VARIANTS_WITH_CLUSTER)('error messages of docs/api.md, verbatim, on the %s read model', (variantName) => {
  const app = useAppOn(variantName);

  test('422 on signup with an email already registered, compared trimmed and case-insensitively', async () => {
    const { email } = await app.guest.signUpUser('Dup');
    const res = await app.guest.post('/auth/signup', { firstName: 'Again', email: `  ${email.toUpperCase()}  `, password: 'password123' });
    expect(res).toMatchObject({ status: 422, body: { errors: [MSG.emailExists] } });
    // The original account is untouched: its password still logs in.
    expect((await app.guest.post('/auth/login', { email, password: 'password123' })).status).toBe(200);
  });

  test('404 on login with an unknown email; 401 on a wrong password', async () => {
    expect(await app.guest.post('/auth/login', { email: 'nobody@example.com', password: 'whatever1' })).toMatchObject({
      status: 404,
      body: { errors: [MSG.emailNotRegistered] },
    });
    expect(await app.guest.post('/auth/login', { email: 'guest@example.com', password: 'wrong-password' })).toMatchObject({
      status: 401,
      body: { errors: [MSG.badCredentials] },
    });
    // Login matches the email the same way signup does.
    expect((await app.guest.post('/auth/login', { email: ' GUEST@example.com ', password: 'guestpass123' })).status).toBe(200);
  });

  test('401 for a missing, malformed, tampered, wrongly signed or alg:none token, on every user route', async () => {
    const { client } = await app.guest.signUpUser('Tokens');
    const [h, p] = client.token!.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ _id: 'x', email: 'guest@example.com' })).toString('base64url')}.${client.token!.split('.')[2]}`;
    const wrongSecret = forgeValidToken('not-the-secret', { _id: 'a', email: 'b' });
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const routes: Array<[string, string]> = [
      ['GET', '/user/likes'],
      ['POST', '/user/likes'],
      ['DELETE', `/user/likes/${V1}`],
      ['GET', '/user/watchlater/'],
      ['POST', '/user/watchlater'],
      ['DELETE', `/user/watchlater/${V1}`],
      ['GET', '/user/history'],
      ['POST', '/user/history'],
      ['DELETE', `/user/history/${V1}`],
      ['DELETE', '/user/history/all'],
      ['GET', '/user/playlists'],
      ['POST', '/user/playlists'],
      ['GET', '/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a'],
      ['DELETE', '/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a'],
      ['POST', '/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a'],
      ['DELETE', `/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a/${V1}`],
    ];
    for (const token of [undefined, 'garbage', 'Bearer ', tampered, wrongSecret, noneAlg]) {
      for (const [method, path] of routes) {
        const res = await app.guest.withToken(token).request(method, path, method === 'POST' ? { video: { _id: V1 } } : undefined);
        expect({ token, method, path, status: res.status, body: res.body }).toEqual({
          token,
          method,
          path,
          status: 401,
          body: { errors: [MSG.badToken] },
        });
      }
    }
  });

  test('an expired token signed with the real secret is refused', async () => {
    const { readFileSync } = await import('node:fs');
    const secret = readFileSync(`${app.server.dataDir}/jwt-secret`, 'utf8');
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const past = Math.floor(Date.now() / 1000) - 3600;
    const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ _id: 'x', email: 'guest@example.com', iat: past - 60, exp: past })}`;
    const token = `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
    expect(await app.guest.withToken(token).get('/user/likes')).toMatchObject({ status: 401, body: { errors: [MSG.badToken] } });
  });

  test('a valid token of a user that does not exist: 404, with the message §8 gives each route', async () => {
    const { readFileSync } = await import('node:fs');
    const secret = readFileSync(`${app.server.dataDir}/jwt-secret`, 'utf8');
    const ghost = app.guest.withToken(forgeValidToken(secret, { _id: '00000000-0000-5000-8000-000000000000', email: 'ghost@example.com' }));
    const expectations: Array<[string, string, string]> = [
      ['GET', '/user/likes', MSG.emailNotRegistered],
      ['POST', '/user/likes', MSG.emailNotRegistered],
      ['DELETE', `/user/likes/${V1}`, MSG.userNotFound],
      ['GET', '/user/watchlater/', MSG.emailNotRegistered],
      ['POST', '/user/watchlater', MSG.emailNotRegistered],
      ['DELETE', `/user/watchlater/${V1}`, MSG.userNotFound],
      ['GET', '/user/history', MSG.emailNotRegistered],
      ['POST', '/user/history', MSG.emailNotRegistered],
      ['DELETE', `/user/history/${V1}`, MSG.userNotFound],
      ['DELETE', '/user/history/all', MSG.userNotFound],
      ['GET', '/user/playlists', MSG.userNotFound],
      ['POST', '/user/playlists', MSG.userNotFound],
    ];
    for (const [method, path, message] of expectations) {
      const body = method !== 'POST' ? undefined : path.includes('playlists') ? { playlist: { title: 't' } } : { video: { _id: V1 } };
      const res = await ghost.request(method, path, body);
      expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 404, body: { errors: [message] } });
    }
  });

  test.each([
    ['/user/likes', 'The video is already in your liked videos'],
    ['/user/watchlater', 'The video is already in your watch later videos'],
    ['/user/history', 'The video is already in your history'],
  ])('409 when posting a video already in %s', async (path, message) => {
    const { client } = await app.guest.signUpUser('Dup409');
    expect((await client.post(path, { video: { _id: V1 } })).status).toBe(201);
    expect(await client.post(path, { video: { _id: V1, title: 'other fields do not matter' } })).toMatchObject({
      status: 409,
      body: { errors: [message] },
    });
  });

  test('409 when posting a video already in the playlist', async () => {
    const { client } = await app.guest.signUpUser('Dup409');
    const playlistId = (await client.post('/user/playlists', { playlist: { title: 'p' } })).body.playlists[0]._id;
    expect((await client.post(`/user/playlists/${playlistId}`, { video: { _id: V1 } })).status).toBe(201);
    expect(await client.post(`/user/playlists/${playlistId}`, { video: { _id: V1 } })).toMatchObject({
      status: 409,
      body: { errors: ['The video is already in your playlist'] },
    });
  });

  test('404 for a video id that is not in the catalogue, and nothing is stored', async () => {
    const { client } = await app.guest.signUpUser('Unknown');
    for (const path of ['/user/likes', '/user/watchlater', '/user/history']) {
      const res = await client.post(path, { video: { _id: 'dQw4w9WgXcQ', title: 'not ours' } });
      expect(res).toMatchObject({ status: 404, body: { errors: ['The video you requested does not exist. Not Found error.'] } });
      expect((await client.delete(`${path}/dQw4w9WgXcQ`)).status).toBe(404);
    }
    expect((await client.get('/user/likes')).body.likes).toEqual([]);
  });
});

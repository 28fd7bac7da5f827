import { ApiClient } from '../support/api-client';
import { RunningApp } from '../support/app';

const V1 = '2GURVhh9ZQ4';

describe('bad input gets a clear 4xx and changes nothing', () => {
  let server: RunningApp;
  let client: ApiClient;

  beforeAll(async () => {
    const { startApp } = await import('../support/app');
    server = await startApp();
    client = (await new ApiClient(server.url).signUpUser('Hostile')).client;
    await client.post('/user/likes', { video: { _id: V1 } });
    // A playlist in the state, so that "nothing changed" covers playlists too.
    await client.post('/user/playlists', { playlist: { title: 'Safe' } });
  });
  afterAll(() => server?.close());

  const state = async () => ({
    head: await server.store.headPosition(),
    likes: (await client.get('/user/likes')).body,
    playlists: (await client.get('/user/playlists')).body,
  });

  const huge = 'x'.repeat(101 * 1024);
  const cases: Array<[string, string, string, unknown, number, RegExp]> = [
    ['malformed JSON', 'POST', '/user/likes', '{"video": {"_id": ', 400, /not valid JSON/],
    ['JSON null', 'POST', '/user/likes', 'null', 400, /video/],
    ['an array body', 'POST', '/user/likes', '[1,2]', 400, /video/],
    ['no video key', 'POST', '/user/likes', {}, 400, /video should not be null or undefined/],
    ['video as a string', 'POST', '/user/likes', { video: V1 }, 400, /video must be an object/],
    ['a numeric _id', 'POST', '/user/watchlater', { video: { _id: 42 } }, 400, /video\._id must be a string/],
    ['an empty _id', 'POST', '/user/history', { video: { _id: '' } }, 400, /video\._id should not be empty/],
    ['an over-long _id', 'POST', '/user/history', { video: { _id: 'v'.repeat(65) } }, 400, /video\._id must be shorter/],
    ['a body over 100 kB', 'POST', '/user/likes', { video: { _id: V1, description: huge } }, 413, /too large/],
    ['a playlist without title', 'POST', '/user/playlists', { playlist: {} }, 400, /playlist\.title/],
    ['a blank playlist title', 'POST', '/user/playlists', { playlist: { title: '   ' } }, 400, /playlist\.title must not be empty/],
    [
      'a playlist title over 100 characters',
      'POST',
      '/user/playlists',
      { playlist: { title: 't'.repeat(101) } },
      400,
      /playlist\.title must be shorter than or equal to 100/,
    ],
    ['a numeric playlist title', 'POST', '/user/playlists', { playlist: { title: 7 } }, 400, /playlist\.title must be a string/],
    [
      'a javascript: playlist image',
      'POST',
      '/user/playlists',
      { playlist: { title: 'ok', playlistImg: 'javascript:alert(1)' } },
      400,
      /playlistImg must be a URL/,
    ],
    [
      'a __proto__ key',
      'POST',
      '/user/likes',
      '{"__proto__": {"polluted": true}, "video": {"_id": "2GURVhh9ZQ4"}}',
      400,
      /forbidden key such as __proto__/,
    ],
    [
      'a constructor.prototype key',
      'POST',
      '/user/playlists',
      '{"playlist": {"title": "x", "constructor": {"prototype": {"polluted": true}}}}',
      400,
      /forbidden key such as __proto__/,
    ],
    [
      'a non-UUID playlist id',
      'POST',
      '/user/playlists/..%2F..%2Fetc',
      { video: { _id: V1 } },
      404,
      /playlist you requested does not exist/,
    ],
    // A bad body is a 400 whatever the id: the id is looked at only for a request that is otherwise right.
    ['a non-UUID playlist id with a bad body', 'POST', '/user/playlists/not-a-uuid', { video: V1 }, 400, /video must be an object/],
    [
      'an unknown playlist id with a bad body',
      'POST',
      '/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a',
      { video: V1 },
      400,
      /video must be an object/,
    ],
    [
      'an unknown playlist id',
      'DELETE',
      '/user/playlists/0b6f6b4e-3d0f-4c7e-9d1a-1f2e3d4c5b6a',
      undefined,
      404,
      /playlist you requested does not exist/,
    ],
    // Signup needs only email and password (firstName became optional, as the template's clients need).
    ['signup without an email', 'POST', '/auth/signup', { firstName: 'A', password: 'password123' }, 400, /^email must be a string$/],
    [
      'signup with an over-long firstName',
      'POST',
      '/auth/signup',
      { firstName: 'x'.repeat(101), email: 'long@example.com', password: 'password123' },
      400,
      /^firstName must be shorter than or equal to 100 characters$/,
    ],
    [
      'signup with a malformed email',
      'POST',
      '/auth/signup',
      { firstName: 'A', email: 'not-an-email', password: 'password123' },
      400,
      /email must be an email/,
    ],
    [
      'signup with a short password',
      'POST',
      '/auth/signup',
      { firstName: 'A', email: 'short@example.com', password: 'short' },
      400,
      /password must be longer/,
    ],
    [
      'login with a numeric password',
      'POST',
      '/auth/login',
      { email: 'guest@example.com', password: 12345678 },
      400,
      /password must be a string/,
    ],
    ['an XML body', 'POST', '/user/likes', '<video/>', 415, /application\/json/],
  ];

  test.each(cases)('%s → a 4xx with a clear message', async (_name, method, path, body, status, message) => {
    const before = await state();
    const headers: Record<string, string> = body === '<video/>' ? { 'content-type': 'application/xml' } : {};
    const res = await client.request<any>(method, path, body, headers);
    expect(res.status).toBe(status);
    expect(Object.keys(res.body)).toEqual(['errors']);
    expect(res.body.errors.join(' ')).toMatch(message);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+|Exception|stack/);
    expect(await state()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('unknown fields are dropped, never stored or echoed', async () => {
    const res = await client.post('/user/playlists', { playlist: { title: 'Extra', isAdmin: true, videos: [{ _id: V1 }] }, role: 'admin' });
    expect(res.status).toBe(201);
    const created = res.body.playlists.find((p: { title: string }) => p.title === 'Extra');
    expect(created).toEqual({ _id: expect.any(String), title: 'Extra', videos: [] });
  });
});

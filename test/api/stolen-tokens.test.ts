import { ApiClient, ApiResponse } from '../support/api-client';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * What a revoked or stolen token can still do to its account: nothing. It is refused (401) before an
 * Idempotency-Key is looked at or the write rate is counted, and password checks behind a token count
 * against the account's login limit, so a token cannot guess the password faster than the login form.
 */
const INVALID_TOKEN = 'The token is invalid. Unauthorized access error.';
const PASSWORD = 'stolen-token-pass-1';
const keyed = (key: string) => ({ 'idempotency-key': key });

describe.each(READ_MODEL_VARIANTS)('revoked and stolen tokens on the %s read model', (variant) => {
  // The default write rate (the test apps lift it): 60 writes per 3 s per user.
  const app = useAppOn(variant, { env: { WRITE_LIMIT_PER_USER: '60', WRITE_LIMIT_WINDOW_SECONDS: '3' } });

  /** A user signed in twice: `old` is revoked by "sign out everywhere", sent from `current`. */
  async function revokedTwin(): Promise<{ old: ApiClient; current: ApiClient; email: string }> {
    const email = `twin-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const signup = await app.guest.post('/auth/signup', { email, password: PASSWORD, firstName: 'Twin' });
    expect(signup.status).toBe(201);
    return { old: app.guest.withToken(signup.body.encodedToken), current: app.guest, email };
  }
  const signOutEverywhere = async (client: ApiClient) => {
    const res: ApiResponse = await client.request('POST', '/user/sessions/revoke', {});
    expect(res.status).toBe(200);
    return app.guest.withToken(res.body.encodedToken);
  };

  test('a revoked token reusing its key gets 401, never the stored answer (a playlist, the profile with the email)', async () => {
    const { old, email } = await revokedTwin();
    const created = await old.request('POST', '/user/playlists', { playlist: { title: 'Kept answer' } }, keyed('make-1'));
    expect(created.status).toBe(201);
    const profile = await old.request('PATCH', '/user/profile', { firstName: 'Renamed' }, keyed('profile-1'));
    expect(profile).toMatchObject({ status: 200, body: { user: { email } } });
    const current = await signOutEverywhere(old);

    for (const [method, path, body, key] of [
      ['POST', '/user/playlists', { playlist: { title: 'Kept answer' } }, 'make-1'],
      ['PATCH', '/user/profile', { firstName: 'Renamed' }, 'profile-1'],
    ] as const) {
      const replay: ApiResponse = await old.request(method, path, body, keyed(key));
      expect(replay).toMatchObject({ status: 401, body: { errors: [INVALID_TOKEN] } });
      expect(replay.headers.get('idempotent-replayed')).toBeNull();
      expect(JSON.stringify(replay.body)).not.toContain(email);
    }
    // The current token still gets its own answer again.
    const again = await current.request('POST', '/user/playlists', { playlist: { title: 'Kept answer' } }, keyed('make-1'));
    expect(again).toMatchObject({ status: 201, body: created.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  test('a 401 is never kept: the same key and request from the valid token then runs and answers 201', async () => {
    const { old } = await revokedTwin();
    const current = await signOutEverywhere(old);
    const body = { playlist: { title: 'After the 401' } };
    expect(await old.request('POST', '/user/playlists', body, keyed('shared-key'))).toMatchObject({ status: 401 });
    const head = await app.server.store.headPosition();
    const res: ApiResponse = await current.request('POST', '/user/playlists', body, keyed('shared-key'));
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await app.server.store.headPosition()).toBeGreaterThan(head!);
  });

  test('70 writes with a revoked token cost the owner nothing: their next write is a 201', async () => {
    const { old } = await revokedTwin();
    const current = await signOutEverywhere(old);
    const refused = await Promise.all(
      Array.from({ length: 70 }, (_, i) => old.request('POST', '/user/likes', { video: { _id: app.videoIds[i % app.videoIds.length] } })),
    );
    expect(refused.every((res) => res.status === 401)).toBe(true);
    expect((await current.post('/user/likes', { video: { _id: app.videoIds[0] } })).status).toBe(201);
  });

  test.each([
    ['DELETE', '/user', (password: string) => ({ password }), 403],
    ['POST', '/user/password', (password: string) => ({ currentPassword: password, newPassword: 'whatever-new-1' }), 400],
  ] as const)(
    '25 wrong passwords on %s %s: at most 10 are checked, then 429 (the right one too); the login limit is the same count',
    async (method, path, body, wrongStatus) => {
      const { old: owner, email } = await revokedTwin();
      const bystander = await app.guest.signUpUser('Bystander');
      const answers: ApiResponse[] = await Promise.all(
        Array.from({ length: 25 }, (_, i) => owner.request(method, path, body(`wrong-guess-${i}`))),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === wrongStatus).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
      expect(statuses.every((status) => status === wrongStatus || status === 429)).toBe(true);
      const limited = answers.find((res) => res.status === 429)!;
      expect(limited.body.errors[0]).toMatch(/^Too many wrong passwords\. Try again in \d+ seconds\.$/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The right password is held back too (nothing deleted or changed), and so is the login form.
      expect((await owner.request(method, path, body(PASSWORD))).status).toBe(429);
      expect((await owner.get('/user/likes')).status).toBe(200);
      expect((await app.guest.post('/auth/login', { email, password: PASSWORD })).status).toBe(429);
      // Other accounts are not held back.
      expect((await bystander.client.request(method, path, body('wrong-for-them'))).status).toBe(wrongStatus);
    },
  );
});

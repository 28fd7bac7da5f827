import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { TestRedis, startRedis } from '../support/redis-server';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * SECURITY.md §11: a password change or "sign out everywhere" handled by one instance is honoured by
 * every other one at once — here a second server *process* on the same event store and Redis, which
 * had just served (and cached) the user's profile with the old token.
 */
const INVALID_TOKEN = { status: 401, body: { errors: [ERRORS.INVALID_TOKEN.message] } };

describe('revoked tokens across instances (same store, same Redis)', () => {
  let dataDir: string;
  let redis: TestRedis;
  let a: RunningApp;
  let b: ServerProcess;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-sessions-'));
    redis = await startRedis();
    a = await startApp({ dataDir, redisUrl: redis.url, redisPrefix: redis.prefix, env: { PROJECTOR_LEASE_TTL_MS: '1000' } });
    b = await startServerProcess({ DATA_DIR: dataDir, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, LOG_LEVEL: 'error' });
  }, 60_000);

  afterAll(async () => {
    await b?.kill();
    await a?.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a password change on A: the old token is refused by process B at once, the new one works on both', async () => {
    const { client, email } = await new ApiClient(a.url).signUpUser('Twin');
    const onB = new ApiClient(b.url, client.token);
    // B reads (and caches) the profile while the old token is still good.
    expect((await onB.get('/user/likes')).status).toBe(200);
    expect((await onB.get('/user/likes')).status).toBe(200);

    const changed = await client.post('/user/password', { currentPassword: 'password123', newPassword: 'another password' });
    expect(changed.status).toBe(200);
    expect(await onB.get('/user/likes')).toMatchObject(INVALID_TOKEN);
    expect(await client.get('/user/likes')).toMatchObject(INVALID_TOKEN);
    expect((await onB.withToken(changed.body.encodedToken).get('/user/likes')).status).toBe(200);
    expect((await new ApiClient(b.url).post('/auth/login', { email, password: 'password123' })).status).toBe(401);
  });

  test('sign out everywhere on B: the token A was serving is refused by A at once', async () => {
    const { client } = await new ApiClient(a.url).signUpUser('Other');
    expect((await client.get('/user/playlists')).status).toBe(200);
    const revoked = await new ApiClient(b.url, client.token).post('/user/sessions/revoke');
    expect(revoked.status).toBe(200);
    expect(await client.get('/user/playlists')).toMatchObject(INVALID_TOKEN);
    expect((await client.withToken(revoked.body.encodedToken).get('/user/playlists')).status).toBe(200);
  });
});

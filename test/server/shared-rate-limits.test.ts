import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { startRedis, TestRedis } from '../support/redis-server';
import { ServerProcess, ensureBuilt, startServerProcess } from '../support/server-process';

/**
 * Limits shared across instances (SECURITY.md §5): two app processes on one event store and one Redis
 * count one user's failed logins together, so the limit holds at the configured number, not at
 * twice it. With Redis gone, logins still answer (never a 5xx for the limiter's sake) and each
 * process holds the limit on its own.
 */
const PER_EMAIL = 4;

describe('rate limits shared through Redis by two app processes', () => {
  let redis: TestRedis;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    ensureBuilt();
    redis = await startRedis({ spawn: true });
    dataDir = mkdtempSync(join(tmpdir(), 'techtube-shared-limits-'));
    const env = {
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.prefix,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      LOGIN_LIMIT_PER_EMAIL: String(PER_EMAIL),
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      LOGIN_LIMIT_WINDOW_SECONDS: '600',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 60_000);
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await redis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (server: ServerProcess, email: string, password: string) =>
    new ApiClient(server.url).post('/auth/login', { email, password });

  test('failed logins spread over both instances are limited at LOGIN_LIMIT_PER_EMAIL, not twice it', async () => {
    const { email } = await new ApiClient(a.url).signUpUser('Shared');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * PER_EMAIL; i++) statuses.push((await login(i % 2 === 0 ? a : b, email, 'wrong-password')).status);
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(401), ...Array(PER_EMAIL).fill(429)]);
    // The right password too, on either instance: the email is blocked everywhere.
    expect((await login(b, email, 'password123')).status).toBe(429);
    expect((await login(a, email, 'password123')).status).toBe(429);
  });

  test('with Redis unreachable, logins still answer (no 5xx) and each instance limits on its own', async () => {
    const { email } = await new ApiClient(a.url).signUpUser('NoRedis');
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < PER_EMAIL + 1; i++) statuses.push((await login(a, email, 'wrong-password')).status);
    expect(statuses).toEqual([...Array(PER_EMAIL).fill(401), 429]);
    expect((await login(b, email, 'wrong-password')).status).toBe(401);
    expect(`${a.output()}${b.output()}`).toMatch(/Shared rate limits unavailable, counting in this process until Redis answers/);
  });
});

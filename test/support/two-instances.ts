import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningApp, startApp } from './app';
import { TestRedis, startRedis } from './redis-server';

/** Two instances of the app, as a deployment behind a load balancer runs them. Read the fields inside tests or hooks. */
export interface TwoInstances {
  readonly a: RunningApp;
  readonly b: RunningApp;
}

/**
 * Starts two instances on one store (one data directory) and one private Redis before the enclosing describe
 * block's tests, and stops them after. A projector lease of 1 s, so that either takes over the projection soon.
 */
export function useTwoInstances(label: string): TwoInstances {
  const twins = {} as { a: RunningApp; b: RunningApp };
  let dataDir: string;
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `techtube-${label}-`));
    redis = await startRedis();
    const options = { dataDir, redisUrl: redis.url, redisPrefix: redis.prefix, env: { PROJECTOR_LEASE_TTL_MS: '1000' } };
    twins.a = await startApp(options);
    twins.b = await startApp(options);
  }, 60_000);

  afterAll(async () => {
    await twins.b?.close();
    await twins.a?.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return twins;
}

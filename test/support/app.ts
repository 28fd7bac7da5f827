import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../backend/src/http/app.factory';
import { loadConfig } from '../../backend/src/config/app-config';
import { EVENT_STORE, EventStore } from '../../backend/src/event-store/event-store.port';
import type { Clock } from '../../backend/src/shared/clock';

export interface StartAppOptions {
  /** Reuse a data directory (e.g. to restart over the same store); a fresh temp dir otherwise. */
  readonly dataDir?: string;
  /** Use the Redis read model at this URL; the memory read model otherwise. */
  readonly redisUrl?: string;
  readonly redisPrefix?: string;
  /** Use the read model on this Redis Cluster (REDIS_CLUSTER_NODES) instead. */
  readonly redisClusterNodes?: string;
  readonly env?: Record<string, string>;
  /** The app's clock (a watch's time, history auto-delete); the system's otherwise. */
  readonly clock?: Clock;
}

export interface RunningApp {
  readonly url: string;
  readonly dataDir: string;
  readonly app: NestFastifyApplication;
  readonly store: EventStore;
  /** Stops the server; the data directory is kept only when it was passed in. */
  close(): Promise<void>;
}

/**
 * Every test user signs up and writes from 127.0.0.1, often faster than a person would: the suites
 * that test the signup and write rates (test/api/rate-limits.test.ts) set their own small limits.
 */
const UNLIMITED_RATES = { SIGNUP_LIMIT_PER_ADDRESS: '1000000', WRITE_LIMIT_PER_USER: '1000000' } as const;

/** Boots the real app in this process on a free loopback port, seeded like a first start. */
export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'techtube-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ...(options.redisUrl && { REDIS_URL: options.redisUrl }),
    ...(options.redisPrefix && { REDIS_KEY_PREFIX: options.redisPrefix }),
    ...(options.redisClusterNodes && { REDIS_CLUSTER_NODES: options.redisClusterNodes }),
    // Tests read answers, not logs; a suite that checks the logs asks for them.
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'json',
    ...UNLIMITED_RATES,
    ...options.env,
  });
  const app = await createApp(config, { clock: options.clock });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    store: app.get<EventStore>(EVENT_STORE),
    close: async () => {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { ApiClient } from './api-client';
import { startRedis, TestRedis } from './redis-server';
import { startRedisCluster } from './redis-cluster';
import { RunningApp, startApp, StartAppOptions } from './app';

export interface ReadModelVariant {
  readonly name: 'memory' | 'redis' | 'redis-cluster';
  /** Starts the app on this read model (same data dir and Redis keys across restarts). */
  start(options?: StartAppOptions): Promise<RunningApp>;
  dispose(): Promise<void>;
}

/**
 * The integration suites run once per read model: the embedded memory one and Redis (a
 * private redis-server on a free port, or REDIS_URL under a fresh key prefix).
 */
export const READ_MODEL_VARIANTS: ReadonlyArray<ReadModelVariant['name']> = ['memory', 'redis'];

/**
 * A representative part of the API suites (the API contract, errors, isolation and concurrency,
 * Idempotency-Key, activity, side doors) also runs on a Redis Cluster (3 private masters,
 * test/support/redis-cluster.ts). The long randomized suites stay on the two above: on the cluster they
 * run the same per-slot code as test/read-model/redis-cluster-read-model.test.ts checks, at half again
 * their time.
 */
export const READ_MODEL_VARIANTS_WITH_CLUSTER: ReadonlyArray<ReadModelVariant['name']> = [...READ_MODEL_VARIANTS, 'redis-cluster'];

export async function readModelVariant(name: ReadModelVariant['name']): Promise<ReadModelVariant> {
  if (name === 'memory') return { name, start: (options) => startApp(options), dispose: async () => undefined };
  if (name === 'redis-cluster') {
    const cluster = await startRedisCluster();
    return {
      name,
      start: (options) => startApp({ redisClusterNodes: cluster.nodes, redisPrefix: cluster.prefix, ...options }),
      dispose: () => cluster.stop(),
    };
  }
  const redis: TestRedis = await startRedis();
  return {
    name,
    start: (options) => startApp({ redisUrl: redis.url, redisPrefix: redis.prefix, ...options }),
    dispose: () => redis.stop(),
  };
}

/** The app one describe block's tests run against; filled in by its beforeAll. */
export interface AppUnderTest {
  readonly server: RunningApp;
  /** A client without a token. */
  readonly guest: ApiClient;
  /** The catalogue's video ids, in the catalogue's order. */
  readonly videoIds: string[];
}

/**
 * Starts the app on one read model before the enclosing describe block's tests and stops it (and
 * its Redis) after them. Read the fields inside tests or hooks, not while the block is declared.
 */
export function useAppOn(name: ReadModelVariant['name'], options: StartAppOptions = {}): AppUnderTest {
  const app = {} as { variant: ReadModelVariant; server: RunningApp; guest: ApiClient; videoIds: string[] };
  beforeAll(async () => {
    app.variant = await readModelVariant(name);
    app.server = await app.variant.start(options);
    app.guest = new ApiClient(app.server.url);
    app.videoIds = (await app.guest.get('/videos')).body.videos.map((video: { _id: string }) => video._id);
  });
  afterAll(async () => {
    await app.server?.close();
    await app.variant?.dispose();
  });
  return app;
}

import { startRedis, TestRedis } from './redis-server';
import { RunningApp, startApp, StartAppOptions } from './app';

export interface ReadModelVariant {
  readonly name: 'memory' | 'redis';
  /** Starts the app on this read model (same data dir and Redis keys across restarts). */
  start(options?: StartAppOptions): Promise<RunningApp>;
  dispose(): Promise<void>;
}

/**
 * The integration suites run once per read model: the embedded memory one and Redis (a
 * private redis-server on a free port, or REDIS_URL under a fresh key prefix).
 */
export const READ_MODEL_VARIANTS: ReadonlyArray<ReadModelVariant['name']> = ['memory', 'redis'];

export async function readModelVariant(name: ReadModelVariant['name']): Promise<ReadModelVariant> {
  if (name === 'memory') return { name, start: (options) => startApp(options), dispose: async () => undefined };
  const redis: TestRedis = await startRedis();
  return {
    name,
    start: (options) => startApp({ redisUrl: redis.url, redisPrefix: redis.prefix, ...options }),
    dispose: () => redis.stop(),
  };
}

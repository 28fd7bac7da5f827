import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { replay } from '../replay/replay';
import { openEventStore } from '../storage/storage.providers';
import { connectRedis } from '../shared/redis-connection';

/** `npm run replay`: rebuilds the Redis read model from the whole event log, then switches readers. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redis) {
    throw new ConfigError(
      'replay rebuilds the Redis read model: set REDIS_URL or REDIS_CLUSTER_NODES (the in-memory read model is rebuilt at every start)',
    );
  }
  const store = openEventStore(config);
  const redis = connectRedis(config.redis, { maxRetriesPerRequest: 2 });
  try {
    const report = await replay({
      store,
      redis,
      prefix: config.redisKeyPrefix,
      partitions: config.projectionPartitions,
      leaseTtlMs: config.projectorLeaseTtlMs,
      log: (line) => console.log(line),
    });
    console.log(`replay done: ${report.events} events, ${report.eventsPerSecond} events/s, namespace ${report.namespace}`);
  } finally {
    redis.disconnect();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});

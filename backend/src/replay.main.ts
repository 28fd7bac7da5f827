import 'reflect-metadata';
import Redis from 'ioredis';
import { ConfigError, loadConfig } from './config/app-config';
import { replay } from './replay/replay';
import { openEventStore } from './storage.providers';

/** `npm run replay`: rebuilds the Redis read model from the whole event log, then switches readers. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) {
    throw new ConfigError('replay rebuilds the Redis read model: set REDIS_URL (the in-memory read model is rebuilt at every start)');
  }
  const store = openEventStore(config);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const report = await replay({
      store,
      redis,
      prefix: config.redisKeyPrefix,
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

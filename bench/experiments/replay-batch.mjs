// What-if (not used by `npm run bench`): replay() from backend/dist with another batch size.
//   node bench/experiments/replay-batch.mjs <dataDir> <redisUrl> <batchSize>
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));
const { replay } = require(join(ROOT, 'backend/dist/replay/replay.js'));
const { SqliteEventStore } = require(join(ROOT, 'backend/dist/event-store/sqlite/sqlite-event-store.js'));

const [dataDir, url, batch = '5000'] = process.argv.slice(2);
const store = SqliteEventStore.open(join(dataDir, 'events.sqlite'));
const redis = new Redis(url);
const report = await replay({ store, redis, prefix: `exp-${Date.now().toString(36)}`, leaseTtlMs: 5000, batchSize: Number(batch) });
console.log(`batch ${batch}: ${report.events} events, ${report.eventsPerSecond} events/s`);
redis.disconnect();
await store.close();

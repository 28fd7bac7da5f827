// Projection throughput by partitions: the same generated log, projected into the private
// Redis by P = 1, 2 and 4 `npm run projector` processes (PROJECTION_PARTITIONS=P), each P into a fresh key
// prefix. The processes are started while a stand-in holds every partition's lease, so that start-up is
// not timed; the clock starts when the leases are freed and stops when every partition's progress
// reaches the head. events/s = events / that time; per partition = that / P.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInto } from '../generate-events.mjs';
import { startNode } from '../lib/processes.mjs';
import { DIST, ROOT, sleep } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));
const { projectorLeaseKey } = require(join(DIST, 'projector-leases/projector-lease.js'));

/** Lowest progress over the partitions (the single checkpoint with one partition), or -1. */
async function progress(redis, prefix, partitions) {
  if (partitions === 1) return Number((await redis.get(`${prefix}:main:checkpoint`)) ?? -1);
  const all = await redis.hgetall(`${prefix}:main:progress`);
  const values = Array.from({ length: partitions }, (_, k) => Number(all[`${partitions}:${k}`] ?? -1));
  return Math.min(...values);
}

async function projectWith(partitions, { storeDir, head, events, redis, admin, jwtSecret, log }) {
  const prefix = `bench-proj-${partitions}-${Date.now().toString(36)}`;
  const leaseKeys = Array.from({ length: partitions }, (_, k) => projectorLeaseKey(prefix, k, partitions));
  for (const key of leaseKeys) await admin.set(key, 'bench-stand-in', 'PX', 600_000);
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: storeDir,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: jwtSecret,
    EMAIL_INDEX_SECRET: 'bench-email-index-secret-'.padEnd(48, 'x'),
    PROJECTION_PARTITIONS: String(partitions),
    PROJECTOR_LEASE_TTL_MS: '3000',
    LOG_LEVEL: 'warn',
  };
  const processes = [];
  try {
    for (let i = 0; i < partitions; i++) {
      // No HTTP: ready once it prints its start line.
      const proc = await startNode(join(DIST, 'entry-points', 'projector.main.js'), env, {
        label: `projector ${i + 1}/${partitions}`,
        readyLine: /Projector running/,
      });
      processes.push(proc);
    }
    // Every process has sent its heartbeat by now (one interval after its start line).
    await sleep(1500);
    const started = performance.now();
    await admin.del(...leaseKeys);
    for (;;) {
      if ((await progress(admin, prefix, partitions)) >= head) break;
      if (performance.now() - started > 600_000) throw new Error(`P=${partitions}: not caught up within 10 minutes`);
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    const perSecond = events / seconds;
    log(`projection: P=${partitions}: ${events} events in ${seconds.toFixed(2)} s = ${Math.round(perSecond)} events/s`);
    return { partitions, seconds, perSecond, perPartition: perSecond / partitions };
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
}

export async function projectionBenchmark({ cfg, redis, jwtSecret, log }) {
  const storeDir = mkdtempSync(join(tmpdir(), 'techtube-bench-projection-'));
  const admin = new Redis(redis.url);
  try {
    const generated = await generateInto(join(storeDir, 'events.sqlite'), cfg.projectionEvents);
    log(`projection: generated ${generated.events} events (${generated.userIds.length} users)`);
    const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
    const store = SqliteEventStore.open(join(storeDir, 'events.sqlite'));
    const head = Number(await store.headPosition());
    await store.close();
    const runs = [];
    for (const partitions of cfg.projectionPartitions) {
      runs.push(await projectWith(partitions, { storeDir, head, events: generated.events, redis, admin, jwtSecret, log }));
    }
    return { events: generated.events, users: generated.userIds.length, runs };
  } finally {
    admin.disconnect();
    rmSync(storeDir, { recursive: true, force: true });
  }
}

// Replay: `npm run replay` (node [its flags] backend/dist/entry-points/replay.main.js, without its build step) over a
// generated log of about 1 000 000 events into the private Redis, against Redis's own pipelined
// write rate (redis-benchmark -P 64 -t set) on the same server in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInto } from '../generate-events.mjs';
import { run } from '../lib/processes.mjs';
import { DIST, ROOT, cpuMs, replayNodeFlags } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));

async function commandCalls(redis) {
  const info = await redis.info('commandstats');
  let calls = 0;
  for (const match of info.matchAll(/calls=(\d+)/g)) calls += Number(match[1]);
  return calls;
}

export async function replayBenchmark({ cfg, redis, jwtSecret, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-bench-replay-'));
  const admin = new Redis(redis.url);
  try {
    const generated = await generateInto(join(dataDir, 'events.sqlite'), cfg.replayEvents);
    log(`replay: generated ${generated.events} events (${generated.userIds.length} users) in ${generated.seconds.toFixed(1)} s`);

    const prefix = `bench-replay-${Date.now().toString(36)}`;
    const callsBefore = await commandCalls(admin);
    const redisCpuBefore = cpuMs(redis.pid);
    const started = performance.now();
    const output = await run(process.execPath, [...replayNodeFlags(), join(DIST, 'entry-points', 'replay.main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: jwtSecret,
        EMAIL_INDEX_SECRET: 'bench-email-index-secret-'.padEnd(48, 'x'),
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: prefix,
      },
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const redisCpuMs = cpuMs(redis.pid) - redisCpuBefore;
    const calls = (await commandCalls(admin)) - callsBefore;
    const done = /replay done: (\d+) events, (\d+) events\/s/.exec(output);
    const switched = /: (\d+) events in ([\d.]+) s/.exec(output);
    if (!done) throw new Error(`replay printed no result:\n${output}`);
    const events = Number(done[1]);
    log(
      `replay: ${events} events at ${done[2]} events/s (${wallSeconds.toFixed(1)} s with start-up, the 2.5 s switch grace and the old namespace's deletion)`,
    );

    const benchOut = await run('redis-benchmark', [
      '-h',
      '127.0.0.1',
      '-p',
      String(redis.port),
      '-P',
      '64',
      '-t',
      'set',
      '-n',
      String(cfg.redisBenchmarkRequests),
      '-q',
    ]);
    const set = /SET: ([\d.]+) requests per second/.exec(benchOut.replace(/\r/g, '\n'));
    if (!set) throw new Error(`redis-benchmark printed no rate:\n${benchOut}`);
    const setPerSecond = Number(set[1]);
    log(`replay: redis-benchmark -P 64 -t set: ${Math.round(setPerSecond)} SET/s`);
    return {
      events,
      eventsPerSecond: Number(done[2]),
      replaySeconds: switched ? Number(switched[2]) : NaN,
      wallSeconds,
      generated,
      setPerSecond,
      redisCommandsPerEvent: calls / events,
      redisCpuShare: switched ? redisCpuMs / 1000 / Number(switched[2]) : NaN,
    };
  } finally {
    admin.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

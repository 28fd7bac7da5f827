// What-if A/B (not used by `npm run bench`): several variants of the server side by side, measured
// in interleaved rounds so that a noisy machine affects each alike. A variant is a preload list, and
// optionally a build of build-variant.mjs (name@build) and node flags (after a second "=").
//   node bench/experiments/ab.mjs reads|writes "base=" "patched=bench/experiments/<preload>.cjs" …
//   node bench/experiments/ab.mjs reads "old@base" "new@mine" "new64@mine==--max-semi-space-size=64"
// AB_WRITERS=<n> (reads only): meanwhile n other users like and unlike one after another, so that reads are
// measured beside writes in flight.
// For reads, the variant "bare" is bench/baseline-server.mjs reading the previous variant's keys.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { closedLoop } from '../lib/http-client.mjs';
import { startApp, startNode, startRedis, waitCaughtUp } from '../lib/processes.mjs';
import { ROOT, cpuMs, median, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const [kind, ...specs] = process.argv.slice(2);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.AB_ROUNDS ?? 4);
const concurrency = Number(process.env.BENCH_WRITE_CONCURRENCY ?? 10);
const writers = Number(process.env.AB_WRITERS ?? 0);
const redis = await startRedis();
const variants = [];
try {
  for (const spec of specs) {
    if (spec.split('=')[0] === 'bare') {
      const of = variants[variants.length - 1];
      const app = await startNode(
        'bench/baseline-server.mjs',
        {
          REDIS_URL: redis.url,
          REDIS_KEY_PREFIX: of.prefix,
          CATALOGUE_URL: of.app.url,
        },
        { readyPath: '/health', label: 'baseline', args: spec.split('=').slice(2).join('=').split(' ').filter(Boolean) },
      );
      variants.push({ ...of, name: 'bare', app, dataDir: undefined, users: [], token: of.users[0].token, results: [] });
      continue;
    }
    const [label, preload = '', ...rest] = spec.split('=');
    const flags = rest.join('=');
    const [name, build] = label.split('@');
    process.env.BENCH_APP_PRELOAD = preload;
    const dataDir = mkdtempSync(join(tmpdir(), 'techtube-ab-'));
    const prefix = `ab-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
    const app = await startApp({
      dataDir,
      redisUrl: redis.url,
      prefix,
      jwtSecret: 'x'.repeat(48),
      env: { STATIC_DIR: join(ROOT, 'frontend', 'dist') },
      ...(build && { main: join(ROOT, 'backend', '.perf', 'dist', build, 'out', 'entry-points/main.js') }),
      nodeArgs: flags.split(' ').filter(Boolean),
    });
    await waitCaughtUp(app.url);
    const users = [];
    for (let i = 0; i < (kind === 'reads' ? 1 + writers : concurrency); i++) users.push(await signUp(app.url, `${name}${i}`));
    const videos = await videoIds(app.url);
    if (kind === 'reads') for (const v of videos) await users[0].client.timed('POST', '/api/user/likes', { video: { _id: v } }, 201);
    variants.push({ name, build, app, dataDir, prefix, users, token: users[0].token, videos, results: [] });
  }
  const likeAndUnlike = async (v, w) => {
    const video = v.videos[w.n++ % v.videos.length];
    const a = await w.user.client.timed('POST', '/api/user/likes', { video: { _id: video } }, 201);
    const b = await w.user.client.timed('DELETE', `/api/user/likes/${video}`, undefined, 200);
    return [a.ms, b.ms];
  };
  const measure = async (v, secs) => {
    const before = cpuMs(v.app.pid);
    const redisBefore = cpuMs(redis.pid);
    if (kind === 'reads') {
      const writing =
        writers > 0 && v.name !== 'bare'
          ? closedLoop(
              v.users.slice(1).map((user) => ({ user, n: 0 })),
              secs,
              (w) => likeAndUnlike(v, w),
            )
          : undefined;
      const r = await autocannon({
        url: `${v.app.url}/api/user/likes`,
        connections: 50,
        duration: secs,
        headers: { authorization: v.token },
      });
      const n = r['2xx'];
      const written = await writing;
      if (written) console.error(`  ${v.name}: ${Math.round(written.perSecond)} writes/s beside the reads`);
      return {
        rate: n / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpu: (cpuMs(v.app.pid) - before) / n,
        redis: (cpuMs(redis.pid) - redisBefore) / n,
      };
    }
    const workers = v.users.map((user, i) => ({ user, n: i }));
    const run = await closedLoop(workers, secs, (w) => likeAndUnlike(v, w));
    const s = summarise(run.latencies);
    return {
      rate: run.perSecond,
      p50: s.p50,
      p99: s.p99,
      cpu: (cpuMs(v.app.pid) - before) / run.ops,
      redis: (cpuMs(redis.pid) - redisBefore) / run.ops,
    };
  };
  for (const v of variants) await measure(v, 1);
  for (let r = 0; r < rounds; r++) {
    for (const v of r % 2 ? [...variants].reverse() : variants) {
      const res = await measure(v, seconds);
      v.results.push(res);
      console.error(
        `round ${r + 1} ${v.name}: ${Math.round(res.rate)}/s p50 ${res.p50.toFixed(2)} p99 ${res.p99.toFixed(2)} cpu ${res.cpu.toFixed(3)} ms/op, redis ${res.redis.toFixed(3)} ms/op`,
      );
    }
  }
  for (const v of variants) {
    const m = (k) => median(v.results.map((x) => x[k]));
    console.log(
      `${kind} ${v.name}: median ${Math.round(m('rate'))}/s, p50 ${m('p50').toFixed(2)} ms, p99 ${m('p99').toFixed(2)} ms, CPU ${m('cpu').toFixed(3)} ms/op, redis-server CPU ${m('redis').toFixed(3)} ms/op`,
    );
  }
} finally {
  for (const v of variants) {
    for (const u of v.users) u.client.close();
    await v.app.stop();
    if (v.dataDir) rmSync(v.dataDir, { recursive: true, force: true });
  }
  await redis.stop();
}

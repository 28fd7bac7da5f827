// What-if A/B (not used by `npm run bench`): the reads the HTTP plumbing touches (security headers on
// every answer, content negotiation of the catalogue, index.html and the precompressed assets), on
// several builds of the server side by side, in interleaved rounds so that a noisy machine affects each
// alike. A build is name=<its main.js> (a worktree's backend/dist/entry-points/main.js, or a variant of
// build-variant.mjs: backend/.perf/dist/<name>/out/entry-points/main.js).
//   node bench/experiments/http-libraries.mjs base=/tmp/b3-base/backend/dist/entry-points/main.js helmet=…
// Settings: BENCH_SECONDS=5 per measurement, AB_ROUNDS=3, BENCH_READ_CONNECTIONS=50, BENCH_STATIC_DIR
// (frontend/dist; every build serves the same files), AB_ONLY=<words> (the reads whose name contains one). Prints one line per measurement and a Markdown
// table of the medians (req/s, p50 and p99 in ms, the server's CPU ms per request) for bench/RESULTS.md.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { startApp, startRedis, waitCaughtUp } from '../lib/processes.mjs';
import { ROOT, cpuMs, median } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.AB_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
const staticDir = process.env.BENCH_STATIC_DIR || join(ROOT, 'frontend', 'dist');
const specs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error(`usage: http-libraries.mjs name=<main.js> …; not ${arg}`);
  return { name: arg.slice(0, at), main: arg.slice(at + 1) };
});

// The largest hashed script: what a first visit downloads, served from its .br/.gz beside it.
const asset = readdirSync(join(staticDir, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .sort((a, b) => statSync(join(staticDir, 'assets', b)).size - statSync(join(staticDir, 'assets', a)).size)[0];
const only = (process.env.AB_ONLY ?? '').split(',').filter(Boolean);
const scenarios = [
  { name: 'GET /api/videos, br', path: '/api/videos', encoding: 'br' },
  { name: 'GET /api/videos, gzip', path: '/api/videos', encoding: 'gzip' },
  { name: 'GET /api/videos, identity', path: '/api/videos' },
  { name: 'GET /api/user/likes (12 videos)', path: '/api/user/likes', user: true },
  { name: 'GET / (index.html), br', path: '/', encoding: 'br' },
  { name: `GET /assets/${asset}, br`, path: `/assets/${asset}`, encoding: 'br' },
  { name: `GET /assets/${asset}, gzip`, path: `/assets/${asset}`, encoding: 'gzip' },
].filter((s) => only.length === 0 || only.some((word) => s.name.includes(word)));

async function measure(build, scenario, duration = seconds) {
  const headers = {
    ...(scenario.encoding && { 'accept-encoding': scenario.encoding }),
    ...(scenario.user && { authorization: build.token }),
  };
  const cpuBefore = cpuMs(build.app.pid);
  const result = await autocannon({ url: `${build.app.url}${scenario.path}`, connections, duration, headers, pipelining: 1 });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${build.name} ${scenario.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  const cpu = (cpuMs(build.app.pid) - cpuBefore) / result['2xx'];
  return { rps: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

const redis = await startRedis();
const builds = [];
try {
  for (const spec of specs) {
    const dataDir = mkdtempSync(join(tmpdir(), 'techtube-http-ab-'));
    const prefix = `http-ab-${spec.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
    const app = await startApp({
      dataDir,
      redisUrl: redis.url,
      prefix,
      jwtSecret: 'x'.repeat(48),
      env: { STATIC_DIR: staticDir },
      main: spec.main,
    });
    await waitCaughtUp(app.url);
    const reader = await signUp(app.url, spec.name.replace(/[^A-Za-z]/g, '') || 'reader');
    for (const id of await videoIds(app.url)) await reader.client.timed('POST', '/api/user/likes', { video: { _id: id } }, 201);
    reader.client.close();
    builds.push({ ...spec, app, dataDir, token: reader.token, results: new Map() });
  }
  for (const scenario of scenarios) {
    for (const build of builds) await measure(build, scenario, 1); // warm-up
    for (let round = 1; round <= rounds; round++) {
      for (const build of round % 2 ? builds : [...builds].reverse()) {
        const r = await measure(build, scenario);
        if (!build.results.has(scenario.name)) build.results.set(scenario.name, []);
        build.results.get(scenario.name).push(r);
        console.log(
          `${scenario.name} | round ${round} | ${build.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpu.toFixed(3)} CPU ms/request`,
        );
      }
    }
  }
  console.log(
    `\n| Read (${connections} connections, ${seconds} s × ${rounds} rounds, medians) | ${builds.map((b) => b.name).join(' | ')} |`,
  );
  console.log(`|---|${builds.map(() => '---:').join('|')}|`);
  for (const scenario of scenarios) {
    const cells = builds.map((b) => {
      const list = b.results.get(scenario.name);
      const rps = median(list.map((r) => r.rps));
      const base = median(builds[0].results.get(scenario.name).map((r) => r.rps));
      const ratio = b === builds[0] ? '' : ` (${((rps / base - 1) * 100).toFixed(1)} %)`;
      const cpu = median(list.map((r) => r.cpu)).toFixed(3);
      return `${Math.round(rps)} req/s${ratio}, p50 ${median(list.map((r) => r.p50))} / p99 ${median(list.map((r) => r.p99))} ms, ${cpu} CPU ms`;
    });
    console.log(`| ${scenario.name} | ${cells.join(' | ')} |`);
  }
} finally {
  for (const build of builds) {
    await build.app.stop();
    rmSync(build.dataDir, { recursive: true, force: true });
  }
  await redis.stop();
}

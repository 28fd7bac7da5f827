// Metrics cost (docs/design/operating.md): the reads benchmark's load, GET /api/user/likes (12 liked videos)
// with BENCH_READ_CONNECTIONS connections, on two real servers alike (LOG_LEVEL=warn) but for METRICS_PORT: one with it off
// (no metrics kept, no hooks), one with it on and scraped every BENCH_METRICS_SCRAPE_MS (5 s; Prometheus's
// default is 15 s) during its load. Each on its own data directory and Redis prefix of the one redis-server.
// BENCH_METRICS_ROUNDS (6) rounds of BENCH_SECONDS each, alternated, the order swapped every round (off, on,
// on, off, …) so that neither always runs on the warmer machine. Target: the median over the rounds of req/s
// with metrics / req/s without ≥ 0.97 (a cost ≤ 3 %).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp, videoIds } from '../lib/api.mjs';
import { startApp, waitCaughtUp } from '../lib/processes.mjs';
import { cpuMs, envNumber, freePort, median } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const TARGET_COST = 0.03;

function load(url, token, connections, seconds) {
  return autocannon({ url: `${url}/api/user/likes`, connections, duration: seconds, headers: { authorization: token }, pipelining: 1 });
}

/** One server, its reader (12 likes) and, when `metricsPort` is set, its scraper. */
async function server(label, { redis, jwtSecret, metricsPort }) {
  const dataDir = mkdtempSync(join(tmpdir(), `techtube-bench-metrics-${label}-`));
  const env = {
    // No request lines (unless BENCH_LOG_LEVEL asks): their writes to the bench's pipe swung the rounds by ±20 %
    // on the shared machine, hiding a 3 % difference; and a request without its line is cheaper, so the
    // metrics' share of it is larger: a stricter measure (bench/RESULTS.md, "Metrics cost").
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    ...(metricsPort && { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' }),
  };
  const app = await startApp({ dataDir, redisUrl: redis.url, prefix: `bench-metrics-${label}-${Date.now().toString(36)}`, jwtSecret, env });
  await waitCaughtUp(app.url);
  const reader = await signUp(app.url, `reader-${label}`);
  for (const id of await videoIds(app.url)) await reader.client.timed('POST', '/api/user/likes', { video: { _id: id } }, 201);
  return {
    label,
    app,
    reader,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : undefined,
    async stop() {
      reader.client.close();
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(target, cfg, scrapeMs) {
  let scrapes = 0;
  let scrapeBytes = 0;
  const scraper = target.metricsUrl
    ? setInterval(() => {
        fetch(target.metricsUrl)
          .then((r) => r.text())
          .then(
            (text) => {
              scrapes++;
              scrapeBytes = text.length;
            },
            () => undefined,
          );
      }, scrapeMs)
    : undefined;
  const before = cpuMs(target.app.pid);
  try {
    const result = await load(target.app.url, target.reader.token, cfg.readConnections, cfg.seconds);
    if (result.errors || result.timeouts || result.non2xx) {
      throw new Error(
        `${target.label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx of ${result.requests.total}`,
      );
    }
    const ok = result['2xx'];
    return {
      rps: ok / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMsPerRequest: (cpuMs(target.app.pid) - before) / ok,
      scrapes,
      scrapeBytes,
    };
  } finally {
    clearInterval(scraper);
  }
}

export async function metricsCostBenchmark({ cfg, redis, jwtSecret, log }) {
  const rounds = envNumber('BENCH_METRICS_ROUNDS', 6);
  const scrapeMs = envNumber('BENCH_METRICS_SCRAPE_MS', 5000);
  const off = await server('off', { redis, jwtSecret });
  const on = await server('on', { redis, jwtSecret, metricsPort: await freePort() });
  try {
    const scraped = await fetch(on.metricsUrl).then((r) => r.text());
    if (!scraped.includes('http_request_duration_seconds'))
      throw new Error('the server with METRICS_PORT shows no http_request_duration_seconds');
    const warm = Math.min(2, cfg.seconds);
    log(`metrics-cost: warming up both servers (${warm} s each)`);
    for (const target of [off, on]) await load(target.app.url, target.reader.token, cfg.readConnections, warm);
    const results = { off: [], on: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const target of round % 2 === 1 ? [off, on] : [on, off]) {
        const r = await measure(target, cfg, scrapeMs);
        results[target.label].push(r);
        log(
          `metrics-cost: round ${round} metrics ${target.label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuMsPerRequest.toFixed(3)} CPU ms/request${target.metricsUrl ? `, ${r.scrapes} scrapes of ${r.scrapeBytes} B` : ''}`,
        );
      }
    }
    const med = (list) => ({
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      cpuMsPerRequest: median(list.map((r) => r.cpuMsPerRequest)),
    });
    const summary = { off: med(results.off), on: med(results.on) };
    // Each round ran the two back to back: the median of the rounds' own ratios leaves out most of what another
    // job on the machine does to one round (the ratio of the two medians would keep it).
    const ratio = median(results.on.map((on, i) => on.rps / results.off[i].rps));
    const cost = 1 - ratio;
    const pass = cost <= TARGET_COST;
    log(
      `metrics-cost: with metrics ${ratio.toFixed(3)} of the req/s without (cost ${(cost * 100).toFixed(1)} %, target ≤ 3 %): ${pass ? 'PASS' : 'MISS'}`,
    );
    return {
      ...summary,
      rounds: results,
      ratio,
      cost,
      pass,
      scrapeMs,
      roundCount: rounds,
      scrapeBytes: results.on.at(-1)?.scrapeBytes ?? 0,
    };
  } finally {
    await on.stop();
    await off.stop();
  }
}

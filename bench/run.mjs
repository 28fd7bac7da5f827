// `npm run bench`: every benchmark of issue 6 on loopback, bounded in time. Prints a table and
// writes bench/latest-run.md (or BENCH_RESULTS_FILE), never bench/RESULTS.md: that file is the dated record,
// with the analysis of each run, which a new run must not overwrite. Settings (environment):
//   BENCH_SECONDS=10            length of each load phase (reads and writes)
//   BENCH_READ_CONNECTIONS=50   autocannon connections for reads
//   BENCH_READ_ROUNDS=3         alternating baseline/app rounds for reads (medians reported)
//   BENCH_WRITE_CONCURRENCY=10  concurrent writers (one user each) for writes
//   BENCH_WRITE_ROUNDS=3        alternating raw/API rounds of BENCH_SECONDS/2 each, per concurrency
//   BENCH_GROWTH_EVENTS=100000  events in the long history stream; BENCH_GROWTH_SHORT_EVENTS=10
//   BENCH_GROWTH_REQUESTS=200   POST+DELETE pairs per user, sequential
//   BENCH_REPLAY_EVENTS=1000000 generated events replayed; BENCH_REDIS_BENCHMARK_REQUESTS=1000000
//   BENCH_PAGE_LOADS=10         page loads in Chromium (after one warm-up)
//   BENCH_LIBRARY_EVENTS=100000 events of the library user; BENCH_LIBRARY_REQUESTS=40 sequential
//   asOf/export/undo rounds; BENCH_LIBRARY_SECONDS=10 of 10 parallel library clients
//   BENCH_LIBRARY_BEFORE_MAIN=<main.js>  the same library benchmark on another build too (before/after)
//   BENCH_LIMITER_SECONDS=5 per login-limiter phase; BENCH_LIMITER_KEYS=60000 distinct login keys
//   BENCH_PROJECTION_EVENTS=100000  events projected by P = BENCH_PROJECTION_PARTITIONS=1,2,4 projector processes
//   BENCH_MIGRATE_EVENTS=100000     events of the previous-form store copied by `npm run migrate` (then checked)
//   BENCH_PUBLIC_SECONDS=15 per public-reads phase; BENCH_PUBLIC_CONNECTIONS=8 anonymous connections;
//   BENCH_PUBLIC_LIMITS=default,lifted  the public read rate as shipped, and lifted
//   BENCH_FLOOD_SECONDS=15 of password flood (and 15 idle), in BENCH_FLOOD_ROUNDS=3 alternating rounds;
//   BENCH_FLOOD_CONNECTIONS=16 for the flooding account; BENCH_FLOOD_USERS=20 logging in; BENCH_FLOOD_STORES=embedded,redis;
//   BENCH_FLOOD_BEFORE_MAIN=<main.js>  the same password-flood benchmark on another build too (before/after)
//   BENCH_KEPT_SECONDS=60 of keyed ~2 MB-answer writes (profile large), BENCH_KEPT_SMALL_SECONDS=45 (profile small,
//   answers under 64 kB); BENCH_KEPT_PROFILES=large,small; BENCH_KEPT_STORES=embedded,redis; BENCH_KEPT_SAMPLE_MS=2000;
//   BENCH_KEPT_BEFORE_MAIN=<main.js>  the same kept-answers benchmark on another build too (before/after)
//   BENCH_CATALOGUE_VIDEOS=100000 imported, BENCH_CATALOGUE_BATCH=10000 per request; BENCH_CATALOGUE_CLIENTS=20 for
//   BENCH_CATALOGUE_SECONDS=10 per read phase, BENCH_CATALOGUE_ROUNDS=3; BENCH_CATALOGUE_LIKERS=4 in the like storm;
//   BENCH_CATALOGUE_RESTARTS=3; BENCH_CATALOGUE_LIGHTHOUSE_RUNS=3 per server (0: none)
//   BENCH_METRICS_ROUNDS=6 alternated rounds (BENCH_SECONDS each) of the reads load with METRICS_PORT off and on,
//   scraped every BENCH_METRICS_SCRAPE_MS=5000 while on
//   BENCH_LIVE_STREAMS=10000 idle changes streams of BENCH_LIVE_USERS=100 users; BENCH_LIVE_WRITES_PER_SECOND=50 for
//   BENCH_LIVE_SECONDS=20 while they are open; BENCH_LIVE_SETTLE_SECONDS=5 of memory readings before and after
//   BENCH_IMPORT_VIDEOS=10000 imported in one request on a heap of BENCH_IMPORT_HEAP_MB=768, per scenario of
//   BENCH_IMPORT_SCENARIOS=none,reading,stalled: BENCH_IMPORT_CATALOGUE_STREAMS=1000 (20 per address) and
//   BENCH_IMPORT_USER_STREAMS=200 open; another user reads every BENCH_IMPORT_READ_EVERY_MS=10;
//   BENCH_IMPORT_SETTLE_SECONDS=3 of memory readings before, BENCH_IMPORT_AFTER_MS=3000 watched after
//   A MISS of password-flood, kept-answers or import-under-streams makes the run exit with 1 (after writing the results), unless BENCH_GATES=off.
//   BENCH_LOG_LEVEL=info        the servers' LOG_LEVEL (production default: request lines at info)
//   BENCH_ONLY=reads,writes,frontend,growth,replay,library,limiter,projection,migrate,public,password-flood,kept-answers,
//              catalogue-scale,live-streams,import-under-streams,metrics-cost
//                               run a subset
//   BENCH_RESULTS_FILE=bench/latest-run.md
//   BENCH_CPU_PROF=<dir>        run the servers with node --cpu-prof into <dir>
//   BENCH_BUILD=1               rebuild backend and frontend first (otherwise only what is missing)
//   BENCH_BACKEND_DIST=<dir>    run another backend build than backend/dist (bench/experiments/build-variant.mjs)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { analysis } from './analysis.mjs';
import { importUnderStreamsRows, importUnderStreamsSection } from './benchmarks/import-under-streams-report.mjs';
import { startApp, startRedis, waitCaughtUp } from './lib/processes.mjs';
import { BENCH_DIR, ROOT, envNumber, fmt, replayNodeFlags } from './lib/util.mjs';

const ALL = [
  'reads',
  'writes',
  'frontend',
  'growth',
  'replay',
  'library',
  'limiter',
  'projection',
  'migrate',
  'public',
  'password-flood',
  'kept-answers',
  'catalogue-scale',
  'live-streams',
  'import-under-streams',
  'metrics-cost',
];
const cfg = {
  seconds: envNumber('BENCH_SECONDS', 10),
  readConnections: envNumber('BENCH_READ_CONNECTIONS', 50),
  readRounds: envNumber('BENCH_READ_ROUNDS', 3),
  writeConcurrency: envNumber('BENCH_WRITE_CONCURRENCY', 10),
  writeRounds: envNumber('BENCH_WRITE_ROUNDS', 3),
  growthEvents: envNumber('BENCH_GROWTH_EVENTS', 100_000),
  growthShortEvents: envNumber('BENCH_GROWTH_SHORT_EVENTS', 10),
  growthRequests: envNumber('BENCH_GROWTH_REQUESTS', 200),
  replayEvents: envNumber('BENCH_REPLAY_EVENTS', 1_000_000),
  redisBenchmarkRequests: envNumber('BENCH_REDIS_BENCHMARK_REQUESTS', 1_000_000),
  pageLoads: envNumber('BENCH_PAGE_LOADS', 10),
  libraryEvents: envNumber('BENCH_LIBRARY_EVENTS', 100_000),
  libraryRequests: envNumber('BENCH_LIBRARY_REQUESTS', 40),
  librarySeconds: envNumber('BENCH_LIBRARY_SECONDS', 10),
  projectionEvents: envNumber('BENCH_PROJECTION_EVENTS', 100_000),
  projectionPartitions: (process.env.BENCH_PROJECTION_PARTITIONS || '1,2,4').split(',').map(Number),
  migrateEvents: envNumber('BENCH_MIGRATE_EVENTS', 100_000),
  only: (process.env.BENCH_ONLY || ALL.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  resultsFile: process.env.BENCH_RESULTS_FILE || join(BENCH_DIR, 'latest-run.md'),
};
for (const name of cfg.only) if (!ALL.includes(name)) throw new Error(`BENCH_ONLY: unknown benchmark "${name}" (one of ${ALL.join(', ')})`);

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s`;
const log = (line) => console.error(`[bench ${elapsed()}] ${line}`);

function otherJestProcesses() {
  try {
    return execFileSync('pgrep', ['-fa', 'jest'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line && !line.startsWith(`${process.pid} `) && !/bench-smoke/.test(line)).length;
  } catch {
    return 0;
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds what is missing (a fresh clone), or everything with BENCH_BUILD=1. A build that exists is
 * not redone by default: rebuilding the frontend replaces its hashed assets under servers that
 * other suites may be running. A build older than its sources is reported in the results.
 */
function ensureBuilt() {
  const need = [
    // A what-if backend build (BENCH_BACKEND_DIST) is its maker's business.
    ...(process.env.BENCH_BACKEND_DIST
      ? []
      : [['backend', 'backend/src', ['backend/dist/entry-points/main.js', 'backend/dist/entry-points/replay.main.js']]]),
    // Only the frontend benchmark reads the built frontend.
    ...(cfg.only.includes('frontend') ? [['frontend', 'frontend/src', ['frontend/dist/index.html']]] : []),
  ];
  const stale = [];
  for (const [workspace, src, files] of need) {
    if (process.env.BENCH_BUILD === '1' || !files.every((f) => existsSync(join(ROOT, f)))) {
      log(`building ${workspace}`);
      execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    } else if (newestMtime(join(ROOT, src)) > statSync(join(ROOT, files[0])).mtimeMs) {
      stale.push(workspace);
      log(`warning: ${workspace} sources are newer than its build; BENCH_BUILD=1 rebuilds first`);
    }
  }
  return stale;
}

const environment = {
  date: new Date().toISOString(),
  cores: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: (os.totalmem() / 2 ** 30).toFixed(1),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadBefore: os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', '),
  jestBefore: otherJestProcesses(),
};

/** Load average and other jest processes as each benchmark starts: the noise each figure ran in. */
const phases = [];
async function phase(name, fn) {
  phases.push({ name, load: os.loadavg()[0].toFixed(2), jest: otherJestProcesses() });
  return fn();
}

async function main() {
  environment.staleBuilds = ensureBuilt();
  // Imported only now: some benchmarks load backend/dist modules, which a fresh clone has only
  // after ensureBuilt().
  const { frontendBenchmark } = await import('./benchmarks/frontend.mjs');
  const { growthBenchmark } = await import('./benchmarks/growth.mjs');
  const { libraryBenchmark } = await import('./benchmarks/library.mjs');
  const { loginLimiterBenchmark } = await import('./benchmarks/login-limiter.mjs');
  const { readsBenchmark } = await import('./benchmarks/reads.mjs');
  const { replayBenchmark } = await import('./benchmarks/replay.mjs');
  const { writesBenchmark } = await import('./benchmarks/writes.mjs');
  const results = {};
  const jwtSecret = randomBytes(48).toString('base64url');
  const redis = await startRedis();
  log(`redis-server ${redis.port} started (private, no persistence)`);
  try {
    if (['reads', 'writes', 'frontend'].some((n) => cfg.only.includes(n))) {
      const dataDir = mkdtempSync(join(os.tmpdir(), 'techtube-bench-app-'));
      const prefix = `bench-${Date.now().toString(36)}`;
      const app = await startApp({ dataDir, redisUrl: redis.url, prefix, jwtSecret });
      log(`server ${app.url} started (node backend/dist/entry-points/main.js, NODE_ENV=production, Redis read model)`);
      try {
        await waitCaughtUp(app.url);
        const ctx = { cfg, app, redis, prefix, jwtSecret, log };
        if (cfg.only.includes('reads')) results.reads = await phase('reads', () => readsBenchmark(ctx));
        if (cfg.only.includes('writes')) results.writes = await phase('writes', () => writesBenchmark(ctx));
        if (cfg.only.includes('frontend')) results.frontend = await phase('frontend', () => frontendBenchmark(ctx));
      } finally {
        await app.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (cfg.only.includes('growth')) results.growth = await phase('growth', () => growthBenchmark({ cfg, redis, jwtSecret, log }));
    if (cfg.only.includes('replay')) results.replay = await phase('replay', () => replayBenchmark({ cfg, redis, jwtSecret, log }));
    if (cfg.only.includes('library')) results.library = await phase('library', () => libraryBenchmark({ cfg, redis, jwtSecret, log }));
    if (cfg.only.includes('limiter')) results.limiter = await phase('limiter', () => loginLimiterBenchmark({ redis, jwtSecret, log }));
    if (cfg.only.includes('projection')) {
      const { projectionBenchmark } = await import('./benchmarks/projection.mjs');
      results.projection = await phase('projection', () => projectionBenchmark({ cfg, redis, jwtSecret, log }));
    }
    if (cfg.only.includes('migrate')) {
      const { migrateBenchmark } = await import('./benchmarks/migrate.mjs');
      results.migrate = await phase('migrate', () => migrateBenchmark({ cfg, jwtSecret, log }));
    }
    if (cfg.only.includes('public')) {
      const { publicReadsBenchmark } = await import('./benchmarks/public-reads.mjs');
      results.public = await phase('public', () => publicReadsBenchmark({ redis, jwtSecret, log }));
    }
    if (cfg.only.includes('password-flood')) {
      const { passwordFloodBenchmark } = await import('./benchmarks/password-flood.mjs');
      results.passwordFlood = await phase('password-flood', () => passwordFloodBenchmark({ redis, jwtSecret, log }));
    }
    if (cfg.only.includes('kept-answers')) {
      const { keptAnswersBenchmark } = await import('./benchmarks/kept-answers.mjs');
      results.keptAnswers = await phase('kept-answers', () => keptAnswersBenchmark({ jwtSecret, log }));
    }
    if (cfg.only.includes('catalogue-scale')) {
      const { catalogueScaleBenchmark } = await import('./benchmarks/catalogue-scale.mjs');
      results.catalogueScale = await phase('catalogue-scale', () => catalogueScaleBenchmark({ redis, jwtSecret, log }));
    }
    if (cfg.only.includes('live-streams')) {
      const { liveStreamsBenchmark } = await import('./benchmarks/live-streams.mjs');
      results.liveStreams = await phase('live-streams', () => liveStreamsBenchmark({ redis, jwtSecret, log }));
    }
    if (cfg.only.includes('import-under-streams')) {
      const { importUnderStreamsBenchmark } = await import('./benchmarks/import-under-streams.mjs');
      results.importUnderStreams = await phase('import-under-streams', () => importUnderStreamsBenchmark({ redis, jwtSecret, log }));
    }
    if (cfg.only.includes('metrics-cost')) {
      const { metricsCostBenchmark } = await import('./benchmarks/metrics-cost.mjs');
      results.metricsCost = await phase('metrics-cost', () => metricsCostBenchmark({ cfg, redis, jwtSecret, log }));
    }
  } finally {
    await redis.stop();
  }
  environment.loadAfter = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  environment.jestAfter = otherJestProcesses();
  environment.seconds = (performance.now() - t0) / 1000;
  const rows = tableRows(results);
  console.log(textTable(rows));
  writeFileSync(cfg.resultsFile, markdown(rows, results));
  log(`wrote ${relative(process.cwd(), cfg.resultsFile) || cfg.resultsFile} (${environment.seconds.toFixed(0)} s in all)`);
  const failed = rows.filter((row) => row.gate && row.result === 'MISS');
  if (failed.length > 0) {
    log(`target missed: ${failed.map((row) => row.key).join(', ')}`);
    // The smoke test's runs last a second: too short to judge a target, long enough to run everything.
    if (process.env.BENCH_GATES !== 'off') process.exitCode = 1;
  }
}

/** One row per figure: what was measured, against what, the ratio, the target and PASS/MISS/info. */
function tableRows(r) {
  const rows = [];
  const row = (key, figure, measured, against, ratio, target, pass) =>
    rows.push({ key, figure, measured, against, ratio, target, result: pass === undefined ? 'info' : pass ? 'PASS' : 'MISS' });
  /** A row whose MISS fails the run (exit code 1); another build's rows (before/after) show their MISS without failing it. */
  const gatedRow = (...args) => {
    row(...args);
    rows.at(-1).gate = true;
  };
  if (r.reads) {
    const { app, baseline } = r.reads;
    const c = cfg.readConnections;
    row(
      'reads-rps',
      `reads: GET /api/user/likes req/s (${c} conn.)`,
      `${fmt.int(app.rps)} req/s`,
      `${fmt.int(baseline.rps)} req/s bare node:http`,
      fmt.pct(app.rps / baseline.rps),
      '≥ 80 % of baseline (request logs on)',
      app.rps / baseline.rps >= 0.8,
    );
    if (r.reads.get) {
      row(
        'reads-rps-get',
        `reads: GET /api/user/likes req/s (${c} conn.), against one Redis GET`,
        `${fmt.int(app.rps)} req/s`,
        `${fmt.int(r.reads.get.rps)} req/s bare node:http + one Redis GET of the same bytes`,
        fmt.pct(app.rps / r.reads.get.rps),
        '≥ 80 % of baseline (request logs on)',
        app.rps / r.reads.get.rps >= 0.8,
      );
    }
    row(
      'reads-p99',
      `reads: p99 latency (${c} conn.)`,
      fmt.ms(app.p99),
      `${fmt.ms(baseline.p99)} baseline`,
      fmt.x(app.p99 / baseline.p99),
      '≤ 10 ms',
      app.p99 <= 10,
    );
    row(
      'reads-p50',
      `reads: p50 latency (${c} conn.)`,
      fmt.ms(app.p50),
      `${fmt.ms(baseline.p50)} baseline`,
      fmt.x(app.p50 / baseline.p50),
      '–',
    );
  }
  if (r.projection) {
    const [one] = r.projection.runs;
    for (const run of r.projection.runs) {
      row(
        `projection-p${run.partitions}`,
        `projection: ${fmt.int(r.projection.events)} events by ${run.partitions} partition${run.partitions > 1 ? 's' : ''} (processes)`,
        `${fmt.int(run.perSecond)} events/s (${fmt.int(run.perPartition)} per partition)`,
        `${fmt.int(one.perSecond)} events/s with P = ${one.partitions}`,
        fmt.x(run.perSecond / one.perSecond),
        '–',
      );
    }
  }
  if (r.writes) {
    const c = r.writes.concurrency;
    const [api, raw, api1, raw1] = [r.writes[`api${c}`], r.writes[`raw${c}`], r.writes.api1, r.writes.raw1];
    row(
      'writes',
      `writes: like/unlike via API, ${c} concurrent`,
      `${fmt.int(api.perSecond)} writes/s`,
      `${fmt.int(raw.perSecond)} raw appends/s`,
      fmt.pct(api.perSecond / raw.perSecond),
      '≥ 70 % of raw',
      api.perSecond / raw.perSecond >= 0.7,
    );
    row('writes-p99', `writes: p99, ${c} concurrent`, fmt.ms(api.p99), `${fmt.ms(raw.p99)} raw append`, fmt.x(api.p99 / raw.p99), '–');
    row(
      'writes-1',
      'writes: like/unlike via API, sequential',
      `${fmt.int(api1.perSecond)} writes/s`,
      `${fmt.int(raw1.perSecond)} raw appends/s`,
      fmt.pct(api1.perSecond / raw1.perSecond),
      '≥ 40 % of raw',
      api1.perSecond / raw1.perSecond >= 0.4,
    );
    row('writes-1-p99', 'writes: p99, sequential', fmt.ms(api1.p99), `${fmt.ms(raw1.p99)} raw append`, fmt.x(api1.p99 / raw1.p99), '–');
  }
  if (r.growth) {
    const g = r.growth;
    row(
      'growth',
      `growth: write p50, ${fmt.int(cfg.growthEvents)}-event stream`,
      fmt.ms(g.long.p50),
      `${fmt.ms(g.short.p50)} (${cfg.growthShortEvents}-event stream)`,
      fmt.x(g.long.p50 / g.short.p50),
      '≤ 1.5 ×',
      g.long.p50 / g.short.p50 <= 1.5,
    );
    row(
      'growth-p99',
      'growth: write p99',
      fmt.ms(g.long.p99),
      `${fmt.ms(g.short.p99)} (${cfg.growthShortEvents}-event stream)`,
      fmt.x(g.long.p99 / g.short.p99),
      '–',
    );
    row(
      'growth-first',
      'growth: first write after start, no snapshot yet (folds the stream)',
      fmt.ms(g.firstLong[0]),
      `${fmt.ms(g.firstShort[0])} (${cfg.growthShortEvents}-event stream)`,
      fmt.x(g.firstLong[0] / g.firstShort[0]),
      '–',
    );
    row(
      'growth-restart',
      'growth: first write after a restart (from the snapshot)',
      fmt.ms(g.restartLong[0]),
      `${fmt.ms(g.restartShort[0])} (${cfg.growthShortEvents}-event stream)`,
      fmt.x(g.restartLong[0] / g.restartShort[0]),
      '–',
    );
  }
  if (r.replay) {
    const p = r.replay;
    row(
      'replay',
      `replay: ${fmt.int(p.events)} events`,
      `${fmt.int(p.eventsPerSecond)} events/s`,
      `${fmt.int(p.setPerSecond)} SET/s redis-benchmark -P 64`,
      fmt.pct(p.eventsPerSecond / p.setPerSecond),
      '≥ 150 000 events/s',
      p.eventsPerSecond >= 150_000,
    );
  }
  if (r.library) {
    const [now, before] = r.library.results;
    const was = (pick) => (before ? `${fmt.ms(pick(before))} before checkpoints` : '–');
    const ratio = (pick) => (before ? fmt.x(pick(now) / pick(before)) : '–');
    // The export's library document is bounded by the checkpoints; its activity timeline is the whole
    // history (the right of access, SECURITY.md §10), streamed page by page: the user waits for the first byte,
    // the download's length grows with the history like any "download your data" file.
    const figures = [
      ['asOf', 'asOf p50', (v) => v.asOf.p50, true],
      [
        'export',
        'export p50 to the first byte (library document, then the timeline streamed)',
        (v) => (v.exportFirstByte ?? v.export).p50,
        true,
      ],
      ['export-whole', 'export p50 to the last byte (whole timeline, info: it grows with the history)', (v) => v.export.p50, false],
      ['undo', 'undo p50', (v) => v.undo.p50, true],
    ];
    for (const [kind, label, p50, target] of figures) {
      const size = kind === 'export-whole' && now.exportBytes ? ` (${(now.exportBytes / 1e6).toFixed(1)} MB)` : '';
      row(
        `library-${kind}`,
        `library: ${label}, ${fmt.int(r.library.events)}-event user${size}`,
        fmt.ms(p50(now)),
        was(p50),
        ratio(p50),
        target ? '≤ 20 ms' : '–',
        target ? p50(now) <= 20 : undefined,
      );
    }
    row(
      'library-write',
      'library: for reference, a plain write (POST /api/user/likes) p50, same user',
      fmt.ms(now.write.p50),
      was((v) => v.write.p50),
      ratio((v) => v.write.p50),
      '–',
    );
    const p99 = (v) => v.videosBusy.p99;
    row(
      'library-parallel',
      'library: another client’s GET /api/videos p99 beside 10 parallel asOf/export/undo',
      fmt.ms(p99(now)),
      `${fmt.ms(now.videosIdle.p99)} alone; ${was(p99)}`,
      ratio(p99),
      '< 50 ms',
      p99(now) < 50,
    );
    row(
      'library-first',
      'library: first export after start (builds the checkpoints)',
      fmt.ms(now.first),
      was((v) => v.first),
      ratio((v) => v.first),
      '–',
    );
    // perf_hooks.monitorEventLoopDelay inside the server (bench/lib/loop-delay-probe.cjs): the longest hold.
    const phasesOfLoop = [
      ['asOf', 'asOf', true],
      ['export', 'export', true],
      ['undo', 'undo', true],
      ['parallel', '10 parallel asOf/export/undo', true],
      ['first', 'the first export after start', false],
    ];
    for (const [kind, label, target] of phasesOfLoop) {
      const held = (v) => v.loop?.[kind]?.cpuMax;
      if (held(now) === undefined) continue;
      row(
        `library-loop-${kind}`,
        `library: longest event-loop hold in the server during ${label}, CPU time (wall-clock delay beside)`,
        fmt.ms(held(now)),
        `wall max ${fmt.ms(now.loop[kind].max)}, p99 ${fmt.ms(now.loop[kind].p99)}; ${was(held)}`,
        ratio(held),
        target ? '≤ 50 ms' : '–',
        target ? held(now) <= 50 : undefined,
      );
    }
  }
  if (r.limiter) {
    for (const { adapter, few, many } of r.limiter.results) {
      const keys = `${fmt.int(many.keys)} login keys`;
      const rate = many.attemptsPerSecond / few.attemptsPerSecond;
      row(
        `limiter-${adapter}-rate`,
        `login limiter (${adapter}): failed logins/s with ${keys}`,
        `${fmt.int(many.attemptsPerSecond)} /s`,
        `${fmt.int(few.attemptsPerSecond)} /s with ${few.keys}`,
        fmt.pct(rate),
        '≥ 80 % (within 20 %)',
        rate >= 0.8,
      );
      const p50 = many.get.p50 / few.get.p50;
      row(
        `limiter-${adapter}-get`,
        `login limiter (${adapter}): unrelated GET /api/videos p50 beside the flood, ${keys}`,
        fmt.ms(many.get.p50),
        `${fmt.ms(few.get.p50)} with ${few.keys}`,
        fmt.x(p50),
        '≤ 1.2 × (within 20 %)',
        p50 <= 1.2,
      );
      const alone = r.limiter.results.find((x) => x.adapter === adapter).limiterAlone;
      row(
        `limiter-${adapter}-alone`,
        `login limiter (${adapter}) alone, no HTTP: attempts/s with ${keys}`,
        `${fmt.int(alone.many)} /s`,
        `${fmt.int(alone.few)} /s with 100`,
        fmt.pct(alone.many / alone.few),
        '–',
      );
      row(
        `limiter-${adapter}-get-p99`,
        `login limiter (${adapter}): the same GET's p99`,
        fmt.ms(many.get.p99),
        `${fmt.ms(few.get.p99)} with ${few.keys}`,
        fmt.x(many.get.p99 / few.get.p99),
        '–',
      );
    }
  }
  if (r.migrate) {
    const m = r.migrate;
    row(
      'migrate',
      `migrate: ${fmt.int(m.events)} events of ${fmt.int(m.users)} users copied by npm run migrate`,
      `${fmt.int(m.eventsPerSecond)} events/s`,
      `CPU ${m.cpuSeconds.toFixed(1)} s in ${m.seconds.toFixed(1)} s`,
      '–',
      '–',
    );
    row(
      'migrate-check',
      'migrate: users whose rebuilt read model is the same in the copy (found by decrypted email)',
      `${fmt.int(m.usersCompared)} of ${fmt.int(m.users)}`,
      `no plaintext of ${fmt.int(m.needles)} emails, names, hashes`,
      '–',
      'every user, no plaintext',
      m.usersCompared === m.users,
    );
  }
  if (r.public) {
    const c = r.public.connections;
    for (const p of r.public.results) {
      const ratio = p.busy.p99 / p.idle.p99;
      row(
        `public-${p.limits}`,
        `public reads (${p.limits === 'lifted' ? 'rate lifted' : 'shipped rate'}): a signed-in user's read p99 beside ${c} anonymous connections on GET /api/playlists?limit=100`,
        fmt.ms(p.busy.p99),
        `${fmt.ms(p.idle.p99)} idle`,
        fmt.x(ratio),
        '≤ 2 ×',
        ratio <= 2,
      );
      row(
        `public-${p.limits}-flood`,
        `public reads (${p.limits === 'lifted' ? 'rate lifted' : 'shipped rate'}): the flood's answers in ${r.public.seconds} s`,
        `${fmt.int(p.answers.ok)} × 200, ${fmt.int(p.answers.refused)} × 429`,
        `${(p.pageBytes / 1024).toFixed(0)} kB a page; ${p.floodMBps.toFixed(1)} MB/s`,
        '–',
        '–',
      );
    }
  }
  if (r.passwordFlood) {
    const f = r.passwordFlood;
    for (const p of f.results) {
      const now = p.build === 'now';
      const build = now ? '' : `${p.build}, `;
      const add = now ? gatedRow : row;
      const ratio = p.busy.p50 / p.idle.p50;
      add(
        `password-flood-${p.build}-${p.store}`,
        `password flood (${build}${p.store}): other users' login p50 while one account sends wrong passwords (${f.connections} conn., ${f.seconds} s)`,
        fmt.ms(p.busy.p50),
        `${fmt.ms(p.idle.p50)} idle`,
        fmt.x(ratio),
        '≤ 2 ×',
        ratio <= 2,
      );
      row(
        `password-flood-${p.build}-${p.store}-p99`,
        `password flood (${build}${p.store}): the same logins' p99 (logins done idle / beside the flood)`,
        fmt.ms(p.busy.p99),
        `${fmt.ms(p.idle.p99)} idle; ${fmt.int(p.idle.count)} / ${fmt.int(p.busy.count)} logins`,
        fmt.x(p.busy.p99 / p.idle.p99),
        '–',
      );
      const a = p.answers;
      add(
        `password-flood-${p.build}-${p.store}-checked`,
        `password flood (${build}${p.store}): the flood's passwords checked (403/400, an scrypt hash each) in ${f.seconds} s`,
        `${fmt.int(a.wrong)} checked`,
        `${fmt.int(a.refusedPasswords)} × 429 passwords, ${fmt.int(a.refusedWrites)} × 429 writes, ${fmt.int(a.other + a.errors)} other (${fmt.int(a.perSecond)} req/s)`,
        '–',
        '≤ 10 (LOGIN_LIMIT_PER_EMAIL)',
        a.wrong <= 10,
      );
    }
  }
  if (r.keptAnswers) {
    const k = r.keptAnswers;
    const mib = (n) => (Number.isFinite(n) ? `${(n / 2 ** 20).toFixed(n < 10 * 2 ** 20 ? 2 : 0)} MiB` : 'n/a');
    for (const p of k.results) {
      const now = p.build === 'now';
      const add = now ? gatedRow : row;
      const name = `kept answers (${now ? '' : `${p.build}, `}${p.store}, ${(p.answerBytes / 1e6).toFixed(p.answerBytes < 1e6 ? 3 : 2)} MB answers)`;
      const key = `kept-answers-${p.build}-${p.store}-${p.profile}`;
      add(
        `${key}-alive`,
        `${name}: the server (--max-old-space-size=${k.heapMb}) through ${p.seconds} s of keyed writes at ≤ 60 per 3 s`,
        p.survived ? 'alive' : `died at ${p.died.at.toFixed(1)} s (${p.died.signal ?? p.died.code ?? 'no answer'})`,
        `${fmt.int(p.writes)} writes, ${p.writesPerSecond.toFixed(1)}/s`,
        '–',
        'alive',
        p.survived,
      );
      add(
        `${key}-rss`,
        `${name}: server RSS, max (heap used max)`,
        `${mib(p.max.rss)} (${mib(p.max.heapUsed)})`,
        `${mib(p.idle.rss)} idle (${mib(p.idle.heapUsed)})`,
        `+${mib(p.max.rss - p.idle.rss)}`,
        `≤ idle + ${mib(k.bounds.rssOverIdle)}`,
        p.max.rss - p.idle.rss <= k.bounds.rssOverIdle,
      );
      const growth = p.max.store - p.idle.store.bytes;
      const beside =
        p.store === 'redis'
          ? `${fmt.int(p.max.keys)} keys; used_memory ${mib(p.idle.store.used)} → ${mib(p.max.redisUsed)}`
          : `-wal max ${mib(p.max.wal)}`;
      add(
        `${key}-store`,
        `${name}: key store growth (${p.store === 'redis' ? 'MEMORY USAGE of the idempotency keys' : 'idempotency.sqlite'})`,
        `+${mib(growth)}`,
        beside,
        '–',
        `≤ ${mib(k.bounds.storeGrowth)} (1 MiB a user + 1 MiB)`,
        growth <= k.bounds.storeGrowth,
      );
    }
  }
  if (r.catalogueScale) {
    const c = r.catalogueScale;
    const n = fmt.int(c.cfg.videos);
    const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    row(
      'catalogue-import',
      `catalogue: ${n} videos imported through the API, ${fmt.int(c.cfg.batch)} per request`,
      `${c.import.seconds.toFixed(1)} s`,
      `${c.import.requests.length} requests, ${fmt.int(c.import.added)} added; server CPU ${c.import.cpuSeconds.toFixed(1)} s`,
      `${fmt.int(c.import.added / c.import.seconds)} videos/s`,
      '≤ 60 s',
      c.import.seconds <= 60,
    );
    const names = {
      search: 'GET /api/videos?q=<1–2 words, prefixes>&limit=24',
      first: 'GET /api/videos?limit=24',
      popular: 'GET /api/videos?sort=popular&limit=24',
      category: 'GET /api/videos?category=<slug>&limit=24',
    };
    for (const [name, figure] of Object.entries(names)) {
      const m = c.readMedians[name];
      row(
        `catalogue-${name}`,
        `catalogue: ${figure} p99, ${c.cfg.clients} clients, br (p50 beside)`,
        fmt.ms(m.p99),
        `p50 ${fmt.ms(m.p50)}; ${fmt.int(m.rps)} req/s`,
        '–',
        '≤ 50 ms',
        m.p99 <= 50,
      );
    }
    if (c.storm) {
      row(
        'catalogue-storm',
        `catalogue: GET /api/videos?sort=popular&limit=24 p99 during a like storm (${c.cfg.likers} users)`,
        fmt.ms(c.storm.popular.p99),
        `p50 ${fmt.ms(c.storm.popular.p50)}; ${fmt.int(c.storm.likesPerSecond)} likes/s`,
        '–',
        '–',
      );
      row(
        'catalogue-storm-search',
        'catalogue: search p99 during the like storm',
        fmt.ms(c.storm.search.p99),
        `p50 ${fmt.ms(c.storm.search.p50)}`,
        '–',
        '–',
      );
    }
    row(
      'catalogue-size',
      `catalogue: plain GET /api/videos with ${n} videos (${fmt.int(c.sizes.videos)} in the answer)`,
      `${fmt.int(c.sizes.identity)} B`,
      `br ${fmt.int(c.sizes.br)} B, gzip ${fmt.int(c.sizes.gzip)} B`,
      '–',
      '≤ 2 MB',
      c.sizes.identity <= 2_000_000,
    );
    const grown = c.memoryAfter.rss - c.memoryBefore.rss;
    row(
      'catalogue-rss',
      `catalogue: server RSS with ${n} videos (after the import; after a restart)`,
      `${mib(c.memoryAfter.rss)}; ${mib(c.memoryRestarted.rss)}`,
      `${mib(c.memoryBefore.rss)} with 12`,
      `+${mib((grown * 100_000) / c.cfg.videos)} per 100 000 videos`,
      '–',
    );
    row(
      'catalogue-restart',
      `catalogue: restart with ${n} videos, process spawned → search answers with videos (median of ${c.restarts.length})`,
      `${(c.restartMedian.searchMs / 1000).toFixed(1)} s`,
      c.restarts.map((x) => `${(x.searchMs / 1000).toFixed(1)} s`).join(', '),
      '–',
      '≤ 30 s',
      c.restartMedian.searchMs <= 30_000,
    );
    if (c.lighthouseMedian) {
      row(
        'catalogue-lighthouse',
        `catalogue: Lighthouse performance of / with ${n} videos (median of ${c.lighthouse.large.length})`,
        String(c.lighthouseMedian.large.score),
        `${c.lighthouseMedian.small.score} with 12`,
        '–',
        '–',
      );
    }
  }
  if (r.frontend) {
    const f = r.frontend;
    row(
      'js',
      'frontend: JavaScript, gzip -9',
      `${fmt.int(f.sizes.js.gzip)} B`,
      `${fmt.int(f.sizes.js.raw)} B raw`,
      fmt.pct(f.sizes.js.gzip / f.sizes.js.raw),
      '≤ 150 kB',
      f.sizes.js.gzip <= 150_000,
    );
    row(
      'css',
      'frontend: CSS, gzip -9',
      `${fmt.int(f.sizes.css.gzip)} B`,
      `${fmt.int(f.sizes.css.raw)} B raw`,
      fmt.pct(f.sizes.css.gzip / f.sizes.css.raw),
      '–',
    );
    row(
      'first-card',
      `frontend: first card visible, median of ${f.times.length}`,
      fmt.ms(f.firstCardMedian),
      `min ${fmt.ms(Math.min(...f.times))}, max ${fmt.ms(Math.max(...f.times))}`,
      '–',
      '≤ 1 s',
      f.firstCardMedian <= 1000,
    );
  }
  if (r.liveStreams) {
    const l = r.liveStreams;
    const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
    row(
      'live-memory',
      `live: ${fmt.int(l.cfg.streams)} idle changes streams, server memory per stream (RSS)`,
      kib(l.perStream.rss),
      `heap ${kib(l.perStream.heapUsed)} per stream; RSS ${(l.before.rss / 2 ** 20).toFixed(1)} -> ${(l.after.rss / 2 ** 20).toFixed(1)} MiB`,
      '–',
      '–',
      undefined,
    );
    row(
      'live-delivery',
      `live: change delivery p99 on ${fmt.int(l.cfg.streams)} streams, ${l.cfg.writesPerSecond} writes/s (p50 beside)`,
      fmt.ms(l.delivery.p99),
      `p50 ${fmt.ms(l.delivery.p50)}; ${fmt.int(l.deliveries)} of ${fmt.int(l.expected)} deliveries`,
      '–',
      '≤ 1000 ms',
      l.delivery.p99 <= 1000 && l.deliveries === l.expected,
    );
  }
  if (r.importUnderStreams) importUnderStreamsRows(r.importUnderStreams, gatedRow);
  if (r.metricsCost) {
    const m = r.metricsCost;
    row(
      'metrics-cost',
      `metrics: GET /api/user/likes req/s with METRICS_PORT on (scraped every ${m.scrapeMs / 1000} s) / off (${cfg.readConnections} conn.)`,
      fmt.int(Math.round(m.on.rps)),
      `${fmt.int(Math.round(m.off.rps))} off; CPU ms/request ${m.on.cpuMsPerRequest.toFixed(3)} on, ${m.off.cpuMsPerRequest.toFixed(3)} off`,
      m.ratio.toFixed(3),
      '≥ 0.97 (cost ≤ 3 %)',
      m.pass,
    );
  }
  return rows;
}

const COLUMNS = [
  ['figure', 'Figure'],
  ['measured', 'Measured'],
  ['against', 'Side by side'],
  ['ratio', 'Ratio'],
  ['target', 'Target'],
  ['result', 'Result'],
];

function textTable(rows) {
  const widths = COLUMNS.map(([key, title]) => Math.max(title.length, ...rows.map((r) => r[key].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [
    line(COLUMNS.map(([, t]) => t)),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map((r) => line(COLUMNS.map(([k]) => r[k]))),
  ].join('\n');
}

function markdown(rows, r) {
  const md = [];
  md.push('# Benchmarks (issue 6)', '');
  md.push(`Written by \`npm run bench\` (bench/run.mjs) on ${environment.date}.`, '');
  md.push('| Machine | |', '|---|---|');
  md.push(`| CPU cores (\`os.cpus().length\`) | ${environment.cores} (${environment.cpuModel}) |`);
  md.push(`| Memory | ${environment.memoryGb} GiB |`);
  md.push(`| Node | ${environment.node} |`);
  md.push(`| OS | ${environment.platform} |`);
  md.push(`| Load average (1, 5, 15 min) before / after | ${environment.loadBefore} / ${environment.loadAfter} |`);
  md.push(`| Other jest processes before / after | ${environment.jestBefore} / ${environment.jestAfter} |`);
  md.push(
    `| As each benchmark started: 1-min load, other jest processes | ${phases.map((p) => `${p.name} ${p.load}, ${p.jest}`).join('; ')} |`,
  );
  md.push(`| Whole run | ${environment.seconds.toFixed(0)} s |`);
  md.push(
    `| Build | ${environment.staleBuilds.length ? `older than its sources: ${environment.staleBuilds.join(', ')}` : 'backend/dist and frontend/dist up to date with their sources'} |`,
  );
  md.push(
    `| Settings | BENCH_SECONDS=${cfg.seconds}, BENCH_READ_CONNECTIONS=${cfg.readConnections}, BENCH_READ_ROUNDS=${cfg.readRounds}, BENCH_WRITE_CONCURRENCY=${cfg.writeConcurrency}, BENCH_WRITE_ROUNDS=${cfg.writeRounds}, BENCH_GROWTH_EVENTS=${cfg.growthEvents}, BENCH_GROWTH_REQUESTS=${cfg.growthRequests}, BENCH_REPLAY_EVENTS=${cfg.replayEvents}, BENCH_PAGE_LOADS=${cfg.pageLoads}, BENCH_MIGRATE_EVENTS=${cfg.migrateEvents}${cfg.only.length < ALL.length ? `, BENCH_ONLY=${cfg.only.join(',')}` : ''} |`,
  );
  if (process.env.BENCH_NOTE) md.push(`| Note | ${process.env.BENCH_NOTE} |`);
  md.push('', '## Results', '');
  md.push(`| ${COLUMNS.map(([, t]) => t).join(' | ')} |`, `|${COLUMNS.map(() => '---').join('|')}|`);
  for (const row of rows) md.push(`| ${COLUMNS.map(([k]) => row[k]).join(' | ')} |`);
  md.push('', '## Details', '');
  if (r.reads) {
    md.push('### Reads', '');
    md.push(
      '| Round | Baseline req/s | p50 | p99 | CPU ms/req | GET baseline req/s | p50 | p99 | CPU ms/req | App req/s | p50 | p99 | CPU ms/req |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    const cells = (x) => (x ? `${fmt.int(x.rps)} | ${x.p50} ms | ${x.p99} ms | ${x.cpuMsPerRequest.toFixed(3)}` : '– | – | – | –');
    r.reads.rounds.app.forEach((a, i) => {
      md.push(`| ${i + 1} | ${cells(r.reads.rounds.baseline[i])} | ${cells(r.reads.rounds.get?.[i])} | ${cells(a)} |`);
    });
    md.push(
      '',
      `Response body ${r.reads.bodyBytes} bytes (12 hydrated videos). Baseline: ZRANGE + hydration + JSON.stringify; GET baseline: one Redis GET of the app's answer bytes (bench/baseline-server.mjs). CPU ms/req: the server process's user+system CPU time per answered request.`,
      '',
    );
  }
  if (r.writes) {
    const w = r.writes;
    md.push('### Writes', '');
    md.push(
      `Raw store settings: journal_mode=${w.settings.journalMode}, synchronous=${w.settings.synchronous} (2 = FULL), busy_timeout=${w.settings.busyTimeoutMs} ms.`,
      '',
    );
    md.push('Medians over the alternating rounds (ops/s of each round in the last column).', '');
    md.push('| Run | Concurrency | Ops/s | p50 | p99 | max | App CPU ms/write | Rounds (ops/s) |', '|---|---|---|---|---|---|---|---|');
    for (const c of [1, w.concurrency]) {
      for (const kind of ['raw', 'api']) {
        const x = w[`${kind}${c}`];
        md.push(
          `| ${kind === 'raw' ? 'SqliteEventStore.appendToStream' : 'API POST/DELETE /api/user/likes'} | ${c} | ${fmt.int(x.perSecond)} | ${fmt.ms(x.p50)} | ${fmt.ms(x.p99)} | ${fmt.ms(x.max)} | ${x.appCpuMsPerWrite === undefined ? '–' : x.appCpuMsPerWrite.toFixed(2)} | ${x.rounds.join(', ')} |`,
        );
      }
    }
    md.push('');
  }
  if (r.growth) {
    const g = r.growth;
    md.push('### Growth', '');
    md.push(
      '| History stream | First POST after start | First DELETE | p50 | p99 | max | requests | First POST after a restart | First DELETE |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    md.push(
      `| ${fmt.int(cfg.growthShortEvents)} events | ${fmt.ms(g.firstShort[0])} | ${fmt.ms(g.firstShort[1])} | ${fmt.ms(g.short.p50)} | ${fmt.ms(g.short.p99)} | ${fmt.ms(g.short.max)} | ${g.short.count} | ${fmt.ms(g.restartShort[0])} | ${fmt.ms(g.restartShort[1])} |`,
    );
    md.push(
      `| ${fmt.int(cfg.growthEvents)} events | ${fmt.ms(g.firstLong[0])} | ${fmt.ms(g.firstLong[1])} | ${fmt.ms(g.long.p50)} | ${fmt.ms(g.long.p99)} | ${fmt.ms(g.long.max)} | ${g.long.count} | ${fmt.ms(g.restartLong[0])} | ${fmt.ms(g.restartLong[1])} |`,
    );
    md.push('');
  }
  if (r.public) {
    md.push('### Public reads', '');
    md.push(
      `${r.public.connections} anonymous connections on GET /api/playlists?limit=100 (100 public playlists of 12 videos) for ${r.public.seconds} s, beside one signed-in user reading their likes, playlists and watch later one request after another; idle: that user alone.`,
      '',
      '| Public read rate | Page | Reader idle p50 / p99 | Beside the flood p50 / p99 | Reads idle / busy | Flood 200 / 429 / errors | Flood MB/s | Server CPU ms idle / busy |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const p of r.public.results) {
      md.push(
        `| ${p.limits} | ${fmt.int(p.pageBytes)} B | ${fmt.ms(p.idle.p50)} / ${fmt.ms(p.idle.p99)} | ${fmt.ms(p.busy.p50)} / ${fmt.ms(p.busy.p99)} | ${fmt.int(p.idle.count)} / ${fmt.int(p.busy.count)} | ${fmt.int(p.answers.ok)} / ${fmt.int(p.answers.refused)} / ${p.answers.errors} | ${p.floodMBps.toFixed(1)} | ${p.idleCpuMs} / ${p.busyCpuMs} |`,
      );
    }
    md.push('');
  }
  if (r.passwordFlood) {
    const f = r.passwordFlood;
    md.push('### Password flood', '');
    md.push(
      `One account's token sends wrong passwords to DELETE /api/user and POST /api/user/password in turn from ${f.connections} keep-alive connections, back to back (bench/lib/flood-client.cjs, a process of its own at nice 19), write rate as shipped (60 per 3 s); meanwhile ${f.userCount} other accounts log in with their right passwords one after another. ${f.rounds} rounds of ${(f.seconds / f.rounds).toFixed(0)} s idle then ${(f.seconds / f.rounds).toFixed(0)} s beside the flood; latencies pooled.`,
      '',
      '| Build | Store | Login p50 / p99 idle | Beside the flood | Logins idle / busy | Flood req/s | Checked (403/400) | 429 passwords | 429 writes | Other | Server CPU ms idle / busy |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const p of f.results) {
      const a = p.answers;
      md.push(
        `| ${p.build} | ${p.store} | ${fmt.ms(p.idle.p50)} / ${fmt.ms(p.idle.p99)} | ${fmt.ms(p.busy.p50)} / ${fmt.ms(p.busy.p99)} | ${fmt.int(p.idle.count)} / ${fmt.int(p.busy.count)} | ${fmt.int(a.perSecond)} | ${fmt.int(a.wrong)} | ${fmt.int(a.refusedPasswords)} | ${fmt.int(a.refusedWrites)} | ${fmt.int(a.other + a.errors)} | ${p.idleCpuMs} / ${p.busyCpuMs} |`,
      );
    }
    md.push('');
  }
  if (r.keptAnswers) {
    const k = r.keptAnswers;
    const mib = (n) => (Number.isFinite(n) ? (n / 2 ** 20).toFixed(1) : '–');
    md.push('### Kept answers', '');
    md.push(
      `One user loops keyed writes (a fresh Idempotency-Key each: POST /api/user/playlists, then DELETE of that playlist; both answer the whole library) from ${k.loops} connections, paced to at most 60 per 3 s, against \`node --max-old-space-size=${k.heapMb} backend/dist/entry-points/main.js\` (bench/lib/memory-probe.cjs loaded for the heap figure). Sizes in MiB; store: idempotency.sqlite (embedded) or the sum of MEMORY USAGE of the idempotency keys (Redis).`,
      '',
      '| Build | Store | Library | Answer | Writes (/s) | Statuses | Write p50 / p99 | Alive | RSS idle → max | Heap used idle → max | Store idle → max | WAL max / Redis used_memory max | Last key replayed |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const p of k.results) {
      const statuses = Object.entries(p.statuses)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ');
      const replay = p.replay ? `${p.replay.status}, ${fmt.int(p.replay.bytes)} B${p.replay.replayed ? '' : ' (not a replay)'}` : '–';
      const alive = p.survived ? 'yes' : `died at ${p.died.at.toFixed(1)} s (${p.died.signal ?? p.died.code ?? p.died.error})`;
      md.push(
        `| ${p.build} | ${p.store} | ${p.playlists} playlists × 12 videos | ${fmt.int(p.answerBytes)} B | ${fmt.int(p.writes)} (${p.writesPerSecond.toFixed(1)}) | ${statuses} | ${fmt.ms(p.latency.p50)} / ${fmt.ms(p.latency.p99)} | ${alive} | ${mib(p.idle.rss)} → ${mib(p.max.rss)} | ${mib(p.idle.heapUsed)} → ${mib(p.max.heapUsed)} | ${mib(p.idle.store.bytes)} → ${mib(p.max.store)} | ${p.store === 'redis' ? mib(p.max.redisUsed) : mib(p.max.wal)} | ${replay} |`,
      );
    }
    md.push('', 'Samples (seconds: RSS / heap used / store, MiB):', '');
    for (const p of k.results) {
      const series = p.samples.map((x) => `${x.t.toFixed(0)}: ${mib(x.rss)} / ${mib(x.heapUsed)} / ${mib(x.store?.bytes)}`).join('; ');
      md.push(`- ${p.build}, ${p.store}, ${p.profile}: ${series}${p.fatal ? ` — \`${p.fatal}\`` : ''}`);
    }
    md.push('');
  }
  if (r.library) {
    md.push('### Library (time-travel, export, undo)', '');
    md.push(
      '| Build | First export | asOf p50 / p99 | export p50 / p99 | undo p50 / p99 | a like p50 / p99 | GET /api/videos p99 alone | beside 10 library clients (max) | library requests in parallel |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const v of r.library.results) {
      const pp = (s) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;
      const n = Object.values(v.parallelOps).reduce((a, b) => a + b, 0);
      md.push(
        `| ${v.name} | ${fmt.ms(v.first)} | ${pp(v.asOf)} | ${pp(v.export)} | ${pp(v.undo)} | ${pp(v.write)} | ${fmt.ms(v.videosIdle.p99)} | ${fmt.ms(v.videosBusy.p99)} (${fmt.ms(v.videosBusy.max)}) | ${n} |`,
      );
    }
    if (r.library.results.some((v) => v.loop)) {
      md.push(
        '',
        'Event loop held, inside the server (bench/lib/loop-delay-probe.cjs), per phase: wall-clock delay of a 1 ms timer (perf_hooks `monitorEventLoopDelay`) max / p99, and in brackets the CPU time the process spent in the longest stretch without a turn of the loop (what the code held, without the time spent waiting for a core) max / p99:',
        '',
        '| Build | first export | asOf | export | undo | 10 parallel library clients |',
        '|---|---|---|---|---|---|',
      );
      const held = (l) => (l ? `${fmt.ms(l.max)} / ${fmt.ms(l.p99)} (${fmt.ms(l.cpuMax)} / ${fmt.ms(l.cpuP99)})` : '–');
      for (const v of r.library.results) {
        md.push(`| ${v.name} | ${['first', 'asOf', 'export', 'undo', 'parallel'].map((k) => held(v.loop?.[k])).join(' | ')} |`);
      }
    }
    md.push('');
  }
  if (r.limiter) {
    md.push('### Login limiter', '');
    md.push(
      `Four clients send failed logins (unknown emails, limits raised so none is refused) for ${r.limiter.seconds} s while another times \`GET /api/videos\` back to back; on one server cycling over 100 emails, on another over ${fmt.int(r.limiter.manyKeys)} after every one of them was tried once (Redis: the keys written straight into its Redis). One warm-up phase on each first (not counted), then ${r.limiter.rounds} rounds alternating a phase on each server; medians, and each round's figures.`,
      '',
      '| Rate limiter | keys | failed logins/s (median) | GET /api/videos p50 | p99 | rounds: logins/s, p50, p99 |',
      '|---|---|---|---|---|---|',
    );
    for (const { adapter, few, many } of r.limiter.results) {
      for (const x of [few, many]) {
        const each = x.rounds.map((y) => `${fmt.int(y.attemptsPerSecond)}, ${fmt.ms(y.p50)}, ${fmt.ms(y.p99)}`).join('; ');
        md.push(
          `| ${adapter} | ${fmt.int(x.keys)} | ${fmt.int(x.attemptsPerSecond)} | ${fmt.ms(x.get.p50)} | ${fmt.ms(x.get.p99)} | ${each} |`,
        );
      }
    }
    md.push(
      '',
      '| Rate limiter alone (no HTTP), alternating rounds, medians | 100 keys | many keys |',
      '|---|---|---|',
      ...r.limiter.results.map(
        ({ adapter, limiterAlone: a }) =>
          `| ${adapter} (${fmt.int(a.perRound)} attempts a round) | ${fmt.int(a.few)} /s | ${fmt.int(a.many)} /s |`,
      ),
    );
    md.push('');
  }
  if (r.replay) {
    const p = r.replay;
    md.push('### Replay', '');
    md.push(
      `- Generated ${fmt.int(p.generated.events)} events for ${fmt.int(p.generated.userIds.length)} users (bench/generate-events.mjs, the logic of test/support/event-generator.ts) in ${p.generated.seconds.toFixed(1)} s.`,
    );
    md.push(
      `- \`${['node', ...replayNodeFlags(), 'backend/dist/entry-points/replay.main.js'].join(' ')}\`: ${fmt.int(p.events)} events in ${p.replaySeconds.toFixed(2)} s = ${fmt.int(p.eventsPerSecond)} events/s (as the replay itself reports); ${p.wallSeconds.toFixed(1)} s wall clock including process start, the 2.5 s switch grace and deleting the old namespace.`,
    );
    md.push(
      `- Redis commands per replayed event: ${p.redisCommandsPerEvent.toFixed(2)}; redis-server CPU busy ${fmt.pct(p.redisCpuShare)} of the replay's time.`,
    );
    md.push(
      `- \`redis-benchmark -P 64 -t set -n ${cfg.redisBenchmarkRequests} -q\` on the same server: ${fmt.int(p.setPerSecond)} SET/s.`,
      '',
    );
  }
  if (r.migrate) {
    const m = r.migrate;
    md.push('### Migrate', '');
    md.push(
      `- Generated ${fmt.int(m.events)} events of ${fmt.int(m.users)} users in the previous form (bench/generate-events.mjs) in ${m.generatedSeconds.toFixed(1)} s.`,
      `- \`node backend/dist/entry-points/migrate.main.js <old> <new>\`: ${fmt.int(m.events)} events in ${m.seconds.toFixed(1)} s = ${fmt.int(m.eventsPerSecond)} events/s, as it reports (reading the old store to the last commit); ${m.cpuSeconds.toFixed(1)} s of CPU (all its threads); ${m.wallSeconds.toFixed(1)} s wall clock with start-up, closing and publishing events.sqlite.`,
      `- Checked in ${m.checkSeconds.toFixed(1)} s: both stores rebuilt in memory, ${fmt.int(m.usersCompared)} users equal; ${fmt.int(m.needles)} distinct emails (any case), names and password hashes, none found in ${m.files.join(', ')} (all found in the old store).`,
      '',
    );
  }
  if (r.catalogueScale) {
    const c = r.catalogueScale;
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
    md.push('### Catalogue at scale', '');
    md.push(
      `${fmt.int(c.cfg.videos)} synthetic videos (vocabulary ${fmt.int(c.vocabulary)} words, ${fmt.int(c.channels)} channels, ${c.categories} categories) imported by an operator in ${c.import.requests.length} requests; import requests (ms): ${c.import.requests.map((x) => x.ms.toFixed(0)).join(', ')}; bodies ${fmt.int(Math.min(...c.import.requests.map((x) => x.bytes)))}–${fmt.int(Math.max(...c.import.requests.map((x) => x.bytes)))} B.`,
      '',
      `Reads: ${c.cfg.clients} keep-alive clients with \`accept-encoding: br\` for ${c.cfg.seconds} s per phase, ${c.cfg.rounds} rounds of the phases in turn (medians over rounds; every round below).`,
      '',
      '| Phase | Round | p50 | p99 | max | req/s | distinct URLs | server CPU ms/req | mean body (br) |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [name, rounds] of Object.entries(c.reads)) {
      rounds.forEach((x, i) =>
        md.push(
          `| ${name} | ${i + 1} | ${fmt.ms(x.p50)} | ${fmt.ms(x.p99)} | ${fmt.ms(x.max)} | ${fmt.int(x.rps)} | ${fmt.int(x.distinct)} | ${x.cpuMsPerRequest.toFixed(2)} | ${fmt.int(x.meanBytes)} B |`,
        ),
      );
    }
    if (c.storm) {
      for (const name of ['popular', 'search']) {
        const x = c.storm[name];
        md.push(
          `| ${name}, like storm | – | ${fmt.ms(x.p50)} | ${fmt.ms(x.p99)} | ${fmt.ms(x.max)} | ${fmt.int(x.rps)} | ${fmt.int(x.distinct)} | ${x.cpuMsPerRequest.toFixed(2)} | ${fmt.int(x.meanBytes)} B |`,
        );
      }
    }
    md.push(
      '',
      `First search after the import: ${fmt.ms(c.firstSearchMs)}. Plain GET /api/videos: ${fmt.int(c.sizes.videos)} videos, next ${c.sizes.next ? 'given' : 'none'}, ${fmt.ms(c.sizes.ms)}.`,
      `Memory (RSS / heap used, MiB): 12 videos ${mib(c.memoryBefore.rss)} / ${mib(c.memoryBefore.heapUsed)}; after the import ${mib(c.memoryAfter.rss)} / ${mib(c.memoryAfter.heapUsed)}; after the last restart ${mib(c.memoryRestarted.rss)} / ${mib(c.memoryRestarted.heapUsed)}. Store on disk ${mib(c.storeBytes)} MiB.`,
      `Restarts: ${c.restarts.map((x) => `listening ${(x.listeningMs / 1000).toFixed(1)} s, search ${(x.searchMs / 1000).toFixed(1)} s`).join('; ')}.`,
    );
    if (c.lighthouse) {
      const each = (list) =>
        list.map((x) => `${x.score} (LCP ${fmt.ms(x.lcp)}, TBT ${fmt.ms(x.tbt)}, index ${Math.round(x.benchmarkIndex)})`).join(', ');
      md.push(`Lighthouse of /: 12 videos ${each(c.lighthouse.small)}; ${fmt.int(c.cfg.videos)} videos ${each(c.lighthouse.large)}.`);
    } else md.push(`Lighthouse skipped: ${c.lighthouseSkipped}.`);
    md.push('');
  }
  if (r.frontend) {
    const f = r.frontend;
    md.push('### Frontend', '');
    md.push(
      `- frontend/dist/assets: ${f.sizes.js.files} JavaScript file(s) ${fmt.int(f.sizes.js.raw)} B, ${fmt.int(f.sizes.js.gzip)} B gzip; ${f.sizes.css.files} CSS file(s) ${fmt.int(f.sizes.css.raw)} B, ${fmt.int(f.sizes.css.gzip)} B gzip (zlib level 9; kB = 1000 B).`,
    );
    md.push(`- First card visible, ms after navigation start, per load: ${f.times.map((t) => t.toFixed(0)).join(', ')}.`, '');
  }
  if (r.liveStreams) {
    const l = r.liveStreams;
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
    md.push('### Live changes streams', '');
    md.push(
      `${fmt.int(l.cfg.streams)} streams of GET /api/user/changes (${l.cfg.users} users, ${l.perUser} each) opened in ${l.openSeconds.toFixed(1)} s. Server memory settled (lowest of ${l.cfg.settleSeconds} readings), RSS / heap used: before ${mib(l.before.rss)} / ${mib(l.before.heapUsed)} MiB, with the streams ${mib(l.after.rss)} / ${mib(l.after.heapUsed)} MiB: ${(l.perStream.rss / 1024).toFixed(1)} / ${(l.perStream.heapUsed / 1024).toFixed(1)} KiB per stream.`,
      `While open: ${l.writes} likes and unlikes at ${l.cfg.writesPerSecond}/s for ${l.cfg.seconds} s (${l.skipped} skipped, the user's last write still unanswered); write p50 ${fmt.ms(l.write.p50)}, p99 ${fmt.ms(l.write.p99)}; delivery to each of the user's streams p50 ${fmt.ms(l.delivery.p50)}, p99 ${fmt.ms(l.delivery.p99)}, max ${fmt.ms(l.delivery.max)} (${fmt.int(l.deliveries)} of ${fmt.int(l.expected)} deliveries). /proc/loadavg at the end: ${l.load}.`,
      '',
    );
  }
  if (r.importUnderStreams) md.push(importUnderStreamsSection(r.importUnderStreams));
  if (r.metricsCost) {
    const m = r.metricsCost;
    const round = (x) => `${Math.round(x.rps)} req/s (p50 ${x.p50} ms, p99 ${x.p99} ms)`;
    md.push('### Metrics cost', '');
    md.push(
      `GET /api/user/likes, ${cfg.readConnections} connections, ${m.roundCount} rounds of ${cfg.seconds} s per server, alternated. Per round, off / on: ${m.rounds.off.map((off, i) => `${round(off)} / ${round(m.rounds.on[i])}`).join('; ')}. Medians: ${round(m.off)} off, ${round(m.on)} on; median of the rounds' ratios ${m.ratio.toFixed(3)}, ${(m.cost * 100).toFixed(1)} % cost. A scrape is ${fmt.int(m.scrapeBytes)} B of text.`,
      '',
    );
  }
  md.push(analysis(rows, r, cfg));
  return md.join('\n') + '\n';
}

main().catch((error) => {
  console.error(error?.stack ?? error);
  process.exit(1);
});

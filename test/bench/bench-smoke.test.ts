import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * `npm run bench` with tiny settings, so that the bench cannot rot: every benchmark runs end to end
 * (real server, private Redis, replay, Chromium), prints its table and writes a results file — to a
 * temp path, never over bench/RESULTS.md. The figures themselves are not asserted: on a shared
 * machine they say nothing in a run this short.
 */
test('the bench runs every benchmark end to end and writes its results', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-bench-smoke-'));
  const resultsFile = join(dir, 'RESULTS.md');
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BENCH_SECONDS: '1',
      BENCH_READ_CONNECTIONS: '10',
      BENCH_READ_ROUNDS: '1',
      BENCH_WRITE_CONCURRENCY: '3',
      BENCH_WRITE_ROUNDS: '1',
      BENCH_GROWTH_EVENTS: '2000',
      BENCH_GROWTH_REQUESTS: '5',
      BENCH_REPLAY_EVENTS: '5000',
      BENCH_REDIS_BENCHMARK_REQUESTS: '20000',
      BENCH_PAGE_LOADS: '3',
      BENCH_LIBRARY_EVENTS: '3000',
      BENCH_LIBRARY_REQUESTS: '3',
      BENCH_LIBRARY_SECONDS: '1',
      BENCH_LIMITER_SECONDS: '1',
      BENCH_LIMITER_KEYS: '300',
      BENCH_PROJECTION_EVENTS: '3000',
      BENCH_PROJECTION_PARTITIONS: '2',
      BENCH_LIMITER_ROUNDS: '1',
      BENCH_MIGRATE_EVENTS: '3000',
      BENCH_PUBLIC_SECONDS: '1',
      BENCH_FLOOD_SECONDS: '1',
      BENCH_FLOOD_ROUNDS: '1',
      BENCH_FLOOD_USERS: '3',
      BENCH_FLOOD_CONNECTIONS: '2',
      BENCH_KEPT_SECONDS: '2',
      BENCH_KEPT_SMALL_SECONDS: '2',
      BENCH_KEPT_SAMPLE_MS: '500',
      BENCH_CATALOGUE_VIDEOS: '2000',
      BENCH_CATALOGUE_BATCH: '1000',
      BENCH_CATALOGUE_CLIENTS: '4',
      BENCH_CATALOGUE_SECONDS: '1',
      BENCH_CATALOGUE_ROUNDS: '1',
      BENCH_CATALOGUE_LIKERS: '1',
      BENCH_CATALOGUE_RESTARTS: '1',
      // Two Lighthouse runs take a minute or more here: the catalogue's Lighthouse is left to the full bench.
      BENCH_CATALOGUE_LIGHTHOUSE_RUNS: '0',
      BENCH_LIVE_STREAMS: '200',
      BENCH_LIVE_USERS: '20',
      BENCH_LIVE_WRITES_PER_SECOND: '20',
      BENCH_LIVE_SECONDS: '1',
      BENCH_LIVE_SETTLE_SECONDS: '1',
      BENCH_IMPORT_VIDEOS: '500',
      BENCH_IMPORT_CATALOGUE_STREAMS: '40',
      BENCH_IMPORT_USER_STREAMS: '20',
      BENCH_IMPORT_SETTLE_SECONDS: '1',
      BENCH_IMPORT_AFTER_MS: '500',
      BENCH_METRICS_ROUNDS: '1',
      BENCH_GATES: 'off',
      BENCH_RESULTS_FILE: resultsFile,
    };
    delete env.BENCH_ONLY;
    delete env.BENCH_CPU_PROF;
    delete env.BENCH_APP_PRELOAD;
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'run.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`bench exited with ${code}:\n${stderr.slice(-4000)}`);

    for (const figure of [
      'reads: GET /api/user/likes',
      'writes: like/unlike via API',
      'growth: write p50',
      'growth: first write after a restart (from the snapshot)',
      'replay:',
      'frontend: JavaScript',
      'frontend: first card visible',
      'login limiter (memory): failed logins/s',
      'login limiter (redis): failed logins/s',
      'events by 2 partitions (processes)',
      'library: longest event-loop hold in the server during undo',
      'copied by npm run migrate',
      'migrate: users whose rebuilt read model is the same in the copy',
      "public reads (shipped rate): a signed-in user's read p99",
      "password flood (embedded): other users' login p50",
      'kept answers (embedded,',
      'catalogue: 2,000 videos imported through the API',
      'catalogue: restart with 2,000 videos',
      'live: 200 idle changes streams, server memory per stream',
      'live: change delivery p99 on 200 streams',
      'import: 500 videos with 40 catalogue + 20 user streams',
      "import: another user's read p99 during it, with the streams open / alone",
      'metrics: GET /api/user/likes req/s with METRICS_PORT on',
    ]) {
      expect(stdout).toContain(figure);
    }
    expect(stdout).toMatch(/\| (PASS|MISS)/);
    expect(existsSync(resultsFile)).toBe(true);
    const results = readFileSync(resultsFile, 'utf8');
    expect(results).toMatch(/CPU cores \(`os.cpus\(\).length`\) \| \d+/);
    expect(results).toContain(`| Node | ${process.version} |`);
    expect(results).toMatch(/\| (PASS|MISS) \|/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);

// Child processes of the bench: a private redis-server and the real server (`node backend/dist/entry-points/main.js`).
// Every child is killed by its own handle when the bench ends, however it ends.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { DIST, ROOT, freePort, sleep } from './util.mjs';

const children = new Set();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

function track(child, label) {
  let output = '';
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => (children.delete(child), resolve({ code, signal }))));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  return { child, pid: child.pid, label, output: () => output, exited, stop };
}

function ping(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/** A private redis-server on a free loopback port (never the machine's 6379), no persistence. */
export async function startRedis() {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const proc = track(
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      'redis-server',
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && proc.child.exitCode === null) {
      if (await ping(port)) return { ...proc, port, url: `redis://127.0.0.1:${port}` };
      await sleep(50);
    }
    await proc.stop();
    if (attempt >= 3) throw new Error(`redis-server did not start:\n${proc.output()}`);
  }
}

/** Starts a node script and waits until `readyPath` answers 200 (or, for a script without HTTP, until it prints `readyLine`). */
export async function startNode(
  script,
  env,
  { readyPath = '/api/categories', readyLine, label = script, args = [], timeoutMs = 60_000 } = {},
) {
  const port = await freePort();
  const proc = track(
    spawn(process.execPath, [...args, script], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    label,
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${label} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    const up = readyLine
      ? readyLine.test(proc.output())
      : await fetch(`${url}${readyPath}`).then(
          (r) => r.ok,
          () => false,
        );
    if (up) return { ...proc, port, url };
    await sleep(100);
  }
  await proc.stop();
  throw new Error(`${label} did not answer within ${timeoutMs} ms:\n${proc.output()}`);
}

export const MAIN = join(DIST, 'entry-points', 'main.js');

/**
 * The app as the frontend benches show it to a browser: production, on the embedded defaults (SQLite file, memory
 * read model) in its own DATA_DIR, without request lines. `staticDir` serves another frontend build than
 * frontend/dist. The same environment runs the entry points that must share its store (e.g. `operator grant`).
 */
export function pageServerEnv({ dataDir, staticDir }) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: 'page-server-jwt-secret-'.padEnd(48, 'x'),
    EMAIL_INDEX_SECRET: 'page-server-email-index-secret-'.padEnd(48, 'x'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(staticDir && { STATIC_DIR: staticDir }),
  };
}

export function startPageServer({ dataDir, staticDir, label = 'app' }) {
  return startNode(MAIN, pageServerEnv({ dataDir, staticDir }), { label });
}

/** The real server, configured as in production (NODE_ENV=production, Redis read model). */
export function startApp({ dataDir, redisUrl, prefix, jwtSecret, env = {}, main = MAIN, nodeArgs = [] }) {
  return startNode(
    main,
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      JWT_SECRET: jwtSecret,
      // Production refuses to start without it (emails are reserved under its keyed hash).
      EMAIL_INDEX_SECRET: 'bench-email-index-secret-'.padEnd(48, 'x'),
      // Production defaults: a JSON request line per request at `info` (bench/RESULTS.md: the reads benchmark must
      // keep ≥ 0.8 of the bare server with them on). BENCH_LOG_LEVEL=warn measures without them.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
      // Load generators write from one address and as one user far faster than people: the rates are
      // not what is measured here (the login limiter experiment sets its own).
      SIGNUP_LIMIT_PER_ADDRESS: '1000000',
      WRITE_LIMIT_PER_USER: '1000000',
      ...env,
    },
    {
      label: 'app',
      args: [
        ...nodeArgs,
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
        // What-if experiments only (bench/experiments/): the published figures never use a preload.
        ...(process.env.BENCH_APP_PRELOAD ?? '')
          .split(',')
          .filter(Boolean)
          .flatMap((file) => ['--require', join(ROOT, file)]),
      ],
    },
  );
}

/** Waits until the projector holds the lease and the read model shows every stored event. */
export async function waitCaughtUp(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await fetch(`${url}/api/health`).then(
      (r) => r.json(),
      (e) => ({ error: String(e) }),
    );
    if (last?.projector?.role === 'active' && last.projector.lag === 0) return last;
    await sleep(100);
  }
  throw new Error(`projector did not catch up within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Runs a command to completion, collecting its output. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const proc = track(spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options }), command);
    proc.exited.then(({ code, signal }) => {
      if (code === 0) resolve(proc.output());
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${proc.output()}`));
    });
    proc.child.once('error', reject);
  });
}

/**
 * A server's memory now: its resident set (/proc/<pid>/status VmRSS) and the V8 heap its preloaded probe
 * (bench/lib/memory-probe.cjs) last wrote to `probeFile` (NaN before the first reading).
 */
function memoryOf(app, probeFile) {
  const status = readFileSync(`/proc/${app.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
  let heapUsed = NaN;
  try {
    heapUsed = JSON.parse(readFileSync(probeFile, 'utf8')).heapUsed;
  } catch {
    // No probe reading yet.
  }
  return { rss, heapUsed };
}

/** Memory once it has settled: the lowest of a few readings a second apart (the probe writes every 500 ms). */
export async function settledMemory(app, probeFile, seconds = 5) {
  let best = { rss: Infinity, heapUsed: Infinity };
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    const now = memoryOf(app, probeFile);
    best = { rss: Math.min(best.rss, now.rss), heapUsed: Math.min(best.heapUsed, now.heapUsed) };
  }
  return best;
}

/** The server's event-loop figures since the last call (ms: max, p99, p50, cpuMax…), from bench/lib/loop-delay-probe.cjs. */
export async function loopDelay(app, file) {
  rmSync(file, { force: true });
  app.child.kill('SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 10) {
    if (waited > 10_000) throw new Error('the loop-delay probe did not answer');
    await sleep(10);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

// Password flood behind a token (SECURITY.md §5): one signed-in account sends wrong passwords to
// DELETE /api/user ({password}, 403 when wrong) and POST /api/user/password ({currentPassword,
// newPassword}, 400 when wrong), in turn, from BENCH_FLOOD_CONNECTIONS (16) keep-alive connections back to
// back, with the write rate as shipped (60 per 3 s per user), while BENCH_FLOOD_USERS (20) other accounts
// log in with their right passwords one after another (a success never counts against an email or the
// address). BENCH_FLOOD_SECONDS (15 s) of flood and as long idle, in BENCH_FLOOD_ROUNDS (3) alternating
// rounds (idle, then flood) so that a change in the machine's load hits both alike. Figures: the logins'
// p50/p99 idle and beside the flood (target: flood p50 ≤ 2 × idle p50), and the flood's answers: passwords
// checked (403/400, an scrypt hash each; the account's login limit allows LOGIN_LIMIT_PER_EMAIL = 10 per
// 15 minutes) and 429s told apart by message (too many wrong passwords, too many writes). The flood runs
// in a process of its own (bench/lib/flood-client.cjs) at nice 19: an attacker's CPU is not the server's,
// and on 2 shared cores a load generator at full priority would measure itself. The real server
// (production settings), once per BENCH_FLOOD_STORES entry: `embedded` (in-process limiter, SQLite key
// store) and `redis` (Redis read model, limiter and keys). BENCH_FLOOD_BEFORE_MAIN=<main.js of another
// build> runs the same on that build too (e.g. /tmp/base/backend/dist/entry-points/main.js, before the checks counted).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from '../lib/api.mjs';
import { Client } from '../lib/http-client.mjs';
import { MAIN, startApp } from '../lib/processes.mjs';
import { BENCH_DIR, cpuMs, envNumber, summarise } from '../lib/util.mjs';

const PASSWORD = 'benchpass123'; // bench/lib/api.mjs signUp's
const FLOOD = [
  { method: 'DELETE', path: '/api/user', body: { password: 'not-the-password-1' } },
  { method: 'POST', path: '/api/user/password', body: { currentPassword: 'not-the-password-2', newPassword: 'a-new-password-123' } },
];

/** bench/lib/flood-client.cjs in a process of its own: its counts. */
function flood(url, token, connections, seconds) {
  return new Promise((resolve, reject) => {
    const config = JSON.stringify({ url, token, connections, seconds, requests: FLOOD });
    // At the lowest priority: the attacker's CPU is not the server's (on this machine they share 2 cores), so
    // the flood takes only what the server and the timed logins leave; what it costs the server is measured.
    const child = spawn('nice', ['-n', '19', process.execPath, join(BENCH_DIR, 'lib', 'flood-client.cjs'), config], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood client exited with ${code}: ${err.slice(-500)}`)),
    );
  });
}

/** Logins with the right password, one after another over `users`, for `seconds`: their latencies (ms). */
async function logins(url, users, seconds) {
  const client = new Client(url, '');
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const { email } = users[i % users.length];
    latencies.push((await client.timed('POST', '/api/auth/login', { email, password: PASSWORD }, 200)).ms);
  }
  client.close();
  return latencies;
}

/** The floods' answers: wrong-password answers (each an scrypt hash) and the 429s by message. */
function answersOf(hammers) {
  const byMessage = {};
  for (const h of hammers) for (const [label, n] of Object.entries(h.byMessage)) byMessage[label] = (byMessage[label] ?? 0) + n;
  const total = hammers.reduce((n, h) => n + h.total, 0);
  const count = (test) =>
    Object.entries(byMessage)
      .filter(([label]) => test(label))
      .reduce((n, [, c]) => n + c, 0);
  const wrong = count((l) => l.startsWith('403 ') || l.startsWith('400 '));
  const refusedPasswords = count((l) => l.startsWith('429 Too many wrong passwords'));
  const refusedWrites = count((l) => l.startsWith('429 Too many changes'));
  return {
    total,
    perSecond: total / hammers.reduce((n, h) => n + h.seconds, 0),
    wrong,
    refusedPasswords,
    refusedWrites,
    other: total - wrong - refusedPasswords - refusedWrites,
    errors: hammers.reduce((n, h) => n + h.errors, 0),
    byMessage,
  };
}

async function measure({ build, main, store, redis, jwtSecret, seconds, rounds, connections, userCount, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-flood-${store}-`));
  const prefix = `bench-flood-${build}-${Date.now().toString(36)}`;
  const app = await startApp({
    dataDir,
    ...(store === 'redis' && { redisUrl: redis.url, prefix }),
    jwtSecret,
    main,
    // The write rate as shipped (startApp lifts it for the load benchmarks); the login limits are the defaults.
    env: { WRITE_LIMIT_PER_USER: '60', WRITE_LIMIT_WINDOW_SECONDS: '3' },
  });
  try {
    const users = [];
    for (let i = 0; i < userCount; i++) users.push(await signUp(app.url, `login${i}`));
    const attacker = await signUp(app.url, 'attacker');
    await logins(app.url, users, 2); // warm-up (JIT, sockets), not counted
    // Idle and flood phases alternate (`rounds` of each, seconds / rounds long), so that a change in the
    // machine's load hits both alike.
    const phase = seconds / rounds;
    const idleLatencies = [];
    const busyLatencies = [];
    const hammers = [];
    let idleCpuMs = 0;
    let busyCpuMs = 0;
    for (let r = 0; r < rounds; r++) {
      let cpu = cpuMs(app.pid);
      idleLatencies.push(...(await logins(app.url, users, phase)));
      idleCpuMs += cpuMs(app.pid) - cpu;
      cpu = cpuMs(app.pid);
      const [latencies, hammer] = await Promise.all([logins(app.url, users, phase), flood(app.url, attacker.token, connections, phase)]);
      busyCpuMs += cpuMs(app.pid) - cpu;
      busyLatencies.push(...latencies);
      hammers.push(hammer);
    }
    for (const u of [...users, attacker]) u.client.close();
    const [idle, busy] = [summarise(idleLatencies), summarise(busyLatencies)];
    const answers = answersOf(hammers);
    log(
      `password-flood/${build}/${store}: logins p50 ${idle.p50.toFixed(1)} / p99 ${idle.p99.toFixed(1)} ms idle (${idle.count}), ` +
        `p50 ${busy.p50.toFixed(1)} / p99 ${busy.p99.toFixed(1)} ms beside the flood (${busy.count}); flood ${answers.total} requests ` +
        `(${answers.perSecond.toFixed(0)}/s): ${answers.wrong} wrong-password answers, ${answers.refusedPasswords} × 429 passwords, ` +
        `${answers.refusedWrites} × 429 writes, ${answers.other} other, ${answers.errors} errors; server CPU ${idleCpuMs} ms idle, ${busyCpuMs} ms busy`,
    );
    return { build, store, idle, busy, answers, idleCpuMs, busyCpuMs };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function passwordFloodBenchmark({ redis, jwtSecret, log }) {
  const seconds = envNumber('BENCH_FLOOD_SECONDS', 15);
  const connections = envNumber('BENCH_FLOOD_CONNECTIONS', 16);
  const rounds = envNumber('BENCH_FLOOD_ROUNDS', 3);
  const userCount = envNumber('BENCH_FLOOD_USERS', 20);
  const stores = (process.env.BENCH_FLOOD_STORES || 'embedded,redis').split(',');
  const builds = [['now', MAIN]];
  if (process.env.BENCH_FLOOD_BEFORE_MAIN) builds.push(['before', process.env.BENCH_FLOOD_BEFORE_MAIN]);
  const results = [];
  for (const [build, main] of builds)
    for (const store of stores)
      results.push(await measure({ build, main, store, redis, jwtSecret, seconds, rounds, connections, userCount, log }));
  return { seconds, rounds, connections, userCount, results };
}

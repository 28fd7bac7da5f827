// The method notes, and for every target missed what limits it and what would fix it. The causes
// were found with BENCH_CPU_PROF (node --cpu-prof on the server) and the what-if preloads in
// bench/experiments/, which change the running server the way the recommended source change would.
import os from 'node:os';
import { fmt } from './lib/util.mjs';

const WHAT_IF = [
  '## What-if measurements (bench/experiments/, not part of the figures above)',
  '',
  'Measured on this machine on 2026-11-21 while preparing the bench, with the backend of that moment (the',
  'tree changed under it: the activity timeline and its batched writes arrived meanwhile). Variants ran side by',
  'side in interleaved rounds (`node bench/experiments/ab.mjs reads|writes "name=preload,…" …`) or back to back',
  'on one generated log of 300 083 events; other agents were running test suites (load average 2–8), so read',
  'the ratios within a row, not the absolute numbers.',
  '',
  '| Change (how it was emulated) | Figure | Before | After |',
  '|---|---|---|---|',
  '| JWT secret as a KeyObject (`jwt-keyobject.cjs` preload) | jsonwebtoken verify, microbenchmark | 423 µs | 8 µs |',
  '| same | reads: server CPU per request | 0.77 ms | 0.29 ms |',
  '| same | reads: req/s at 50 connections (baseline ≈ 8 100) | 1,222 | 3,123 |',
  '| same | writes: server CPU per write, 10 concurrent | 1.51 ms | 0.90 ms |',
  '| + fenced apply as one Lua script (`lua-apply.cjs` preload) | writes: server CPU per write, 10 concurrent | 0.90 ms | 0.79 ms |',
  '| `node --max-semi-space-size=64` for replay.main.js | replay events/s, two interleaved pairs | 27,210 / 22,728 | 34,739 / 30,483 |',
  '| Lua apply + one batch in flight (`lua-apply.cjs`, `LUA_APPLY_PIPELINE=1`), 16:22, before the batched activity writes | replay events/s | 36,762 | 51,985 |',
  '',
  "Every replayed read model of these experiments was compared with the unmodified replay's key by key (34 961",
  'keys: types, values, members and scores): identical.',
  '',
];

export function analysis(rows, r, cfg) {
  const out = [];
  out.push('## Method', '');
  out.push(
    `- **Reads**: \`GET /api/user/likes\` for a user who liked all 12 videos (liked through the API), autocannon with ${cfg.readConnections} connections for ${cfg.seconds} s per phase, baseline and app alternating for ${cfg.readRounds} round(s); medians of the rounds. The server is \`node backend/dist/main.js\` as a child process with \`NODE_ENV=production\`, \`LOG_LEVEL=warn\` (no line per request), a temp \`DATA_DIR\` and \`REDIS_URL\` pointing at a private redis-server on a free loopback port. The baseline (bench/baseline-server.mjs) is a bare \`node:http\` server with one ioredis connection: one \`ZRANGE <prefix>:<namespace>:{userId}:list:likes 0 -1\` (namespace from \`<prefix>:active\`, else \`main\`, re-read at most once a second like the app), hydration from \`backend/dist/catalogue/catalogue.data.js\`, the same JSON (checked equal before measuring). The baseline does **not** verify the token (it reads the user id from its payload), does not read the user's profile (the app's AuthGuard does: a second Redis GET), and sends no security headers.`,
    `- **Writes**: ${cfg.writeConcurrency} users signed up through the API; each worker alternates \`POST /api/user/likes\` and \`DELETE /api/user/likes/:id\` on its own keep-alive connection; every answer has waited for the projection (read-your-writes) and carries the list. Against \`SqliteEventStore.appendToStream\` from backend/dist called directly in the bench process on a file in the same temp directory, opened by the adapter itself (WAL, synchronous=FULL), appending the same events (VideoLiked / VideoUnliked, one per call, with the expected revision like the command runner), one stream per worker. Sequential (1) and ${cfg.writeConcurrency} concurrent; raw and API phases of ${cfg.seconds / 2} s alternate for ${cfg.writeRounds} round(s), medians kept. p50/p99 are per request (per append for raw).`,
    `- **Growth**: before the server starts, the adapter writes a \`UserSignedUp\` and a history stream of ${fmt.int(cfg.growthShortEvents)} and of ${fmt.int(cfg.growthEvents)} events (VideoWatched / VideoRemovedFromHistory alternating) for two users; the server starts on that store, the projector catches up, then the first POST + DELETE of each user is timed on its own (the command runner's cache is empty, so it folds the whole stream once), then ${cfg.growthRequests} POST + DELETE \`/api/user/history\` pairs per user, sequential, alternating users. Tokens are signed with the server's \`JWT_SECRET\`.`,
    `- **Replay**: bench/generate-events.mjs generates about ${fmt.int(cfg.replayEvents)} events with the logic of test/support/event-generator.ts (same seed, same users and events: checked row for row against the TypeScript generator), bulk-loaded into a store file created by the adapter. Then \`node backend/dist/replay.main.js\` (what \`npm run replay\` runs after its build step) replays it into the private Redis under a fresh prefix; the figure is the events/s the replay prints (its own clock, from start to the namespace switch). \`redis-benchmark -P 64 -t set -n ${fmt.int(cfg.redisBenchmarkRequests)} -q\` runs on the same redis-server right after. Nothing else runs meanwhile.`,
    `- **Frontend**: the files of frontend/dist/assets, gzip with zlib **level 9** (as frontend/scripts/measure-bundle.mjs). First card: headless Debian Chromium (playwright-core, the flags of ARCHITECTURE.md), a new browser context per load (empty cache), every non-loopback request aborted with \`context.route\`, \`page.goto('/')\`; an init script records \`performance.now()\` (ms since navigation start) when the first \`article.video-card\` (frontend/src/components/video-card.tsx) is in the page with a non-empty box and not \`visibility: hidden\` (Playwright's "visible"). One unrecorded warm-up load, then the median of ${cfg.pageLoads}.`,
    '- Every server, redis-server and Chromium is a child of the bench, killed by its own handle at the end.',
    '',
  );

  const missed = rows.filter((row) => row.result === 'MISS');
  out.push('## Targets missed: what limits them and what would fix them', '');
  if (missed.length === 0) out.push('None.', '');
  const keys = new Set(missed.map((row) => row.key));

  if (keys.has('reads-rps') || keys.has('reads-p99')) {
    const app = r.reads.app;
    const base = r.reads.baseline;
    out.push('### Reads', '');
    out.push(
      `**Limit: CPU per request in the server.** The app spends ${app.cpuMsPerRequest.toFixed(3)} ms of CPU per answered request against ${base.cpuMsPerRequest.toFixed(3)} ms for the bare server (${fmt.x(app.cpuMsPerRequest / base.cpuMsPerRequest)}); with autocannon, redis-server and the server sharing ${os.cpus().length} cores, req/s follows CPU per request. A CPU profile of the server under this load (\`BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=reads npm run bench\`) shows more than half of the busy main thread in \`jsonwebtoken\` verify → \`crypto.createPublicKey\`: given the secret as a **string**, jsonwebtoken 9 first tries to parse it as a PEM/DER public key on every verify (and sign), which throws, and only then makes a secret key of it — 423 µs per verify against 8 µs with a \`KeyObject\` (microbenchmark on this machine). The rest is spread over Nest's router and guard pipeline, the nestjs-pino request middleware (run through @fastify/middie and AsyncLocalStorage even at \`LOG_LEVEL=warn\`), the AuthGuard's profile read (a second Redis round trip per request), the security headers and the 10 kB JSON.`,
      '',
      `**p99**: with ${cfg.readConnections} connections in a closed loop, mean latency = connections ÷ throughput (Little's law): ${fmt.int(app.rps)} req/s means ≈ ${fmt.ms((cfg.readConnections / app.rps) * 1000)} on average, so p99 ≤ 10 ms needs roughly ≥ 7 000 req/s with a tight tail — the bare baseline itself reaches ${fmt.ms(base.p99)} p99 at ${fmt.int(base.rps)} req/s here. The p99 target follows from the CPU fixes, not from anything latency-specific.`,
      '',
      '**Fixes, in order of effect:**',
      "1. `backend/src/auth/token.service.ts`: hand jsonwebtoken a `KeyObject` made once — `import { createSecretKey } from 'node:crypto'` and `new JwtService({ secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')), signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresInSeconds } })` (`JwtModuleOptions.secret` is `jwt.Secret`, which includes `KeyObject`; the HMAC key bytes are the same, so every issued token stays valid). One line, no behaviour change; measured below: 0.77 → 0.29 ms CPU per request, 2.6× the req/s. Not made here (backend source): it is the one change to make first.",
      '2. `backend/src/read-model/redis-read-model.ts` `user()`: profiles never change after `UserSignedUp` (no event edits them), so keep them in a small in-process LRU (e.g. 10 000 entries, keyed by namespace and id); the AuthGuard then costs no Redis round trip on a hit.',
      "3. `backend/src/app.module.ts` / `backend/src/logging/logger-options.ts`: at a level above `info` nothing per request is ever written, yet nestjs-pino's middleware still runs for every request (child logger, AsyncLocalStorage, on-finished listener): register the LoggerModule middleware only when `config.logLevel` is `info`, `debug` or `trace` (or use Fastify's own `logger` option in `app.factory.ts`, which creates the per-request logger without middie).",
      "4. For the last factor: serve the hot `GET /api/user/:list` routes as plain Fastify routes (`fastify.get(…)` with the same guard logic as a `preHandler` and a JSON response schema so that fast-json-stringify serialises), bypassing Nest's per-request execution context. That is what it takes to be within 60 % of a bare `node:http` server on this machine's shared cores.",
      '',
    );
  }

  if (keys.has('writes')) {
    const c = r.writes.concurrency;
    const api = r.writes[`api${c}`];
    const raw1 = r.writes.raw1;
    out.push('### Writes', '');
    out.push(
      `**Limit: an API write does an order of magnitude more work than an append.** On this virtual disk an fsync'd WAL commit takes ${fmt.ms(raw1.p50)} (p50), so the raw adapter appends ${fmt.int(raw1.perSecond)}/s; a write through the API costs ${api.appCpuMsPerWrite.toFixed(2)} ms of server CPU (${c} concurrent): HTTP parsing, JWT verify (≈ 0.42 ms alone, see Reads), the AuthGuard's Redis GET, validation (class-validator / class-transformer), the CommandBus, the append (better-sqlite3 is synchronous: the fsync blocks the event loop), then the projector (read the new rows, WATCH + GET + MULTI…EXEC: three Redis round trips per batch), the read-your-writes wait, the list read (ZRANGE) and the JSON answer. Sequentially each of these round trips adds latency; with ${c} writers the server's single thread is the bottleneck.`,
      '',
      '**Fixes:**',
      '1. The `KeyObject` JWT secret (Reads, fix 1): measured 1.51 → 0.90 ms CPU per write.',
      "2. `backend/src/read-model/redis-read-model.ts` `apply()`: one Lua script per batch (`defineCommand`) that compares the checkpoint with the expected one, runs the batch's commands and sets the checkpoint — atomic like WATCH/MULTI, one round trip instead of three and one client-side command instead of one per change (emulated by bench/experiments/lua-apply.cjs: 0.90 → 0.79 ms CPU per write; the same read model, compared key by key, after a replay).",
      "3. `backend/src/event-store/sqlite-event-store.ts`: group commit — appends arriving in the same tick are queued and committed in one `BEGIN IMMEDIATE` transaction (each append's revision check under its own SAVEPOINT, so one conflict fails only its command), one fsync for the group; better still, run the store in a `worker_threads` worker so that the fsync no longer blocks the event loop. Raw appends called one at a time stay at one fsync each, so this is where the API can catch up under concurrency.",
      '4. The cache of user profiles (Reads, fix 2) also saves a round trip per write.',
      '',
    );
  }

  if (keys.has('growth')) {
    out.push(
      '### Growth',
      '',
      "The long stream's p50 exceeds 1.5 × the short one: check `backend/src/commands/shared/command-runner.ts` (the folded-state cache must be hit: `readStream` from `revision + 1`) and that `SELECT … WHERE stream = ? AND revision >= ?` uses the (stream, revision) index.",
      '',
    );
  }

  if (keys.has('replay')) {
    const p = r.replay;
    out.push('### Replay', '');
    out.push(
      `**Limit: the replay process, which waits half the time and collects garbage much of the rest.** redis-server was busy ${fmt.pct(p.redisCpuShare)} of the replay and takes ${fmt.int(p.setPerSecond)} pipelined SET/s; the replay sends ${p.redisCommandsPerEvent.toFixed(2)} Redis commands per event. A CPU profile of \`replay.main.js\` (\`node --cpu-prof\`, 300 083 events) shows the main thread idle ≈ 35 % (the loop is strictly sequential: while Redis executes batch N the replay waits, while the replay reads and projects batch N+1 Redis idles), the garbage collector ≈ 26 % (a 5 000-event batch's rows, events, changes and ioredis \`Command\` objects all stay alive until EXEC answers, so they outlive the default 16 MB young generation and get copied), reading and JSON-parsing rows ≈ 8 %, ioredis encoding ≈ 11 %.`,
      '',
      '**Fixes:**',
      "1. Root `package.json`, scripts `replay` (and `projector`): `node --max-semi-space-size=64 backend/dist/replay.main.js` (the same flag in the Dockerfile's command for a replay run in the image). One flag; measured +28 % and +34 % in two interleaved pairs.",
      "2. `backend/src/replay/replay.ts` `catchUp()`: keep one batch in flight — issue `model.apply(batch N+1)` before awaiting batch N's promise (Redis runs one connection's commands in order, so each fenced check still sees the previous checkpoint), and await the last one before seizing the lease / switching.",
      '3. `backend/src/read-model/redis-read-model.ts` `apply()`: one Lua script per batch (Writes, fix 2) — one client-side command per batch instead of one per change, and one round trip instead of three. With fix 2 it measured 36.8k → 52.0k events/s (before the batched activity writes).',
      '4. `backend/src/event-store/sqlite-event-store.ts` `toRecorded`: `metadata` is parsed for every event although projections never read it; parse lazily, and let replay read larger batches (`maxBatch` 5 000 is already used) with only the columns it needs.',
      '',
    );
  }

  if (keys.has('js')) {
    out.push(
      '### Frontend JavaScript',
      '',
      'Split routes with `React.lazy` in `frontend/src/app/router.tsx` (player, playlists, login, activity pages) so the home page loads only what it needs; check `vite build --mode production` minifies.',
      '',
    );
  }
  if (keys.has('first-card')) {
    out.push(
      '### First card',
      '',
      'The home page waits for `/api/videos` after the bundle has run; inline the catalogue into `index.html` at build time or preload it (`<link rel="preload" href="/api/videos" as="fetch" crossorigin>`), and split the bundle (see above).',
      '',
    );
  }

  const g = r.growth;
  if (g) {
    out.push('### Not a target, but worth knowing', '');
    out.push(
      `- Growth is flat once the command runner's cache holds a stream, but the **first** write to a ${fmt.int(cfg.growthEvents)}-event stream after a start took ${fmt.ms(g.firstLong[0])} (it reads and folds every event). Snapshots would bound it: every N events (say 1 000) the runner stores the folded state with its revision (a \`snapshots\` table in the SQLite adapter, a \`$snapshot-<stream>\` stream on EventStoreDB), and \`CommandRunner.load\` in \`backend/src/commands/shared/command-runner.ts\` starts from the latest snapshot instead of revision 0. The cache is also per process and capped at 10 000 streams (\`folded-state-cache.ts\`): a busy instance re-folds evicted streams.`,
      '',
    );
  }
  out.push(...WHAT_IF);
  return out.join('\n');
}

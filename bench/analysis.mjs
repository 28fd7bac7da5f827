// The method notes, for every target missed what limits it and what is left to try, and the record of
// what was changed for issue 6 with its side-by-side measurements. The causes were found with
// BENCH_CPU_PROF (node --cpu-prof on the server), bench/experiments/profile-summary.mjs and the
// interleaved what-if runs of bench/experiments/ (ab.mjs, replay-ab.mjs, build-variant.mjs).
import os from 'node:os';
import { fmt, replayNodeFlags } from './lib/util.mjs';

const CHANGES = [
  '## What was changed for issue 6, and what each change measured',
  '',
  'Measured on this machine on 2026-11-21, while three other agents ran test suites on the same 2 cores (load',
  'average in brackets): read each row as a ratio between the variants of its own run, not as absolute figures.',
  'Variants were builds of the tree with and without the change (`bench/experiments/build-variant.mjs`), run side by',
  'side in interleaved rounds by `bench/experiments/ab.mjs` (reads: autocannon, 50 connections, 4–5 s per round;',
  'writes: 10 concurrent like/unlike loops, 4 s per round) and `bench/experiments/replay-ab.mjs` (one generated log of',
  "300 083 events; every variant's read model was then compared key by key with the first: 34 961 keys, identical).",
  "CPU is the server process's user + system CPU per answered request or write (all its threads). Ablation runs",
  'remove one change from the finished tree.',
  '',
  '| Change | Where | Run | Without | With |',
  '|---|---|---|---|---|',
  '| No request-logging middleware when the level is above `info` (it wrote no line, yet ran through middie, a child logger and an AsyncLocalStorage whose promise hooks tax every await); the lines of 5xx answers come from an `onResponse` hook instead | `logging/` | reads, 4 rounds [1.2] | 0.261 ms, 3,111 req/s | 0.199 ms, 4,711 req/s |',
  '| + verified tokens remembered (exact bytes; expiry checked on every use), profiles cached 5 s, the Lua apply below | `auth/token.service.ts`, `read-model/redis/redis-read-model.ts` | reads, 4 rounds [1.6]; bare baseline 5,991 req/s | 0.226 ms, 3,285 req/s | 0.132 ms, 5,532 req/s |',
  '| + catalogue videos encoded to UTF-8 JSON once, a list answer being their bytes joined (a Fastify reply serializer; the same bytes as `JSON.stringify`), and the security-header sets made once | `json-reply.ts`, `app.factory.ts`, `http-security.ts` | reads, 4 rounds [3.4]; bare 7,933 req/s | 0.118 ms, 6,014 req/s | 0.064 ms, 9,421 req/s |',
  '| the token cache alone | `auth/token.service.ts` | reads ablation, 4 rounds [4–6] | 0.091 ms, 6,767 req/s | 0.068 ms, 8,804 req/s |',
  '| the encoded JSON alone | `json-reply.ts` | same run | 0.108 ms, 6,151 req/s | 0.068 ms, 8,804 req/s |',
  '| ioredis auto-pipelining (the commands of one tick leave in one socket write) | `RedisReadModel.connect` | same run | 0.068 ms, 7,752 req/s | 0.068 ms, 8,804 req/s |',
  '| the profile cache alone (redis-server CPU per request in brackets) | `RedisReadModel.user` | reads ablation, 6 rounds [≈ 6] | 0.073 ms (0.005), 10,323 req/s | 0.064 ms (0.003), 13,229 req/s |',
  '| the header sets made once, alone | `http-security.ts` | same run | 0.067 ms, 10,308 req/s | 0.064 ms, 13,229 req/s |',
  '| A batch applied by one Lua script (fencing check, commands, new checkpoint: one round trip) instead of WATCH + GET + MULTI…EXEC, with the read changes | `read-model/redis/redis-batch.ts`, `RedisReadModel.apply` | writes, 4 rounds [≈ 5] | 0.546 ms, 1,330 writes/s | 0.393 ms, 1,818 writes/s |',
  '| Appends on their own connection in a worker thread: the fsync no longer stops the event loop (an append still resolves only after its COMMIT) | `event-store/sqlite/sqlite-event-store.ts` | writes, 6 rounds [≈ 4.5] | 0.496 ms, 939 writes/s | 0.518 ms, 1,231 writes/s |',
  '| A subscription skips the read that would find nothing after a short batch | `event-store/sqlite/sqlite-event-store.ts` | writes, 8 rounds [1] | 0.446 ms, 2,591 writes/s | 0.437 ms, 2,678 writes/s |',
  '| One replay batch in flight while the next is read and projected, + the Lua apply, both with the flag below | `replay/replay.ts` | replay, 4 rounds [2–4] | 68,336 events/s | 98,269 events/s |',
  '| `node --max-semi-space-size=64` for the replay (and projector) scripts, before the other replay changes | root `package.json` | replay, 2 rounds [≈ 4] | 48,502 events/s | 63,530 events/s |',
  '| Snapshots of folded state every 200 events (Redis, or `snapshots.sqlite`), checked against the stream (same event id at their revision) before use | `commands/shared/command-runner.ts`, `snapshots/` | growth: first write to the 100 000-event stream after a restart, one run [≈ 1] | 501 ms (session 2 result) | see the growth rows above |',
  '',
  'Tried and not kept: `PRAGMA mmap_size` on the reading connection, to cheapen the reads that follow a commit of the',
  "append worker (that commit empties the reading connection's page cache: a read right after an append costs ≈ 50 µs",
  'instead of ≈ 10): no difference in a microbenchmark. Replay comparisons run at load 4–6 contradicted the calmer',
  'ones (a variant faster in every round at load 2 was slower at load 5); they were repeated, and the rows above are',
  "the calmer runs; within a run, req/s differences larger than the CPU differences are that run's noise. Not tried: group commit (several appends in one transaction): raw concurrent appends through the",
  'same adapter would gain as much, so it cannot move the writes ratio, and one fsync per append is what both figures',
  'measure.',
  '',
];

export function analysis(rows, r, cfg) {
  const replayCommand = ['node', ...replayNodeFlags(), 'backend/dist/entry-points/replay.main.js'].join(' ');
  const out = [];
  out.push('## Method', '');
  out.push(
    `- **Reads**: \`GET /api/user/likes\` for a user who liked all 12 videos (liked through the API), autocannon with ${cfg.readConnections} connections for ${cfg.seconds} s per phase, baseline and app alternating for ${cfg.readRounds} round(s); medians of the rounds. The server is \`node backend/dist/entry-points/main.js\` as a child process with \`NODE_ENV=production\`, \`LOG_LEVEL=${process.env.BENCH_LOG_LEVEL || 'info'}\` (the production default \`info\` writes one JSON request line per request to stdout, which the benchmark reads), a temp \`DATA_DIR\` and \`REDIS_URL\` pointing at a private redis-server on a free loopback port. The baseline (bench/baseline-server.mjs) is a bare \`node:http\` server with one ioredis connection: one \`ZRANGE <prefix>:<namespace>:{userId}:list:likes 0 -1\` (namespace from \`<prefix>:active\`, else \`main\`, re-read at most once a second like the app), hydration from the app's own video answers (read once at start from \`GET /api/videos\`), the same JSON (checked equal before measuring), made with \`JSON.stringify\` for every request. The baseline does **not** verify the token (it reads the user id from its payload), does not look up the user's profile, and sends no security headers. The app does all three — the token's signature is checked once per token and remembered, the profile is read from Redis at most every 5 s per user — and writes each catalogue video's JSON bytes, encoded once, instead of stringifying them per request: that is why it can serve more than the baseline.`,
    `- **Writes**: ${cfg.writeConcurrency} users signed up through the API; each worker alternates \`POST /api/user/likes\` and \`DELETE /api/user/likes/:id\` on its own keep-alive connection; every answer has waited for the projection (read-your-writes) and carries the list. Against \`SqliteEventStore.appendToStream\` from backend/dist called directly in the bench process on a file in the same temp directory, opened by the adapter itself (WAL, synchronous=FULL; appends run on the adapter's own worker-thread connection, one transaction and one fsync each, as in the app), appending the same events (VideoLiked / VideoUnliked, one per call, with the expected revision like the command runner), one stream per worker. Sequential (1) and ${cfg.writeConcurrency} concurrent; raw and API phases of ${cfg.seconds / 2} s alternate for ${cfg.writeRounds} round(s), medians kept. p50/p99 are per request (per append for raw).`,
    `- **Growth**: before the server starts, the adapter writes a \`UserSignedUp\` and a history stream of ${fmt.int(cfg.growthShortEvents)} and of ${fmt.int(cfg.growthEvents)} events (VideoWatched / VideoRemovedFromHistory alternating) for two users; the server starts on that store, the projector catches up, then, after five POST + DELETE pairs of a third user (10 events) so that the server's own first requests are not counted, the first POST + DELETE of each user is timed on its own (the command runner's cache is empty and no snapshot exists yet, so it folds the whole stream once and saves a snapshot), then ${cfg.growthRequests} POST + DELETE \`/api/user/history\` pairs per user, sequential, alternating users; last, the server is restarted on the same store and Redis prefix and, after the same warm-up, the first POST + DELETE of each user timed again (the runner starts from the latest snapshot: it reads at most 200 events). Tokens are signed with the server's \`JWT_SECRET\`.`,
    `- **Replay**: bench/generate-events.mjs generates about ${fmt.int(cfg.replayEvents)} events with the logic of test/support/event-generator.ts (same seed, same users and events: checked row for row against the TypeScript generator), bulk-loaded into a store file created by the adapter. Then \`${replayCommand}\` (what \`npm run replay\` runs after its build step: the flags are read from package.json) replays it into the private Redis under a fresh prefix; the figure is the events/s the replay prints (its own clock, from start to the namespace switch). \`redis-benchmark -P 64 -t set -n ${fmt.int(cfg.redisBenchmarkRequests)} -q\` runs on the same redis-server right after. Nothing else runs meanwhile.`,
    `- **Migrate** (issue 18): bench/generate-events.mjs writes about ${fmt.int(cfg.migrateEvents)} events in the form of the commit before issue 18 (plaintext profiles, ids the UUIDv5 of the email, no schema versions) into a temp \`DATA_DIR\`; \`node backend/dist/entry-points/migrate.main.js <old> <new>\` (what \`npm run migrate\` runs after its build step; NODE_ENV=production, the embedded key store) copies it; the figure is the events/s it prints (from its start to the last commit of the copy) with the CPU time of all its threads beside. The bench then rebuilds both stores into memory read models (\`verifyMigration\`, the check of \`npm run migrate -- --verify\`: a user of the copy is found by their email read through the codec, ids mapped back, positions left out) and compares every user; and searches the bytes of every file of the new \`DATA_DIR\` for every user's email (any case), first and last name and password hash, after finding each of them in the old store with the same search. Any difference or find stops the bench with an error.`,
    `- **Frontend**: the files of frontend/dist/assets, gzip with zlib **level 9** (as frontend/scripts/measure-bundle.mjs). First card: headless Debian Chromium (playwright-core, the flags of bench/benchmarks/frontend.mjs), a new browser context per load (empty cache), every non-loopback request aborted with \`context.route\`, \`page.goto('/')\`; an init script records \`performance.now()\` (ms since navigation start) when the first \`article.video-card\` (frontend/src/components/video-card.tsx) is in the page with a non-empty box and not \`visibility: hidden\` (Playwright's "visible"). One unrecorded warm-up load, then the median of ${cfg.pageLoads}.`,
    '- Every server, redis-server and Chromium is a child of the bench, killed by its own handle at the end.',
    '',
  );

  const missed = rows.filter((row) => row.result === 'MISS');
  out.push('## Targets missed: what limits them and what is left to try', '');
  if (missed.length === 0) out.push('None.', '');
  const keys = new Set(missed.map((row) => row.key));

  if (keys.has('reads-rps') || keys.has('reads-p99')) {
    const app = r.reads.app;
    const base = r.reads.baseline;
    out.push('### Reads', '');
    out.push(
      `**Limit: CPU per request, shared cores.** The app spends ${app.cpuMsPerRequest.toFixed(3)} ms of CPU per answered request against ${base.cpuMsPerRequest.toFixed(3)} ms for the bare server; autocannon, redis-server and the server share ${os.cpus().length} cores (and, on this machine, other agents' test suites), so req/s follows CPU per request and the CPU left over. With ${cfg.readConnections} connections in a closed loop, mean latency = connections ÷ throughput (Little's law): ${fmt.int(app.rps)} req/s means ≈ ${fmt.ms((cfg.readConnections / app.rps) * 1000)} on average; a p99 above 10 ms at this rate comes from the tail (garbage collection, other processes taking the cores), not from the request path.`,
      '',
      "**Left to try:** what remains per request is Fastify's and Nest's own pipeline (routing, hooks, the guard and parameter resolution: see a profile with `BENCH_CPU_PROF=/tmp/prof BENCH_ONLY=reads npm run bench` and `node bench/experiments/profile-summary.mjs`) and the socket writes. Serving the hot `GET /api/user/:list` routes as plain Fastify routes would skip Nest's per-request execution context.",
      '',
    );
  }

  if (keys.has('writes')) {
    const c = r.writes.concurrency;
    const api = r.writes[`api${c}`];
    const raw = r.writes[`raw${c}`];
    out.push('### Writes', '');
    out.push(
      `**Limit: the CPU of an API write against a raw append's fsync.** A raw append costs the bench process little CPU and waits for one fsync on the adapter's worker thread: ${fmt.int(raw.perSecond)} appends/s at ${c} concurrent. An API write waits for the same fsync (off the event loop, so ${c} writes overlap it) but also costs ${api.appCpuMsPerWrite.toFixed(2)} ms of server CPU: HTTP parsing, the guard, validation (class-validator / class-transformer), the CommandBus, the command runner's stream read, the append's message to the worker, the projector (read the new rows — the first read after the worker's commit refills the page cache — and one Lua script in Redis), the read-your-writes wait, the list read (ZRANGE) and the answer; plus the bench's HTTP client and redis-server on the same ${os.cpus().length} cores. The ratio therefore moves with the disk's fsync time and with the CPU other processes leave.`,
      '',
      "**Left to try:** the remaining cost is spread over Nest's pipeline (validation and the CommandBus are each a few per cent of a write); snapshots do not help here (the streams are short). Feeding the projector from the appends this process just made, instead of reading them back, would save one SQLite read per batch.",
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
      `**Limit: the replay process and redis-server sharing the cores.** redis-server was busy ${fmt.pct(p.redisCpuShare)} of the replay and takes ${fmt.int(p.setPerSecond)} pipelined SET/s. The replay keeps one batch in flight (Redis runs batch N while batch N+1 is read and projected) and applies each batch as one Lua script; a profile (\`node --cpu-prof\`) shows the rest in reading and JSON-parsing rows, projecting, and encoding the script's arguments. Replays measured while other processes load the machine vary by 2× from run to run.`,
      '',
      '**Left to try:** read only the columns the projection needs and parse `metadata` lazily in `backend/src/event-store/sqlite/sqlite-event-store.ts`; a larger batch (`bench/experiments/replay-batch.mjs`).',
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
      `- The first write to a ${fmt.int(cfg.growthEvents)}-event stream that has never been snapshotted (events written before this version, or by a tool) reads and folds every event: ${fmt.ms(g.firstLong[0])} here. It then saves a snapshot, and every later process starts from the newest one (every 200 events, \`SNAPSHOT_EVERY\` in \`backend/src/commands/shared/command-runner.ts\`): after a restart the same write took ${fmt.ms(g.restartLong[0])}. Snapshots live in Redis when the deployment has one (shared by its processes), else in \`snapshots.sqlite\` beside the events. The in-process cache is capped at 10 000 streams (\`folded-state-cache.ts\`): an evicted stream is read again from its snapshot.`,
      '',
    );
  }
  out.push(...CHANGES);
  return out.join('\n');
}

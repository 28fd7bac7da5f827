// Library: time-travel (GET /api/user/library?asOf=), export (GET /api/user/export) and undo
// (POST /api/user/undo) for a user with BENCH_LIBRARY_EVENTS (100 000) events, written with the
// SqliteEventStore adapter before the server starts: likes, watch later, history and 10 playlists,
// appended round-robin in chunks of 500 so that the streams interleave and the history spans many
// moments. Measured on the real server (Redis read model and snapshot store):
//   - the first export after start (no library checkpoint yet: it folds the whole backlog, N at a time);
//   - then BENCH_LIBRARY_REQUESTS sequential rounds of asOf (a random moment of the history), export
//     and undo (each undo walks one action further back), latency of each;
//   - then 10 clients looping over asOf / export / undo for BENCH_LIBRARY_SECONDS while another
//     client's GET /api/videos are timed back to back (and the same GET alone before, for reference);
//   - during each phase, how long anything held the server's event loop: perf_hooks'
//     monitorEventLoopDelay inside the server (bench/lib/loop-delay-probe.cjs, loaded with --require),
//     its max and p99 per phase.
// BENCH_LIBRARY_BEFORE_MAIN=<main.js of another build> runs the same on that build, over a copy of
// the same data (e.g. the code before checkpoints: bench/experiments/build-variant.mjs).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../lib/http-client.mjs';
import { MAIN, loopDelay, startApp, waitCaughtUp } from '../lib/processes.mjs';
import { BENCH_DIR, DIST, signToken, sleep, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const { SqliteEventStore } = require(join(DIST, 'event-store/sqlite/sqlite-event-store.js'));
const { userIdForEmail } = require(join(DIST, 'shared/user-id.js'));
const { VIDEOS } = require(join(DIST, 'catalogue/catalogue.data.js'));

const VIDEO_IDS = VIDEOS.map((v) => v._id);
const CHUNK = 500;
const EMAIL = 'library-bench@bench.example';

/** The user's streams and how many events each gets; every generator yields consistent events (add, remove, …). */
function plan(userId, total) {
  const playlists = Array.from({ length: 10 }, () => randomUUID());
  const share = (f) => Math.floor(total * f);
  const toggle = (stream, count, add, remove, data) => ({
    stream,
    count,
    event: (i) => ({ type: i % 2 === 0 ? add : remove, data: data(VIDEO_IDS[(i >> 1) % VIDEO_IDS.length]) }),
  });
  const lists = [
    toggle(`likes-${userId}`, share(0.3), 'VideoLiked', 'VideoUnliked', (videoId) => ({ userId, videoId })),
    toggle(`watchlater-${userId}`, share(0.2), 'VideoAddedToWatchLater', 'VideoRemovedFromWatchLater', (videoId) => ({ userId, videoId })),
    toggle(`history-${userId}`, share(0.3), 'VideoWatched', 'VideoRemovedFromHistory', (videoId) => ({ userId, videoId })),
  ];
  const perPlaylist = Math.floor((total - lists.reduce((n, l) => n + l.count, 0)) / playlists.length);
  for (const [p, playlistId] of playlists.entries()) {
    lists.push({
      stream: `playlist-${playlistId}`,
      count: perPlaylist,
      event: (i) =>
        i === 0
          ? { type: 'PlaylistCreated', data: { playlistId, userId, title: `Bench ${p}` } }
          : {
              type: i % 2 === 1 ? 'VideoAddedToPlaylist' : 'VideoRemovedFromPlaylist',
              data: { playlistId, userId, videoId: VIDEO_IDS[((i - 1) >> 1) % VIDEO_IDS.length] },
            },
    });
  }
  return lists;
}

async function writeUser(store, total) {
  const userId = userIdForEmail(EMAIL);
  const user = { userId, email: EMAIL, passwordHash: 'scrypt$bench', firstName: 'Library', lastName: 'Bench' };
  await store.appendToStream(
    `user-${userId}`,
    [{ type: 'UserSignedUp', data: { ...user, createdAt: new Date().toISOString() } }],
    'no_stream',
  );
  const lists = plan(userId, total);
  const written = new Map(lists.map((l) => [l.stream, 0]));
  const moments = [];
  let events = 0;
  for (let round = 0; lists.some((l) => written.get(l.stream) < l.count); round++) {
    for (const list of lists) {
      const from = written.get(list.stream);
      if (from >= list.count) continue;
      const chunk = [];
      for (let i = from; i < Math.min(list.count, from + CHUNK); i++) chunk.push(list.event(i));
      moments.push(new Date().toISOString());
      await store.appendToStream(list.stream, chunk, from === 0 ? 'no_stream' : from - 1);
      written.set(list.stream, from + chunk.length);
      events += chunk.length;
      // Distinct milliseconds between appends: time-travel moments fall between them.
      await sleep(1);
    }
  }
  return { userId, events, moments };
}

async function measure({ name, main, sourceDir, redis, jwtSecret, user, cfg, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), `techtube-bench-library-${name}-`));
  cpSync(sourceDir, dataDir, { recursive: true });
  const prefix = `bench-library-${name}-${Date.now().toString(36)}`;
  const probeFile = join(dataDir, 'loop-delay.json');
  const app = await startApp({
    dataDir,
    redisUrl: redis.url,
    prefix,
    jwtSecret,
    main,
    env: { BENCH_LOOP_DELAY_FILE: probeFile },
    nodeArgs: ['--require', join(BENCH_DIR, 'lib', 'loop-delay-probe.cjs')],
  });
  const loop = {};
  const token = signToken(jwtSecret, { _id: user.userId, email: EMAIL });
  const clients = [];
  const client = () => (clients.push(new Client(app.url, token)), clients.at(-1));
  try {
    await waitCaughtUp(app.url, 300_000);
    const c = client();
    // The server's own first requests (code loading, JIT) on cheap routes first.
    for (let i = 0; i < 20; i++) await c.timed('GET', '/api/user/likes', undefined, 200);
    let moment = 0;
    const asOfPath = () => `/api/user/library?asOf=${encodeURIComponent(user.moments[(moment++ * 7919) % user.moments.length])}`;
    await loopDelay(app, probeFile);
    const first = (await c.timed('GET', '/api/user/export', undefined, 200)).ms;
    loop.first = await loopDelay(app, probeFile);
    log(`library/${name}: first export after start ${first.toFixed(1)} ms`);
    const rounds = name === 'after' ? cfg.libraryRequests : Math.min(cfg.libraryRequests, 10);
    const lat = { asOf: [], export: [], exportFirstByte: [], undo: [], write: [] };
    let exportBytes = 0;
    // For reference, the cost of any write here (append, then waiting until it is projected): an
    // undo is a write too. A like and its unlike of a video the user does not like.
    const spare = VIDEO_IDS[VIDEO_IDS.length - 1];
    await c.timed('DELETE', `/api/user/likes/${spare}`, undefined, 200);
    for (let i = 0; i < rounds; i++) {
      lat.write.push((await c.timed('POST', '/api/user/likes', { video: { _id: spare } }, 201)).ms);
      await c.timed('DELETE', `/api/user/likes/${spare}`, undefined, 200);
    }
    // One kind at a time, so that the loop delay of each is its own.
    await loopDelay(app, probeFile);
    for (let i = 0; i < rounds; i++) lat.asOf.push((await c.timed('GET', asOfPath(), undefined, 200)).ms);
    loop.asOf = await loopDelay(app, probeFile);
    for (let i = 0; i < rounds; i++) {
      const { ms, firstByteMs, bytes } = await c.timed('GET', '/api/user/export', undefined, 200);
      lat.export.push(ms);
      lat.exportFirstByte.push(firstByteMs);
      exportBytes = bytes;
    }
    loop.export = await loopDelay(app, probeFile);
    for (let i = 0; i < rounds; i++) lat.undo.push((await c.timed('POST', '/api/user/undo', undefined, 200)).ms);
    loop.undo = await loopDelay(app, probeFile);
    log(
      `library/${name}: event-loop delay max / p99 in the server: first export ${fmtLoop(loop.first)}; asOf ${fmtLoop(loop.asOf)}; export ${fmtLoop(loop.export)}; undo ${fmtLoop(loop.undo)}`,
    );
    log(
      `library/${name}: sequential p50 asOf ${summarise(lat.asOf).p50.toFixed(1)} ms, export ${summarise(lat.exportFirstByte).p50.toFixed(1)} ms to the first byte and ${summarise(lat.export).p50.toFixed(1)} ms to the last (${(exportBytes / 1e6).toFixed(1)} MB), undo ${summarise(lat.undo).p50.toFixed(1)} ms (a plain like: ${summarise(lat.write).p50.toFixed(1)} ms)`,
    );

    const guest = new Client(app.url, '');
    clients.push(guest);
    const videosFor = async (ms) => {
      const out = [];
      const until = performance.now() + ms;
      while (performance.now() < until) out.push((await guest.timed('GET', '/api/videos', undefined, 200)).ms);
      return out;
    };
    const idle = await videosFor(3000);
    let stop = false;
    let conflicts = 0;
    const ops = { asOf: [], export: [], undo: [] };
    const kinds = ['asOf', 'export', 'undo'];
    const workers = Array.from({ length: 10 }, async (_, w) => {
      const wc = client();
      for (let i = w; !stop; i++) {
        const kind = kinds[i % kinds.length];
        const res = await wc.request(
          kind === 'undo' ? 'POST' : 'GET',
          kind === 'asOf' ? asOfPath() : kind === 'export' ? '/api/user/export' : '/api/user/undo',
        );
        // Ten undos of one user at once conflict on the same streams: a bounded number of retries,
        // then 503 "Too many changes to this list at once" (counted, not an error of the bench).
        if (res.status === 503 && kind === 'undo') conflicts++;
        else if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${res.text.slice(0, 200)}`);
        ops[kind].push(1);
      }
    });
    await sleep(200);
    await loopDelay(app, probeFile);
    const busy = await videosFor(cfg.librarySeconds * 1000);
    loop.parallel = await loopDelay(app, probeFile);
    stop = true;
    await Promise.all(workers);
    const result = {
      name,
      first,
      asOf: summarise(lat.asOf),
      export: summarise(lat.export),
      exportFirstByte: summarise(lat.exportFirstByte),
      exportBytes,
      undo: summarise(lat.undo),
      write: summarise(lat.write),
      videosIdle: summarise(idle),
      videosBusy: summarise(busy),
      parallelOps: Object.fromEntries(kinds.map((k) => [k, ops[k].length])),
      undoConflicts: conflicts,
      loop,
    };
    log(
      `library/${name}: GET /api/videos p99 ${result.videosIdle.p99.toFixed(1)} ms (max ${result.videosIdle.max.toFixed(1)}) alone, ${result.videosBusy.p99.toFixed(1)} ms (max ${result.videosBusy.max.toFixed(1)}) beside 10 library clients (${Object.values(result.parallelOps).reduce((a, b) => a + b)} library requests, ${conflicts} undos answered 503 on conflicts); event-loop delay max / p99 meanwhile ${fmtLoop(loop.parallel)}`,
    );
    return result;
  } finally {
    for (const cl of clients) cl.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmtLoop = ({ max, p99, cpuMax }) => `${max.toFixed(1)} / ${p99.toFixed(1)} ms (CPU in the longest hold ${cpuMax.toFixed(1)} ms)`;

export async function libraryBenchmark({ cfg, redis, jwtSecret, log }) {
  const sourceDir = mkdtempSync(join(tmpdir(), 'techtube-bench-library-'));
  try {
    const store = SqliteEventStore.open(join(sourceDir, 'events.sqlite'));
    const user = await writeUser(store, cfg.libraryEvents);
    await store.close();
    log(`library: wrote ${user.events} events of one user over ${user.moments.length} appends`);
    const variants = [{ name: 'after', main: MAIN }];
    if (process.env.BENCH_LIBRARY_BEFORE_MAIN) variants.push({ name: 'before', main: process.env.BENCH_LIBRARY_BEFORE_MAIN });
    const results = [];
    for (const variant of variants) results.push(await measure({ ...variant, sourceDir, redis, jwtSecret, user, cfg, log }));
    return { events: user.events, results };
  } finally {
    rmSync(sourceDir, { recursive: true, force: true });
  }
}

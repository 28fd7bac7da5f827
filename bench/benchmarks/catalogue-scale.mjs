// The living catalogue at 100 000 videos (docs/design/catalogue.md; bench/RESULTS.md, "Catalogue at 100 000
// videos"), on the real server (production settings, Redis read model):
//   1. BENCH_CATALOGUE_VIDEOS (100 000) synthetic videos imported through POST /api/admin/videos/import,
//      BENCH_CATALOGUE_BATCH (10 000, the route's bound) per request, by an operator made with the operator CLI;
//      ~10 categories created first through POST /api/admin/categories. Target: ≤ 60 s in all.
//   2. GET /api/videos searches (one or two words, prefixes, accents dropped) and first pages (catalogue order,
//      sort=popular, category=<slug>), each by BENCH_CATALOGUE_CLIENTS (20) keep-alive clients sending
//      `accept-encoding: br` for BENCH_CATALOGUE_SECONDS (10), the phases taken in turn for
//      BENCH_CATALOGUE_ROUNDS (3) rounds (medians). Target: p99 ≤ 50 ms each. Then the popular page while
//      BENCH_CATALOGUE_LIKERS (4) users like videos back to back (every like moves the catalogue's version, so
//      no answer stays cached).
//   3. The plain GET /api/videos (the template's answer, bounded): ≤ 2 MB, identity; br and gzip beside.
//   4. The server's RSS (and heap used, bench/lib/memory-probe.cjs) with the 12 shipped videos and with 100 000.
//   5. BENCH_CATALOGUE_RESTARTS (3) restarts on the 100 000: from spawning the process to a search answering 200
//      with videos. Target: ≤ 30 s.
//   6. Lighthouse's performance score of `/` (bench/lighthouse.mjs with LIGHTHOUSE_URL) on a server holding the
//      12 shipped videos and on the one holding 100 000, BENCH_CATALOGUE_LIGHTHOUSE_RUNS (3) runs each, alternated;
//      skipped (with the reason printed) without frontend/dist or Chromium, or with BENCH_CATALOGUE_LIGHTHOUSE_RUNS=0.
// The synthetic catalogue is seeded (the same every run): titles of 5–12 words and descriptions of 30–80 words
// drawn Zipf-like from a vocabulary of 4 000 words (some accented), 2 000 channels, 13 categories.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { signUp, signUpOperator } from '../lib/api.mjs';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';
import { run, settledMemory, startApp, waitCaughtUp } from '../lib/processes.mjs';
import { BENCH_DIR, ROOT, cpuMs, envNumber, median, sleep, summarise } from '../lib/util.mjs';

const IMPORT_BODY_BYTES = 8 * 1024 * 1024;
const NEW_CATEGORIES = [
  'Laptops',
  'Tablets',
  'Cameras',
  'Audio',
  'Gaming',
  'Wearables',
  'Smart home',
  'Drones',
  'Networking',
  'Accessories',
];
const SHIPPED_SLUGS = ['television', 'monitor', 'smartphone'];

// ---------------------------------------------------------------- the synthetic catalogue (seeded: the same every run)
function generator(seed) {
  let s = seed;
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min, max) => min + Math.floor(random() * (max - min + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  return { random, between, pick };
}

const SYLLABLES =
  'ba be bi bo bu ca ce co da de di do fa fe fi ga go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve vi vo za ze zo tron lux tek vis phon cast'.split(
    ' ',
  );
const ACCENTED = 'é è ê à ü ö ñ ç ø å'.split(' ');
const REAL =
  'samsung lg sony philips oled qled 4k 8k hdr monitor television tv phone iphone pixel galaxy review unboxing best budget gaming curved ultrawide refresh rate 144hz 240hz panel écran télévision téléphone caméra réglages calibration comparison versus setup guide brightness contrast speakers soundbar remote wall mount desk cable battery charger camera zoom night mode gimbal drone tablet laptop keyboard mouse headphones earbuds noise cancelling wireless router mesh smartwatch fitness tracker projector streaming'.split(
    ' ',
  );

/** Deterministic videos for the import, and the words their titles are made of (to search for). */
export function syntheticCatalogue(count, slugs) {
  const { random, between, pick } = generator(0x5eed);
  const words = new Set(REAL);
  while (words.size < 4000) {
    let word = Array.from({ length: between(2, 4) }, () => pick(SYLLABLES)).join('');
    // About one word in twelve carries an accent (the search is accent-insensitive).
    if (random() < 1 / 12) {
      const at = between(0, word.length - 1);
      word = word.slice(0, at) + pick(ACCENTED) + word.slice(at + 1);
    }
    words.add(word);
  }
  const vocabulary = [...words];
  // Zipf-like: the i-th word's weight is 1/(i+1); drawn by bisection over the cumulative weights.
  const cumulative = [];
  vocabulary.reduce((sum, _, i) => (cumulative.push(sum + 1 / (i + 1)), sum + 1 / (i + 1)), 0);
  const zipfWord = () => {
    const r = random() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo];
  };
  const capital = (word) => word[0].toUpperCase() + word.slice(1);
  const channels = new Set();
  while (channels.size < 2000)
    channels.add(
      `${capital(pick(vocabulary))} ${capital(pick(vocabulary))} ${pick(['Tech', 'Reviews', 'Lab', 'TV', 'Studio', 'Channel', 'Daily'])}`,
    );
  const channelList = [...channels];
  const ID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const ids = new Set();
  const videos = [];
  while (videos.length < count) {
    const id = Array.from({ length: 11 }, () => ID[Math.floor(random() * 64)]).join('');
    if (ids.has(id)) continue;
    ids.add(id);
    const title = Array.from({ length: between(5, 12) }, zipfWord).join(' ');
    const description = Array.from({ length: between(30, 80) }, zipfWord).join(' ');
    const minutes = between(0, 95);
    const seconds = String(between(0, 59)).padStart(2, '0');
    const duration =
      minutes >= 60 ? `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
    videos.push({ _id: id, title: capital(title), description, channel: pick(channelList), category: pick(slugs), duration });
  }
  return { videos, vocabulary, channels: channelList, random, between, pick, zipfWord };
}

/** What people type: a word, two words (half from one title, half any two), a prefix, a word without its accents. */
export function queryMaker({ videos, random, pick, zipfWord }) {
  const stripAccents = (word) => word.normalize('NFD').replace(/\p{M}/gu, '');
  return () => {
    const r = random();
    let q;
    if (r < 0.4) q = zipfWord();
    else if (r < 0.6) {
      const words = pick(videos).title.toLowerCase().split(' ');
      q = `${pick(words)} ${pick(words)}`;
    } else if (r < 0.75) q = `${zipfWord()} ${zipfWord()}`;
    else if (r < 0.9) {
      const word = zipfWord();
      q = word.slice(0, Math.max(2, Math.min(word.length, 3 + Math.floor(random() * 3))));
    } else q = stripAccents(zipfWord());
    return `/api/videos?q=${encodeURIComponent(q)}&limit=24`;
  };
}

// ---------------------------------------------------------------- HTTP
/** One GET on a keep-alive agent: status, headers, the raw (possibly compressed) body and the time to its end. */
function get(agent, port, path, headers = {}) {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res) {
  const encoding = res.headers['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
  return JSON.parse(body.toString());
}

async function call(url, method, path, token, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token && { authorization: token }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

/**
 * `clients` keep-alive connections, each sending `nextPath()` back to back for `seconds` with `accept-encoding: br`
 * as a browser does. Every answer must be a 200; the latencies of all of them, requests/s and the server's CPU.
 */
async function load(app, clients, seconds, nextPath) {
  const agents = Array.from({ length: clients }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const latencies = [];
  const paths = new Set();
  let bytes = 0;
  const cpuBefore = cpuMs(app.pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      agents.map(async (agent) => {
        while (performance.now() < deadline) {
          const path = nextPath();
          paths.add(path);
          const res = await get(agent, app.port, path, { 'accept-encoding': 'br' });
          if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.toString().slice(0, 200)}`);
          latencies.push(res.ms);
          bytes += res.body.length;
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(app.pid) - cpuBefore;
  return {
    ...summarise(latencies),
    rps: latencies.length / elapsed,
    distinct: paths.size,
    cpuMsPerRequest: cpu / latencies.length,
    meanBytes: bytes / latencies.length,
  };
}

// ---------------------------------------------------------------- server figures
function dirBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(path) : statSync(path).size;
  }
  return total;
}

// ---------------------------------------------------------------- Lighthouse
function chromiumPath() {
  return existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined;
}

/** One Lighthouse run of `/` on a running server (bench/lighthouse.mjs): its performance score and main metrics. */
async function lighthouseHome(url) {
  const reportDir = mkdtempSync(join(tmpdir(), 'techtube-bench-lighthouse-'));
  try {
    await run(process.execPath, [join(BENCH_DIR, 'lighthouse.mjs')], {
      env: { ...process.env, LIGHTHOUSE_URL: url, LIGHTHOUSE_PAGES: '/', LIGHTHOUSE_RUNS: '1', LIGHTHOUSE_REPORT_DIR: reportDir },
    });
    // The one report it wrote (named after the page's path).
    const [report] = readdirSync(reportDir).filter((name) => name.endsWith('.json'));
    const lhr = JSON.parse(readFileSync(join(reportDir, report), 'utf8'));
    const metric = (id) => lhr.audits[id].numericValue;
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the benchmark
export async function catalogueScaleBenchmark({ redis, jwtSecret, log }) {
  const cfg = {
    videos: envNumber('BENCH_CATALOGUE_VIDEOS', 100_000),
    batch: envNumber('BENCH_CATALOGUE_BATCH', 10_000),
    clients: envNumber('BENCH_CATALOGUE_CLIENTS', 20),
    seconds: envNumber('BENCH_CATALOGUE_SECONDS', 10),
    rounds: envNumber('BENCH_CATALOGUE_ROUNDS', 3),
    likers: envNumber('BENCH_CATALOGUE_LIKERS', 4),
    restarts: envNumber('BENCH_CATALOGUE_RESTARTS', 3),
    lighthouseRuns: process.env.BENCH_CATALOGUE_LIGHTHOUSE_RUNS === '0' ? 0 : envNumber('BENCH_CATALOGUE_LIGHTHOUSE_RUNS', 3),
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'techtube-bench-catalogue-'));
  const smallDataDir = mkdtempSync(join(tmpdir(), 'techtube-bench-catalogue-12-'));
  const probeFile = join(dataDir, 'memory-probe.json');
  const prefix = `bench-catalogue-${Date.now().toString(36)}`;
  const appOptions = (dir, pfx, probe) => ({
    dataDir: dir,
    redisUrl: redis.url,
    prefix: pfx,
    jwtSecret,
    env: { BENCH_MEMORY_FILE: probe, BENCH_MEMORY_PROBE_MS: '500' },
    nodeArgs: ['--require', join(BENCH_DIR, 'lib', 'memory-probe.cjs')],
  });
  const result = { cfg };
  let app = await startApp(appOptions(dataDir, prefix, probeFile));
  let small;
  try {
    await waitCaughtUp(app.url);
    const warm = new http.Agent({ keepAlive: true });
    for (let i = 0; i < 50; i++) await get(warm, app.port, '/api/videos?limit=24', { 'accept-encoding': 'br' });
    result.memoryBefore = await settledMemory(app, probeFile);
    log(`catalogue: 12 videos, RSS ${(result.memoryBefore.rss / 2 ** 20).toFixed(1)} MiB`);

    // An operator: signed up through the API, granted by the CLI against the same store, as the README says.
    const operator = await signUpOperator(app.url, { dataDir, jwtSecret });
    for (const name of NEW_CATEGORIES) {
      const res = await call(app.url, 'POST', '/api/admin/categories', operator.token, {
        category: { name, description: `${name}: reviews and guides` },
      });
      if (res.status !== 201) throw new Error(`POST /api/admin/categories: ${res.status} ${res.text.slice(0, 200)}`);
    }
    const { categories } = JSON.parse((await call(app.url, 'GET', '/api/categories')).text);
    const slugs = categories.map((c) => c.slug);
    for (const slug of SHIPPED_SLUGS) if (!slugs.includes(slug)) throw new Error(`no shipped category ${slug}: ${slugs.join(', ')}`);

    const t0 = performance.now();
    const catalogue = syntheticCatalogue(cfg.videos, slugs);
    result.generateSeconds = (performance.now() - t0) / 1000;
    result.vocabulary = catalogue.vocabulary.length;
    result.channels = catalogue.channels.length;
    result.categories = slugs.length;

    // 1. The import.
    const requests = [];
    const importCpuBefore = cpuMs(app.pid);
    const importStarted = performance.now();
    for (let start = 0; start < catalogue.videos.length; start += cfg.batch) {
      const body = JSON.stringify({ videos: catalogue.videos.slice(start, start + cfg.batch) });
      if (Buffer.byteLength(body) > IMPORT_BODY_BYTES)
        throw new Error(`an import of ${cfg.batch} is ${Buffer.byteLength(body)} B, over the route's 8 MiB`);
      const sent = performance.now();
      const res = await call(app.url, 'POST', '/api/admin/videos/import', operator.token, body);
      const ms = performance.now() - sent;
      if (res.status !== 200) throw new Error(`import: ${res.status} ${res.text.slice(0, 300)}`);
      const outcome = JSON.parse(res.text);
      requests.push({
        ms,
        bytes: Buffer.byteLength(body),
        added: outcome.added.length,
        skipped: outcome.skipped.length,
        refused: outcome.refused.length,
      });
      if (outcome.refused.length)
        throw new Error(`import refused ${outcome.refused.length}: ${JSON.stringify(outcome.refused.slice(0, 3))}`);
      log(`catalogue: import ${requests.length}: ${outcome.added.length} added in ${ms.toFixed(0)} ms`);
    }
    result.import = {
      seconds: (performance.now() - importStarted) / 1000,
      cpuSeconds: (cpuMs(app.pid) - importCpuBefore) / 1000,
      requests,
      added: requests.reduce((sum, r) => sum + r.added, 0),
    };
    log(`catalogue: ${result.import.added} videos imported in ${result.import.seconds.toFixed(1)} s`);

    // 3. The plain GET /api/videos, and the first search after the import (nothing cached yet).
    const probeAgent = new http.Agent({ keepAlive: true });
    const firstSearch = await get(probeAgent, app.port, '/api/videos?q=review&limit=24', { 'accept-encoding': 'br' });
    result.firstSearchMs = firstSearch.ms;
    const sizes = {};
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await get(probeAgent, app.port, '/api/videos', { 'accept-encoding': encoding });
      if (res.status !== 200) throw new Error(`GET /api/videos: ${res.status}`);
      sizes[encoding] = res.body.length;
      if (encoding === 'identity') {
        const answer = decoded(res);
        sizes.videos = answer.videos.length;
        sizes.next = Boolean(answer.next);
        sizes.ms = res.ms;
      }
    }
    result.sizes = sizes;
    const catalogueCheck = decoded(await get(probeAgent, app.port, '/api/videos?sort=newest&limit=1', {}));
    if (!catalogueCheck.videos.length) throw new Error('the catalogue answers no video');

    // 4. Memory with the 100 000.
    result.memoryAfter = await settledMemory(app, probeFile);
    result.storeBytes = dirBytes(dataDir);
    log(`catalogue: ${cfg.videos} videos, RSS ${(result.memoryAfter.rss / 2 ** 20).toFixed(1)} MiB`);

    // 2. Reads under load, the phases taken in turn.
    const nextQuery = queryMaker(catalogue);
    let categoryTurn = 0;
    const phases = {
      search: nextQuery,
      first: () => '/api/videos?limit=24',
      popular: () => '/api/videos?sort=popular&limit=24',
      category: () => `/api/videos?category=${slugs[categoryTurn++ % slugs.length]}&limit=24`,
    };
    result.reads = Object.fromEntries(Object.keys(phases).map((name) => [name, []]));
    for (let round = 0; round < cfg.rounds; round++) {
      for (const [name, nextPath] of Object.entries(phases)) {
        const figures = await load(app, cfg.clients, cfg.seconds, nextPath);
        result.reads[name].push(figures);
        log(
          `catalogue: round ${round + 1} ${name}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${figures.rps.toFixed(0)} req/s`,
        );
      }
    }

    // The popular page while likes keep coming: each like moves the catalogue's version, so nothing stays cached.
    if (cfg.likers > 0) {
      const likers = [];
      for (let i = 0; i < cfg.likers; i++) likers.push(await signUp(app.url, `liker${i}`));
      let stop = false;
      let likes = 0;
      const storm = Promise.all(
        likers.map(async (liker) => {
          while (!stop) {
            const { _id } = catalogue.pick(catalogue.videos);
            const res = await liker.client.request('POST', '/api/user/likes', { video: { _id } });
            if (res.status !== 201 && res.status !== 409) throw new Error(`like: ${res.status} ${res.text.slice(0, 200)}`);
            likes++;
          }
        }),
      );
      const stormStarted = performance.now();
      try {
        result.storm = { popular: await load(app, cfg.clients, cfg.seconds, phases.popular) };
        result.storm.search = await load(app, cfg.clients, cfg.seconds, nextQuery);
      } finally {
        stop = true;
        await storm;
        for (const liker of likers) liker.client.close();
      }
      result.storm.likesPerSecond = likes / ((performance.now() - stormStarted) / 1000);
      log(`catalogue: like storm ${result.storm.likesPerSecond.toFixed(0)} likes/s, popular p99 ${result.storm.popular.p99.toFixed(1)} ms`);
    }
    probeAgent.destroy();
    warm.destroy();

    // 5. Restarts on the same store and read model.
    result.restarts = [];
    for (let i = 0; i < cfg.restarts; i++) {
      await app.stop();
      const spawned = performance.now();
      app = await startApp(appOptions(dataDir, prefix, probeFile));
      const listening = performance.now() - spawned;
      const agent = new http.Agent({ keepAlive: true });
      let answered;
      for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(20)) {
        const res = await get(agent, app.port, '/api/videos?q=review&limit=24', { 'accept-encoding': 'br' });
        if (res.status === 200 && decoded(res).videos.length > 0) {
          answered = performance.now() - spawned;
          break;
        }
      }
      agent.destroy();
      if (answered === undefined) throw new Error('the search did not answer with videos within 120 s of a restart');
      result.restarts.push({ listeningMs: listening, searchMs: answered });
      log(`catalogue: restart ${i + 1}: search answered ${(answered / 1000).toFixed(1)} s after spawning`);
    }
    result.memoryRestarted = await settledMemory(app, probeFile);

    // 6. Lighthouse of home, 12 videos against 100 000, alternated.
    const chrome = chromiumPath();
    const frontend = existsSync(join(ROOT, 'frontend', 'dist', 'index.html'));
    if (cfg.lighthouseRuns > 0 && chrome && frontend) {
      small = await startApp(appOptions(smallDataDir, `${prefix}-12`, join(smallDataDir, 'memory-probe.json')));
      await waitCaughtUp(small.url);
      result.lighthouse = { small: [], large: [] };
      for (let i = 0; i < cfg.lighthouseRuns; i++) {
        result.lighthouse.small.push(await lighthouseHome(small.url));
        result.lighthouse.large.push(await lighthouseHome(app.url));
        log(
          `catalogue: Lighthouse round ${i + 1}: 12 videos ${result.lighthouse.small.at(-1).score}, ${cfg.videos} videos ${result.lighthouse.large.at(-1).score}`,
        );
      }
    } else {
      result.lighthouseSkipped =
        cfg.lighthouseRuns === 0 ? 'BENCH_CATALOGUE_LIGHTHOUSE_RUNS=0' : !chrome ? 'no Chromium (CHROMIUM_PATH)' : 'no frontend/dist';
      log(`catalogue: Lighthouse skipped: ${result.lighthouseSkipped}`);
    }
  } finally {
    await small?.stop();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(smallDataDir, { recursive: true, force: true });
  }
  return summariseResult(result);
}

/** Medians over the rounds. */
function summariseResult(result) {
  const med = (list, key) => median(list.map((x) => x[key]));
  result.readMedians = Object.fromEntries(
    Object.entries(result.reads).map(([name, rounds]) => [
      name,
      {
        p50: med(rounds, 'p50'),
        p99: med(rounds, 'p99'),
        rps: med(rounds, 'rps'),
        cpuMsPerRequest: med(rounds, 'cpuMsPerRequest'),
        meanBytes: med(rounds, 'meanBytes'),
      },
    ]),
  );
  result.restartMedian = { searchMs: med(result.restarts, 'searchMs'), listeningMs: med(result.restarts, 'listeningMs') };
  if (result.lighthouse) {
    result.lighthouseMedian = {
      small: {
        score: med(result.lighthouse.small, 'score'),
        lcp: med(result.lighthouse.small, 'lcp'),
        tbt: med(result.lighthouse.small, 'tbt'),
      },
      large: {
        score: med(result.lighthouse.large, 'score'),
        lcp: med(result.lighthouse.large, 'lcp'),
        tbt: med(result.lighthouse.large, 'tbt'),
      },
    };
  }
  return result;
}

// Catalogue search at 100 000 videos (bench/RESULTS.md, "Catalogue search at 100 000 videos"): the in-process
// engine of backend/src/catalogue/search against MiniSearch for matching, and its kept sort orders against a
// flat sorted array and a sort per query, on synthetic videos (titles of 5–12 words and descriptions of
// 30–80 words from a vocabulary of 4 000, 2 000 channels, 20 categories; words drawn Zipf-like).
//
//   npm run build -w backend && node bench/catalogue-search.mjs [videos=100000] [queries=3000]
//
// BENCH_BACKEND_DIST=<dir> runs another build of the backend (bench/lib/util.mjs). Prints a Markdown section.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { DIST, ROOT, summarise } from './lib/util.mjs';

if (typeof global.gc !== 'function') {
  // Heap figures need a collection before each reading.
  const run = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const require = createRequire(import.meta.url);
// MiniSearch is measured when installed (it is not a dependency the backend keeps: CONTRIBUTING.md, "Why
// this search index"); `npm install --no-save minisearch@7` brings it back for this comparison.
const MiniSearch = (() => {
  try {
    return require(require.resolve('minisearch', { paths: [join(ROOT, 'backend'), ROOT] }));
  } catch {
    return undefined;
  }
})();
const { VideoSearch } = require(join(DIST, 'catalogue/search/video-search.js'));
const { wordsOf } = require(join(DIST, 'catalogue/search/normalize.js'));
const { encodeCursor, decodeCursor } = require(join(DIST, 'catalogue/search/cursor.js'));
const { SortedBlocks } = require(join(DIST, 'catalogue/search/sorted-blocks.js'));

const VIDEOS = Number(process.argv[2] ?? 100_000);
const QUERIES = Number(process.argv[3] ?? 3000);
const MINISEARCH_QUERIES = 300;

// ---------------------------------------------------------------- synthetic catalogue (seeded: same every run)
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (min, max) => min + Math.floor(random() * (max - min + 1));

const SYLLABLES =
  'ba be bi bo bu ca ce co da de di do fa fe fi ga go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no pa pe pi po ra re ri ro ru sa se si so ta te ti to tu va ve vi vo za ze zo tron lux tek vis phon cast'.split(
    ' ',
  );
const REAL =
  'samsung lg sony oled qled 4k 8k hdr monitor television tv phone iphone pixel galaxy review unboxing best budget gaming curved ultrawide refresh rate 144hz 240hz panel écran télévision téléphone caméra réglages calibration comparison versus vs setup guide'.split(
    ' ',
  );
const vocabulary = [
  ...new Set([...REAL, ...Array.from({ length: 4000 }, () => Array.from({ length: between(2, 4) }, () => pick(SYLLABLES)).join(''))]),
].slice(0, 4000);
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
const capitalised = (word) => word[0].toUpperCase() + word.slice(1);
const sentence = (min, max, capital) =>
  Array.from({ length: between(min, max) }, () => (capital ? capitalised(zipfWord()) : zipfWord())).join(' ');
const channels = Array.from({ length: 2000 }, () => sentence(1, 3, true));
const categories = Array.from({ length: 20 }, (_, i) => `category-${i}`);
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const START = Date.UTC(2019, 0, 1);

const videos = Array.from({ length: VIDEOS }, (_, i) => ({
  id: Array.from({ length: 11 }, () => pick(ID_CHARS)).join(''),
  title: sentence(5, 12, true),
  description: sentence(30, 80, false) + '.',
  channel: pick(channels),
  categoryId: pick(categories),
  publishedAt: new Date(START + Math.floor(random() * 7 * 365 * 86_400_000)).toISOString(),
  seq: i + 1,
  retired: false,
}));
const baseLikes = videos.map(() => Math.floor(random() ** 3 * 200_000));
// One video in a hundred is retired (a tombstone: searched only with status retired or all).
const isRetired = (i) => i % 100 === 0;
const countsOf = videos.map((_, i) => ({ likeCount: 0, viewCount: Math.floor(random() * 1000), popularity: baseLikes[i] }));

// Queries people type: words of an existing video's title (mostly) or description, whole or begun (3+
// letters), sometimes capitalised or with accents stripped; a fifth within a category, some sorted otherwise.
function makeQuery() {
  const video = pick(videos);
  const source = random() < 0.7 ? video.title : video.description;
  const words = wordsOf(source);
  const count = random() < 0.4 ? 1 : random() < 0.67 ? 2 : 3;
  const typed = Array.from({ length: count }, () => {
    const word = pick(words);
    const whole = random() < 0.5 || word.length <= 3;
    const text = whole ? word : word.slice(0, between(3, word.length - 1));
    return random() < 0.3 ? text.toUpperCase() : text;
  });
  const r = random();
  return {
    q: typed.join(' '),
    categoryId: random() < 0.2 ? video.categoryId : undefined,
    sort: r < 0.7 ? 'relevance' : r < 0.8 ? 'popular' : r < 0.9 ? 'newest' : 'title',
    limit: 24,
  };
}
const queries = Array.from({ length: QUERIES }, makeQuery);

// ---------------------------------------------------------------- helpers
const now = () => performance.now();
const heapMiB = () => {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const ms = (value) => `${value.toFixed(value < 0.1 ? 4 : value < 10 ? 3 : 1)} ms`;
// Wall time per run (p50, p99…) and the process's CPU time per run over the whole loop: on a busy machine
// the wall figures include waiting for a core, the CPU figure does not.
const timed = (runs, body) => {
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = now();
    body(i);
    times.push(now() - start);
  }
  const { user, system } = process.cpuUsage(cpu);
  return { ...summarise(times), cpu: (user + system) / 1000 / runs };
};
const rows = [];
const row = (figure, measured, note = '') => rows.push(`| ${figure} | ${measured} | ${note} |`);
const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------- MiniSearch, with the same words and our ranking
function miniSearchRun() {
  const before = heapMiB();
  const start = now();
  const cpu = process.cpuUsage();
  const index = new MiniSearch({
    fields: ['title', 'channel', 'description'],
    tokenize: wordsOf,
    processTerm: (term) => term,
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  for (const video of videos) index.add(video);
  const buildMs = now() - start;
  const { user, system } = process.cpuUsage(cpu);
  const buildCpuMs = (user + system) / 1000;
  const heap = heapMiB() - before;
  const byId = new Map(videos.map((video, i) => [video.id, i]));
  const PLACE = { title: 3, channel: 2, description: 1 };
  const search = (query) => {
    const words = [...new Set(wordsOf(query.q))];
    const results = index.search(query.q);
    const scored = [];
    for (const result of results) {
      const i = byId.get(result.id);
      if (isRetired(i) || (query.categoryId !== undefined && videos[i].categoryId !== query.categoryId)) continue;
      let score = 0;
      for (const word of words) {
        let best = 0;
        for (const [term, fields] of Object.entries(result.match)) {
          if (!term.startsWith(word)) continue;
          for (const field of fields) best = Math.max(best, PLACE[field] * 2 - (term === word ? 0 : 1));
        }
        score += best;
      }
      scored.push([score, countsOf[i].popularity, videos[i].seq, result.id]);
    }
    scored.sort((a, b) => b[0] - a[0] || b[1] - a[1] || a[2] - b[2]);
    return { ids: scored.slice(0, query.limit).map((s) => s[3]), total: scored.length };
  };
  // MiniSearch answers in tens to hundreds of ms at this size: a few hundred queries tell enough.
  const relevance = queries.filter((query) => query.sort === 'relevance').slice(0, MINISEARCH_QUERIES);
  for (const query of relevance.slice(0, 20)) search(query); // warm-up
  const page = timed(relevance.length, (i) => search(relevance[i]));
  return { buildMs, buildCpuMs, heap, page, search, relevance };
}

// ---------------------------------------------------------------- the engine
function engineRun() {
  const before = heapMiB();
  const start = now();
  const cpu = process.cpuUsage();
  const engine = new VideoSearch();
  // In batches of 512, as the catalogue projection applies the log's (VideoSearch.batch, when the build has it).
  const load = (from, to) => {
    for (let i = from; i < to; i++) {
      engine.upsert(isRetired(i) ? { ...videos[i], retired: true } : videos[i]);
      engine.setCounts(videos[i].id, countsOf[i]);
    }
  };
  for (let from = 0; from < videos.length; from += 512) {
    const to = Math.min(videos.length, from + 512);
    if (engine.batch) engine.batch(() => load(from, to));
    else load(from, to);
  }
  const buildMs = now() - start;
  const { user, system } = process.cpuUsage(cpu);
  const heap = heapMiB() - before;
  return { engine, buildMs, buildCpuMs: (user + system) / 1000, heap };
}

function searchFigures(engine) {
  for (const query of queries.slice(0, 200)) engine.query(query); // warm-up
  const firstPages = [];
  const first = timed(queries.length, (i) => firstPages.push(engine.query(queries[i])));
  const withNext = queries.map((query, i) => ({ ...query, after: firstPages[i].next })).filter((query) => query.after);
  const second = timed(withNext.length, (i) => engine.query(withNext[i]));
  const relevance = queries.filter((query) => query.sort === 'relevance');
  const relevanceFirst = timed(relevance.length, (i) => engine.query(relevance[i]));
  const shortPrefix = ['a', 'b', 'sa', 'te', 'ma', 'lo'].map((q) => ({ q, sort: 'relevance', limit: 24 }));
  const broad = timed(600, (i) => engine.query(shortPrefix[i % shortPrefix.length]));
  const matched = firstPages.map((page) => page.total).sort((a, b) => a - b);
  return { first, second, relevanceFirst, broad, secondCount: withNext.length, medianMatched: matched[matched.length >> 1] };
}

function browseFigures(engine) {
  const figures = [];
  for (const sort of ['catalogue', 'newest', 'title', 'popular', 'likes', 'views']) {
    for (const [label, extra] of [
      ['', {}],
      ['one category', { categoryId: 'category-7' }],
      ['retired', { status: 'retired' }],
    ]) {
      const query = { sort, limit: 24, ...extra };
      engine.query(query);
      figures.push({ sort, label, page: timed(2000, () => engine.query(query)) });
    }
  }
  return figures;
}

// Likes, unlikes and views on videos drawn Zipf-like (popular videos get most), with a query between
// every 20 updates: the popular first page, a likes page, or a search.
function countFigures(engine) {
  const UPDATES = 200_000;
  const likes = new Int32Array(videos.length);
  const targets = Array.from({ length: UPDATES }, () => Math.floor(random() ** 4 * videos.length));
  let spent = 0;
  const each = [];
  const interleaved = [{ sort: 'popular', limit: 24 }, { sort: 'likes', limit: 24 }, queries[0]];
  for (let u = 0; u < UPDATES; u++) {
    const i = targets[u];
    const kind = u % 3;
    if (kind === 0) likes[i]++;
    else if (kind === 1 && likes[i] > 0) likes[i]--;
    else countsOf[i] = { ...countsOf[i], viewCount: countsOf[i].viewCount + 1 };
    const counts = { likeCount: likes[i], viewCount: countsOf[i].viewCount, popularity: baseLikes[i] + likes[i] };
    const start = now();
    engine.setCounts(videos[i].id, counts);
    const took = now() - start;
    spent += took;
    each.push(took);
    if (u % 20 === 19) engine.query(interleaved[((u / 20) % 3) | 0]);
  }
  return { amortized: spent / UPDATES, each: summarise(each), updates: UPDATES };
}

// The alternatives to kept blocks, on one count order: a flat sorted Int32Array (bisection, copyWithin),
// and sorting the 100 000 anew when a page is asked after a change. The likes order, where most videos
// have none: a first like moves a video past all of those.
function orderAlternatives() {
  const n = videos.length;
  const likes = new Int32Array(n);
  const seq = videos.map((v) => v.seq);
  const compare = (a, b) => likes[b] - likes[a] || seq[a] - seq[b];
  const UPDATES = 100_000;
  const targets = Array.from({ length: UPDATES }, () => Math.floor(random() ** 4 * n));
  const change = (u, doc) => (likes[doc] = Math.max(0, likes[doc] + (u % 3 === 1 ? -1 : 1)));

  const flat = Int32Array.from({ length: n }, (_, i) => i).sort(compare);
  const firstAfter = (isAfter) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (isAfter(flat[mid])) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  let start = now();
  for (let u = 0; u < UPDATES; u++) {
    const doc = targets[u];
    const from = firstAfter((other) => compare(other, doc) >= 0);
    flat.copyWithin(from, from + 1, n);
    change(u, doc);
    const to = Math.min(
      n - 1,
      firstAfter((other) => other !== doc && compare(other, doc) > 0),
    );
    flat.copyWithin(to + 1, to, n - 1);
    flat[to] = doc;
  }
  const flatMs = (now() - start) / UPDATES;

  likes.fill(0);
  const blocks = new SortedBlocks(compare);
  for (let doc = 0; doc < n; doc++) blocks.insert(doc);
  start = now();
  for (let u = 0; u < UPDATES; u++) {
    const doc = targets[u];
    blocks.remove(doc);
    change(u, doc);
    blocks.insert(doc);
  }
  const blocksMs = (now() - start) / UPDATES;
  const sortTimes = timed(20, () => Int32Array.from({ length: n }, (_, i) => i).sort(compare));
  return { flatMs, blocksMs, sortMs: sortTimes.p50 };
}

function cursorFigures() {
  const secret = Buffer.alloc(32, 7);
  const scope = { sort: 'title', q: 'samsung oled', status: 'published' };
  const key = ['samsung oled 4k review of the best television this year', 123456];
  const token = encodeCursor(key, scope, secret);
  return {
    encode: timed(20000, () => encodeCursor(key, scope, secret)),
    decode: timed(20000, () => decodeCursor(token, scope, secret)),
    length: token.length,
  };
}

// ---------------------------------------------------------------- run and print
const startedAt = new Date().toISOString();
const loadBefore = loadavg();
log(`${VIDEOS} videos, ${QUERIES} queries; MiniSearch…`);
const mini = MiniSearch ? miniSearchRun() : undefined;
log('engine…');
const { engine, buildMs, buildCpuMs, heap } = engineRun();
const search = searchFigures(engine);
let disagreements = 0;
for (const query of mini?.relevance ?? []) {
  const ours = engine.query(query);
  const theirs = mini.search(query);
  if (ours.total !== theirs.total || ours.ids.join() !== theirs.ids.join()) disagreements++;
}
log('browsing…');
const browse = browseFigures(engine);
log('counts…');
const counts = countFigures(engine);
const alternatives = orderAlternatives();
const cursor = cursorFigures();

row(
  `Build: ${VIDEOS} upserts (and their counts), wall / CPU`,
  `${ms(buildMs)} / ${ms(buildCpuMs)}`,
  mini ? `MiniSearch add() of the same: ${ms(mini.buildMs)} / ${ms(mini.buildCpuMs)}` : 'MiniSearch not installed',
);
row(
  'Heap held by the engine',
  `${heap.toFixed(1)} MiB`,
  mini ? `MiniSearch index alone (no sort orders): ${mini.heap.toFixed(1)} MiB` : '',
);
row(
  'Search, first page (24), mixed sorts: p50 / p99 / max',
  `${ms(search.first.p50)} / ${ms(search.first.p99)} / ${ms(search.first.max)}`,
  `CPU ${ms(search.first.cpu)} per query; ${search.first.count} queries of 1–3 words (whole or begun), a fifth in one category; median ${search.medianMatched} matches`,
);
row(
  'Search, relevance only: p50 / p99',
  `${ms(search.relevanceFirst.p50)} / ${ms(search.relevanceFirst.p99)}`,
  `CPU ${ms(search.relevanceFirst.cpu)} per query` +
    (mini ? '; ' : '') +
    (mini
      ? `MiniSearch matching + the same ranking: ${ms(mini.page.p50)} / ${ms(mini.page.p99)}; ${mini.relevance.length} queries; the two disagreed on ${disagreements} of ${mini.relevance.length} pages`
      : ''),
);
row(
  'Search, the page after (cursor): p50 / p99',
  `${ms(search.second.p50)} / ${ms(search.second.p99)}`,
  `CPU ${ms(search.second.cpu)} per query; ${search.secondCount} queries`,
);
row(
  'Search, one- and two-letter prefixes ("a", "sa", …): p50 / p99',
  `${ms(search.broad.p50)} / ${ms(search.broad.p99)}`,
  `CPU ${ms(search.broad.cpu)} per query; the broadest matches: most of the catalogue`,
);
for (const { sort, label, page } of browse) {
  row(`First page without q, ${sort}${label ? `, ${label}` : ''}: p50 / p99`, `${ms(page.p50)} / ${ms(page.p99)}`, '');
}
row(
  'setCounts, amortized (queries between)',
  ms(counts.amortized),
  `${counts.updates} likes, unlikes and views, a page asked every 20; p99 ${ms(counts.each.p99)}, max ${ms(counts.each.max)}`,
);
row(
  'One count order (likes), per update: kept blocks / flat sorted array',
  `${ms(alternatives.blocksMs)} / ${ms(alternatives.flatMs)}`,
  'remove and insert again; most videos have no like, so a flat array moves most of its entries',
);
row('Alternative: sort 100 000 when a page follows a change', ms(alternatives.sortMs), 'p50 of one sort');
row('Cursor encode / decode: p50', `${ms(cursor.encode.p50)} / ${ms(cursor.decode.p50)}`, `a title cursor of ${cursor.length} characters`);

const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
const load = (l) => l.map((x) => x.toFixed(1)).join(', ');
console.log(
  `Measured ${startedAt} on ${machine}; \`node bench/catalogue-search.mjs ${VIDEOS} ${QUERIES}\`; 1-, 5-, 15-minute load ${load(loadBefore)} before, ${load(loadavg())} after.\n`,
);
console.log('| Figure | Measured | Note |\n|---|---|---|');
console.log(rows.join('\n'));

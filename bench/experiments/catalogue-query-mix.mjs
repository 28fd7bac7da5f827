// The catalogue-scale benchmark's search phase in process (bench/RESULTS.md, "Catalogue at 100 000 videos"): the
// same 100 000 synthetic videos and the same drawn queries (bench/benchmarks/catalogue-scale.mjs), put straight
// into VideoSearch, then each query answered as the server would on a miss of its answer cache: the search, the
// page's JSON and brotli at the cache's quality. A URL asked before is skipped (the server sends its kept bytes).
// Prints the cost distribution of the misses and the slowest queries, to see what makes the HTTP p99.
//   node bench/experiments/catalogue-query-mix.mjs [queries=6000]   (BENCH_BACKEND_DIST=<dir>: a pinned build)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { queryMaker, syntheticCatalogue } from '../benchmarks/catalogue-scale.mjs';
import { DIST, summarise } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const { VideoSearch } = require(join(DIST, 'catalogue/search/video-search.js'));

const QUERIES = Number(process.argv[2] ?? 6000);
const slugs = ['television', 'monitor', 'smartphone', 'laptops', 'tablets', 'cameras', 'audio', 'gaming', 'wearables'];
const catalogue = syntheticCatalogue(100_000, slugs);
const search = new VideoSearch();
const json = new Map();
const started = performance.now();
const publishedAt = new Date().toISOString();
for (let from = 0; from < catalogue.videos.length; from += 10_000) {
  search.batch(() => {
    catalogue.videos.slice(from, from + 10_000).forEach((video, i) => {
      const seq = from + i + 13;
      search.upsert({
        id: video._id,
        title: video.title,
        description: video.description,
        channel: video.channel,
        categoryId: video.category,
        publishedAt,
        seq,
        retired: false,
      });
      json.set(
        video._id,
        JSON.stringify({
          _id: video._id,
          title: video.title,
          description: video.description,
          channel: video.channel,
          likes: '0',
          likeCount: 0,
          category: video.category,
          duration: video.duration,
        }),
      );
    });
  });
}
console.log(`built in ${(performance.now() - started).toFixed(0)} ms`);

const nextQuery = queryMaker(catalogue);
const seen = new Set();
const costs = [];
const searchCosts = [];
const slow = [];
let cpuUsed = { user: 0, system: 0 };

for (let i = 0; i < QUERIES; i++) {
  const path = nextQuery();
  if (seen.has(path)) continue;
  seen.add(path);
  const q = new URLSearchParams(path.split('?')[1]).get('q');
  const t0 = performance.now();
  const page = search.query({ q, sort: 'relevance', limit: 24 });
  // The first third warms the engine (compiled code, kept broad words) as the server's earlier requests do.
  if (i < QUERIES / 3) continue;
  const cpuStart = process.cpuUsage();
  const t1 = performance.now();
  const body = Buffer.from(`{"videos":[${page.ids.map((id) => json.get(id)).join(',')}],"next":${JSON.stringify(page.next)}}`);
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const t2 = performance.now();
  const cpuNow = process.cpuUsage(cpuStart);
  cpuUsed = { user: cpuUsed.user + cpuNow.user, system: cpuUsed.system + cpuNow.system };
  costs.push(t2 - t0);
  searchCosts.push(t1 - t0);
  slow.push({ q, ms: t1 - t0 });
}
const cpu = cpuUsed;
const fmt = (s) => `p50 ${s.p50.toFixed(3)} p99 ${s.p99.toFixed(3)} max ${s.max.toFixed(3)} mean ${(s.mean ?? 0).toFixed(3)}`;
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
console.log(
  `${QUERIES} drawn, ${costs.length} distinct (misses); CPU per miss ${((cpu.user + cpu.system) / 1000 / costs.length).toFixed(3)} ms`,
);
console.log(`search only:        ${fmt({ ...summarise(searchCosts), mean: mean(searchCosts) })}`);
console.log(`search+json+brotli: ${fmt({ ...summarise(costs), mean: mean(costs) })}`);
slow.sort((a, b) => b.ms - a.ms);
console.log(
  'slowest:',
  slow
    .slice(0, 25)
    .map(({ q, ms }) => `${q} ${ms.toFixed(2)}`)
    .join(' | '),
);
// The slowest again, now that their broad words' scores are kept (and outside any collection that hit them).
if (process.env.MIX_AGAIN) {
  for (const { q } of slow.slice(0, 12)) {
    const t0 = performance.now();
    search.query({ q, sort: 'relevance', limit: 24 });
    console.log(`again: ${q} ${(performance.now() - t0).toFixed(2)} ms`);
  }
}

// Reads: GET /api/user/likes (12 liked videos) on the real server with the Redis read model, against two
// bare node:http servers (bench/baseline-server.mjs): one reading the same Redis key and writing the same
// JSON, and one answering each request with one Redis GET of the app's own answer bytes (the read model's
// round trip and nothing else). Same connections, same duration, alternating the three; medians over the rounds.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { signUp, videoIds } from '../lib/api.mjs';
import { startNode } from '../lib/processes.mjs';
import { ROOT, cpuMs, median } from '../lib/util.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));

function load(url, token, connections, seconds) {
  return autocannon({ url, connections, duration: seconds, headers: { authorization: token }, pipelining: 1 });
}

async function measure(target, token, connections, seconds) {
  const before = cpuMs(target.pid);
  const result = await load(`${target.url}/api/user/likes`, token, connections, seconds);
  const cpu = cpuMs(target.pid) - before;
  const ok = result['2xx'];
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `${target.label}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx of ${result.requests.total}`,
    );
  }
  return { rps: ok / result.duration, p50: result.latency.p50, p99: result.latency.p99, requests: ok, cpuMsPerRequest: cpu / ok };
}

export async function readsBenchmark({ cfg, app, redis, prefix, log }) {
  const reader = await signUp(app.url, 'reader');
  for (const id of await videoIds(app.url)) await reader.client.timed('POST', '/api/user/likes', { video: { _id: id } }, 201);
  const appText = (await reader.client.timed('GET', '/api/user/likes', undefined, 200)).res.text;
  const fromApp = JSON.parse(appText);
  if (fromApp.likes.length !== 12) throw new Error(`the reader likes ${fromApp.likes.length} videos, not 12`);
  // The GET baseline's one key: the app's answer, byte for byte.
  const getKey = `${prefix}:bench:likes-answer`;
  const client = new Redis(redis.url);
  await client.set(getKey, appText);
  client.disconnect();

  const baseline = await startNode(
    'bench/baseline-server.mjs',
    { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, CATALOGUE_URL: app.url },
    { readyPath: '/health', label: 'baseline' },
  );
  const getBaseline = await startNode(
    'bench/baseline-server.mjs',
    { REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, BASELINE_GET_KEY: getKey },
    { readyPath: '/health', label: 'baseline-get' },
  );
  try {
    const fromBaseline = await fetch(`${baseline.url}/api/user/likes`, { headers: { authorization: reader.token } }).then((r) => r.json());
    if (!isDeepStrictEqual(fromApp, fromBaseline)) throw new Error('the baseline does not answer the same JSON as the app');
    const fromGet = await fetch(`${getBaseline.url}/api/user/likes`, { headers: { authorization: reader.token } }).then((r) => r.text());
    if (fromGet !== appText) throw new Error('the GET baseline does not answer the same bytes as the app');

    const warm = Math.min(2, cfg.seconds);
    log(`reads: warming up the three servers (${warm} s each)`);
    for (const target of [baseline, getBaseline, app]) await load(`${target.url}/api/user/likes`, reader.token, cfg.readConnections, warm);

    const rounds = { baseline: [], get: [], app: [] };
    for (let round = 1; round <= cfg.readRounds; round++) {
      for (const [name, target] of [
        ['baseline', baseline],
        ['get', getBaseline],
        ['app', app],
      ]) {
        const r = await measure(target, reader.token, cfg.readConnections, cfg.seconds);
        rounds[name].push(r);
        log(
          `reads: round ${round} ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuMsPerRequest.toFixed(3)} CPU ms/request`,
        );
      }
    }
    const med = (list) => ({
      rps: median(list.map((r) => r.rps)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      cpuMsPerRequest: median(list.map((r) => r.cpuMsPerRequest)),
    });
    return { baseline: med(rounds.baseline), get: med(rounds.get), app: med(rounds.app), rounds, bodyBytes: Buffer.byteLength(appText) };
  } finally {
    await getBaseline.stop();
    await baseline.stop();
    reader.client.close();
  }
}

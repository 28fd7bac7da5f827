// The reads baseline: a bare node:http server doing the work of GET /api/user/likes with nothing in
// between — one ZRANGE of the key the RedisReadModel reads, hydration from the same catalogue (the app's
// own video answers, read once at start from CATALOGUE_URL: the catalogue lives in the app's log), the
// same JSON. Like the app it uses one ioredis connection and re-reads the active namespace
// (`<prefix>:active`, else "main") at most once a second.
//
// Not done here, unlike the app: verifying the token's HS256 signature and expiry, the read of the
// user's profile that the auth guard makes (a second Redis GET), validation, and the ~10 security
// headers. The user id is taken from the token's payload without checking it.
//
//   PORT=… REDIS_URL=redis://… REDIS_KEY_PREFIX=tt node bench/baseline-server.mjs
//
// BASELINE_GET_KEY=<key>: the second baseline (bench/RESULTS.md, Reads): each request is answered with the
// bytes of one Redis GET of that key, which the bench has SET to the app's own answer: the least any server
// can do that still makes the read model's round trip. No catalogue, no JSON, no namespace read.
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/util.mjs';

const require = createRequire(import.meta.url);
const Redis = require(require.resolve('ioredis', { paths: [join(ROOT, 'backend')] }));
// The videos as a list answer carries them (`available`: none of these is retired).
const getKey = process.env.BASELINE_GET_KEY;
const { videos } = getKey ? { videos: [] } : await fetch(`${process.env.CATALOGUE_URL}/api/videos`).then((res) => res.json());
const VIDEOS = videos.map((video) => ({ ...video, available: true }));

const prefix = process.env.REDIS_KEY_PREFIX || 'tt';
const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2 });
const byId = new Map(VIDEOS.map((video) => [video._id, video]));

let active = { base: '', until: 0 };
async function base() {
  if (Date.now() < active.until) return active.base;
  const namespace = (await redis.get(`${prefix}:active`)) ?? 'main';
  active = { base: `${prefix}:${namespace}`, until: Date.now() + 1000 };
  return active.base;
}

function userIdOf(authorization) {
  const payload = String(authorization ?? '')
    .replace(/^Bearer\s+/i, '')
    .split('.')[1];
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())._id;
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === '/health') return send(res, 200, { status: 'ok' });
    if (req.method !== 'GET' || req.url !== '/api/user/likes') return send(res, 404, { errors: ['not found'] });
    if (getKey) {
      const bytes = await redis.getBuffer(getKey);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      return res.end(bytes);
    }
    const userId = userIdOf(req.headers.authorization);
    const ids = await redis.zrange(`${await base()}:{${encodeURIComponent(userId)}}:list:likes`, 0, -1);
    const likes = [];
    for (const id of ids) {
      const video = byId.get(id);
      if (video) likes.push(video);
    }
    send(res, 200, { likes });
  } catch (error) {
    send(res, 500, { errors: [String(error)] });
  }
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), process.env.HOST || '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => (server.close(), redis.disconnect(), process.exit(0)));

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './http-encoding';

/** The catalogue reads (their routed patterns): public, the same for every user. */
const CATALOGUE_ROUTES = new Set(['/api/videos', '/api/video/:videoId', '/api/categories', '/api/categories/:categoryId']);

/** Answers kept, compressed, per URL: enough for every category's and sort's first pages and the popular searches. */
const MAX_KEPT = 1000;

/**
 * Brotli at a low quality: an answer is compressed when first asked for after a change, while its client
 * waits, and most searches are asked once. At 11 a page of videos took tens of milliseconds; at 5 compressing
 * was still the largest share of a search's CPU on the server (0.36 ms of a 24-video page in process, ~29 % of
 * the search phase's CPU at 100 000 videos); 3 takes 0.15 ms for 4.5 % more bytes (bench/RESULTS.md, "Catalogue
 * at 100 000 videos").
 */
const BROTLI_QUALITY = 3;

interface Kept {
  readonly version: number;
  readonly etag: string;
  readonly identity: Buffer;
  readonly encoded: { br?: Buffer; gzip?: Buffer };
  /** The answer's own `link` header (GET /api/videos without parameters names its next page). */
  readonly link?: string;
}

/** Marks a request answered from a kept answer: its onSend has nothing left to do. */
const FROM_KEPT = Symbol('answered from a kept catalogue answer');
type Marked = FastifyRequest & { [FROM_KEPT]?: true };

/**
 * Catalogue GETs send an ETag with `cache-control: no-cache` (a browser may keep them but asks every
 * time) instead of the API's `no-store`, and answer 304 without a body to an If-None-Match that names it.
 * Only 200s: a 404 or a 410 stays `no-store`. The ETag hashes the answer itself, so every instance gives
 * the same one for the same catalogue, and an edit, a retirement or a new count changes it.
 *
 * Each answer is compressed (brotli or gzip, as the client takes it) once per version of the catalogue
 * and kept, the last MAX_KEPT URLs; `version` moves with every change an answer may show. While its
 * version is current, a kept answer is sent before the handler runs: the same URL asked again (home's
 * first page, a popular search) costs neither the search nor the JSON nor the compression again. The
 * answer depends on the URL alone (these routes are public, the same for everyone), so it is the same
 * bytes the handler would have made.
 */
export function cacheAndCompressCatalogueReads(fastify: FastifyInstance, version: () => number): void {
  const kept = new Map<string, Kept>();
  fastify.addHook('preHandler', (request: Marked, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || !CATALOGUE_ROUTES.has(request.routeOptions.url ?? '')) return done();
    const entry = kept.get(request.url);
    if (!entry || entry.version !== version()) return done();
    request[FROM_KEPT] = true;
    keep(kept, request.url, entry);
    if (entry.link) void reply.header('link', entry.link);
    send(request, reply, entry, (body) => void (body === null ? reply.send() : reply.type('application/json; charset=utf-8').send(body)));
  });
  fastify.addHook('onSend', (request: Marked, reply: FastifyReply, payload: unknown, done) => {
    const route = request.routeOptions.url ?? '';
    if (request[FROM_KEPT] || reply.statusCode !== 200 || !CATALOGUE_ROUTES.has(route)) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const now = version();
    let entry = kept.get(request.url);
    if (!entry || entry.version !== now) {
      const identity = Buffer.from(payload);
      const link = reply.getHeader('link');
      entry = {
        version: now,
        etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        identity,
        encoded: {},
        ...(typeof link === 'string' && { link }),
      };
    }
    keep(kept, request.url, entry);
    send(request, reply, entry, (body) => done(null, body));
  });
}

/** Most recently used last: the first key is the one to drop. */
function keep(kept: Map<string, Kept>, url: string, entry: Kept): void {
  kept.delete(url);
  kept.set(url, entry);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
}

/** The kept answer's headers, then a 304 to a client that has it, else its bytes in the coding the client takes. */
function send(request: FastifyRequest, reply: FastifyReply, entry: Kept, body: (bytes: Buffer | null) => void): void {
  void reply.header('etag', entry.etag).header('cache-control', 'no-cache');
  addVary(reply, 'accept-encoding');
  if (names(request.headers['if-none-match'], entry.etag)) {
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return body(null);
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return body(entry.identity);
  const bytes = (entry.encoded[encoding] ??= compress(entry.identity, encoding));
  void reply.header('content-encoding', encoding).removeHeader('content-length');
  body(bytes);
}

function compress(identity: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return gzipSync(identity, { level: 6 });
  return brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
}

/** Adds to `vary` rather than replacing it: CORS may have put `origin` there. */
function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (!fields.includes(field)) void reply.header('vary', current ? `${current}, ${field}` : field);
}

/** RFC 9110 §13.1.2: `*` or a list of tags, compared weakly (the W/ prefix does not count). */
function names(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const wanted = etag.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === wanted;
  });
}

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATEGORIES, VIDEOS } from '../catalogue/catalogue.data';
import { encodedVariants, pickEncoding, type EncodedVariants } from './http-encoding';

/** The catalogue reads (their routed patterns): public reference data, the same for every user. */
const CATALOGUE_ROUTES = new Set(['/api/videos', '/api/video/:videoId', '/api/categories', '/api/categories/:categoryId']);

/**
 * The catalogue cannot change while the process runs, so one validator covers all of its answers:
 * a hash of the whole catalogue, made once. Weak (`W/`), because it names the content, not the bytes
 * of one encoding.
 */
const CATALOGUE_ETAG = `W/"${createHash('sha256').update(JSON.stringify({ VIDEOS, CATEGORIES })).digest('base64url').slice(0, 22)}"`;

/**
 * Catalogue GETs send an ETag with `cache-control: no-cache` (a browser may keep them but asks
 * every time) instead of the API's `no-store`, and answer 304 without a body to an If-None-Match
 * that names it. Only 200s: a 404 for an unknown video stays a 404 and `no-store`. Every per-user
 * route keeps `no-store` (http-security.ts).
 *
 * Their bodies go out brotli or gzip compressed when the client takes it (the video list is ~11 kB of
 * JSON, ~2 kB compressed). Each answer is compressed once and kept: there are only as many as the
 * catalogue has videos and categories plus two lists, since only 200s of known ids get here.
 */
export function cacheAndCompressCatalogueReads(fastify: FastifyInstance): void {
  const compressed = new Map<string, EncodedVariants>();
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const route = request.routeOptions.url ?? '';
    if (reply.statusCode !== 200 || !CATALOGUE_ROUTES.has(route)) return done(null, payload);
    void reply.header('etag', CATALOGUE_ETAG).header('cache-control', 'no-cache');
    addVary(reply, 'accept-encoding');
    if (namesCatalogue(request.headers['if-none-match'])) {
      void reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return done(null, null);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const key = `${route} ${JSON.stringify(request.params)}`;
    let variants = compressed.get(key);
    if (!variants) compressed.set(key, (variants = encodedVariants(Buffer.from(payload))));
    const { encoding, body } = pickEncoding(variants, request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding).removeHeader('content-length');
    done(null, body);
  });
}

/** Adds to `vary` rather than replacing it: CORS may have put `origin` there. */
function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (!fields.includes(field)) void reply.header('vary', current ? `${current}, ${field}` : field);
}

/** RFC 9110 §13.1.2: `*` or a list of tags, compared weakly (the W/ prefix does not count). */
function namesCatalogue(ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  const wanted = CATALOGUE_ETAG.slice(2);
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === wanted;
  });
}

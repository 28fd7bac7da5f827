import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATEGORIES, VIDEOS } from '../catalogue/catalogue.data';

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
 */
export function revalidateCatalogueReads(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (reply.statusCode !== 200 || !CATALOGUE_ROUTES.has(request.routeOptions.url ?? '')) return done(null, payload);
    void reply.header('etag', CATALOGUE_ETAG).header('cache-control', 'no-cache');
    if (!namesCatalogue(request.headers['if-none-match'])) return done(null, payload);
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    done(null, null);
  });
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

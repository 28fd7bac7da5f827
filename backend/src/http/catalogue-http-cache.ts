import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogueAnswers, KeptAnswer } from './catalogue-answers';
import { addVary, preferredEncoding } from './http-encoding';

/** The catalogue reads (their routed patterns): public, the same for every user. */
const CATALOGUE_ROUTES = new Set(['/api/videos', '/api/video/:videoId', '/api/categories', '/api/categories/:categoryId']);

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
 * and kept (catalogue-answers.ts: the coding sent, the most recently used URLs up to a number of bytes);
 * `version` moves with every change an answer may show. While its version is current, a kept answer is sent
 * before the handler runs: the same URL asked again (home's first page, a popular search) costs neither the
 * search nor the JSON nor the compression again. The answer depends on the URL alone (these routes are public,
 * the same for everyone), so it is the same bytes the handler would have made.
 */
export function cacheAndCompressCatalogueReads(
  fastify: FastifyInstance,
  version: () => number,
  kept: CatalogueAnswers = new CatalogueAnswers(),
): void {
  fastify.addHook('preHandler', (request: Marked, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || !CATALOGUE_ROUTES.has(request.routeOptions.url ?? '')) return done();
    const answer = kept.find(request.url, version());
    if (answer === undefined) return done();
    request[FROM_KEPT] = true;
    if (answer.link) void reply.header('link', answer.link);
    send(
      kept,
      request,
      reply,
      answer,
      (body) => void (body === null ? reply.send() : reply.type('application/json; charset=utf-8').send(body)),
    );
  });
  fastify.addHook('onSend', (request: Marked, reply: FastifyReply, payload: unknown, done) => {
    const route = request.routeOptions.url ?? '';
    if (request[FROM_KEPT] || reply.statusCode !== 200 || !CATALOGUE_ROUTES.has(route)) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const link = reply.getHeader('link');
    const identity = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const coding = preferredEncoding(request.headers['accept-encoding']);
    const answer = kept.keep(request.url, version(), identity, coding, typeof link === 'string' ? link : undefined);
    send(kept, request, reply, answer, (body) => done(null, body));
  });
}

/** The kept answer's headers, then a 304 to a client that has it, else its bytes in the coding the client takes. */
function send(
  kept: CatalogueAnswers,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: KeptAnswer,
  body: (bytes: Buffer | null) => void,
): void {
  void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
  addVary(reply, 'accept-encoding');
  if (names(request.headers['if-none-match'], answer.etag)) {
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return body(null);
  }
  const coding = preferredEncoding(request.headers['accept-encoding']);
  const bytes = kept.bytes(answer, coding);
  if (coding) void reply.header('content-encoding', coding).removeHeader('content-length');
  body(bytes);
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

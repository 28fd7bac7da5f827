import { CHANGES_POSITION_HEADER } from './changes-position';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THUMBNAIL_ORIGINS } from '../catalogue/thumbnails';
import { AppConfig } from '../config/app-config';
import { ERRORS } from '../errors/error-catalogue';
import { NO_INLINE_SOURCES, type InlineSources } from './inline-sources';

/**
 * The page's content-security policy: everything from our own origin, no inline script or style but index.html's own
 * (each allowed by its hash: `inline`, inline-sources.ts), plus exactly
 * the third parties the app uses — the thumbnails' hosts (THUMBNAIL_ORIGINS, catalogue/thumbnails.ts: the one list the
 * catalogue also checks every thumbnail against, so that the policy allows each one it serves) and the embedded player
 * (youtube.com / youtube-nocookie.com). `data:` images are the inlined icons and avatars.
 */
const pageCsp = (inline: InlineSources) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    ["img-src 'self' data:", ...THUMBNAIL_ORIGINS].join(' '),
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** API answers are JSON and never rendered: nothing may load from them, nobody may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Sent with every answer, API and static files alike (helmet's defaults, tightened). */
const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // The origin (not the path) still goes to YouTube, whose embedded player requires a referrer.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** Swagger UI is a page of ours (scripts and styles from this origin; it sets inline styles). */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'";

const isApi = (url: string) => /^\/api(\/|$|\?)/.test(url);
const isDocs = (url: string) => /^\/api\/docs(\/|$|\?)/.test(url);

/**
 * The path a raw request target names, as the router reads it: the absolute form
 * (`http://host/api/…`) loses its scheme and authority, and percent-escapes are decoded
 * (`/%61pi/…` is `/api/…`), so the headers follow the route that answers, not the spelling.
 * A target that cannot be decoded keeps its raw path (Fastify refuses it with a 400 anyway).
 */
export function routedPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const query = path.search(/[?#]/);
  if (query >= 0) path = path.slice(0, query);
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Every security header for an answer to `url` (undefined: the URL could not be read); `inline`, the inline
 * styles and scripts a page may run (inline-sources.ts).
 */
export function securityHeaders(
  url: string | undefined,
  production: boolean,
  inline: InlineSources = NO_INLINE_SOURCES,
): Record<string, string> {
  const headers = { ...COMMON_HEADERS };
  if (url !== undefined) url = routedPath(url);
  // Browsers ignore HSTS over plain HTTP; in production the app sits behind TLS.
  if (production) headers['strict-transport-security'] = 'max-age=15552000; includeSubDomains';
  if (url !== undefined && isDocs(url)) {
    headers['content-security-policy'] = DOCS_CSP;
  } else if (url === undefined || isApi(url)) {
    headers['content-security-policy'] = API_CSP;
    // Per-user lists must not be kept by shared caches or the browser's back/forward cache.
    headers['cache-control'] = 'no-store';
  } else {
    headers['content-security-policy'] = pageCsp(inline);
  }
  return headers;
}

/**
 * Security headers on every response and CORS closed unless `CORS_ORIGINS` lists origins.
 * Must run before the app is initialised so that the hook precedes every route. (Answers that
 * Fastify writes before routing, see http/framework-errors.ts, add the same headers.)
 */
export function applyHttpSecurity(app: NestFastifyApplication, config: AppConfig, inline: InlineSources = NO_INLINE_SOURCES): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  // The three sets, made once (reply.headers copies them): this hook runs for every request.
  const [api, docs, page] = ['/api', '/api/docs', '/'].map((url) => securityHeaders(url, config.production, inline));
  // onRequest runs before routing, parsing and every error path, so 404s, 413s and files get them too.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Decided on the path the router matched (its pattern when a route matched), never the raw spelling.
    const path = routedPath(request.routeOptions.url ?? request.url);
    void reply.headers(isDocs(path) ? docs : isApi(path) ? api : page);
    done();
  });
  requireJsonBodies(fastify);
  if (config.corsOrigins.length > 0) {
    // The token travels in `authorization`, never in a cookie: no credentials mode is needed. Every
    // method and request header the API reads, and the answer headers a client acts on (SECURITY.md §7).
    app.enableCors({
      origin: [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'if-none-match', 'last-event-id', 'x-request-id'],
      exposedHeaders: ['retry-after', 'idempotent-replayed', 'etag', 'x-request-id', CHANGES_POSITION_HEADER],
      credentials: false,
      maxAge: 600,
    });
  }
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
const isJsonType = (type: string | undefined) => type !== undefined && /^application\/json\s*(;|$)/i.test(type.trim());

/**
 * JSON only: a request that carries a body in any other type (or none) is answered 415 before its
 * body is read. Form encodings and `text/plain` are what a foreign page can make a browser send
 * without a CORS preflight, so accepting them would let any site sign a visitor up or log them in.
 * Registered after the headers hook, so the 415 carries the security headers too.
 */
function requireJsonBodies(fastify: FastifyInstance): void {
  const refusal = JSON.stringify({ errors: [ERRORS.UNSUPPORTED_MEDIA_TYPE.message] });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
    if (hasBody && !isJsonType(request.headers['content-type'])) {
      void reply.status(ERRORS.UNSUPPORTED_MEDIA_TYPE.status).type('application/json; charset=utf-8').send(refusal);
      return;
    }
    done();
  });
}

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from './config/app-config';

/**
 * The page's content-security policy: everything from our own origin, no inline script or style,
 * plus exactly the third parties the app uses — YouTube thumbnails (i.ytimg.com) and the embedded
 * player (youtube.com / youtube-nocookie.com). `data:` images are the inlined icons and avatars.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https://i.ytimg.com",
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
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

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

/** Every security header for an answer to `url` (undefined: the URL could not be read). */
export function securityHeaders(url: string | undefined, production: boolean): Record<string, string> {
  const headers = { ...COMMON_HEADERS };
  // Browsers ignore HSTS over plain HTTP; in production the app sits behind TLS.
  if (production) headers['strict-transport-security'] = 'max-age=15552000; includeSubDomains';
  if (url !== undefined && isDocs(url)) {
    headers['content-security-policy'] = DOCS_CSP;
  } else if (url === undefined || isApi(url)) {
    headers['content-security-policy'] = API_CSP;
    // Per-user lists must not be kept by shared caches or the browser's back/forward cache.
    headers['cache-control'] = 'no-store';
  } else {
    headers['content-security-policy'] = PAGE_CSP;
  }
  return headers;
}

/**
 * Security headers on every response and CORS closed unless `CORS_ORIGINS` lists origins.
 * Must run before the app is initialised so that the hook precedes every route. (Answers that
 * Fastify writes before routing, see errors/framework-errors.ts, add the same headers.)
 */
export function applyHttpSecurity(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  // The three sets, made once (reply.headers copies them): this hook runs for every request.
  const [api, docs, page] = ['/api', '/api/docs', '/'].map((url) => securityHeaders(url, config.production));
  // onRequest runs before routing, parsing and every error path, so 404s, 413s and files get them too.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.headers(isDocs(request.url) ? docs : isApi(request.url) ? api : page);
    done();
  });
  if (config.corsOrigins.length > 0) {
    // The token travels in `authorization`, never in a cookie: no credentials mode is needed.
    app.enableCors({
      origin: [...config.corsOrigins],
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
      credentials: false,
      maxAge: 600,
    });
  }
}

import { createHmac } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from '../app.module';
import { AppConfig } from '../config/app-config';
import { ApiExceptionFilter } from './api-exception.filter';
import { frameworkErrorOptions } from './framework-errors';
import { apiValidationPipe } from '../errors/validation.pipe';
import { applyHttpSecurity } from './http-security';
import { builtInlineSources } from './inline-sources';
import { CatalogueService } from '../catalogue/catalogue.service';
import { CataloguePages } from '../catalogue/catalogue-pages';
import { VIDEO_PAGE } from '../api/dto/video-query.dto';
import { searchedHome } from './home-search';
import { BODY_LIMIT_BYTES, applyLargerBodyLimits } from './body-limits';
import { serveFrontend } from './static-frontend';
import { linkPreviewOf, requestOrigin } from './link-previews';
import { SharedPlaylistsReader } from '../queries/shared-playlists.reader';
import { setupOpenApi } from '../api/openapi/setup-openapi';
import { recordRoutes } from './route-registry';
import { echoRequestId, genReqId } from '../logging/request-id';
import { logRequests } from '../logging/request-log';
import { compressJsonAnswers } from './json-compression';
import { KnownJson, jsonReplySerializer } from './json-reply';
import { runWritesInContext } from './write-context';
import { honourIdempotencyKeys } from './idempotency-keys';
import { cacheAndCompressCatalogueReads } from './catalogue-http-cache';
import { IDEMPOTENCY_STORE } from '../idempotency/idempotency-store.port';
import { TokenService } from '../auth/token.service';
import { limitUserWrites } from './user-write-rate';
import { authenticateUserWrites } from './user-writes';
import { Authenticator } from '../auth/authenticator';
import { RATE_LIMITER } from '../rate-limits/rate-limiter.port';
import { AppMetrics, METRICS } from '../metrics/app-metrics';
import { timeRequests } from './request-metrics';
import { tellChangesPosition } from './changes-position';
import { LiveFeed } from '../live/live-feed';

/**
 * The key of the Idempotency-Key fingerprints, derived from the token secret: a fingerprint of a body
 * holding passwords cannot be tested against guesses without it.
 */
function idempotencyFingerprintSecret(config: AppConfig): Buffer {
  return createHmac('sha256', config.jwtSecret).update('techtube/idempotency-fingerprint').digest();
}

export async function createApp(config: AppConfig, options: AppModuleOptions = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Only the listed proxies may name the client in X-Forwarded-For (README "Configuration"); none by default.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    genReqId,
    // Keys that could reach Object.prototype are refused outright, not silently kept.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors Fastify answers before routing keep the `{ errors }` shape and the security headers.
    ...frameworkErrorOptions(config.production),
  });
  recordRoutes(adapter.getInstance(), adapter);
  // A catalogue import carries up to IMPORT_MAX_VIDEOS videos: its route alone takes bodies up to 8 MB.
  applyLargerBodyLimits(adapter.getInstance());
  echoRequestId(adapter.getInstance());
  // Before Nest adds the routes: it wraps every write's handler.
  runWritesInContext(adapter.getInstance());
  logRequests(adapter.getInstance(), config);
  // Before any route exists: each route takes the serializer the instance has when it is added. (Typed
  // as returning a string, but Fastify sends a Buffer from it as it is: no hook of ours rewrites payloads.)
  // The catalogue's answer objects, once the app (and so the catalogue) exists.
  const known: { json?: KnownJson } = {};
  adapter.getInstance().setReplySerializer(jsonReplySerializer(() => known.json) as (payload: unknown) => string);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  // With METRICS_PORT set (docs/design/operating.md); null otherwise, and then no hook is added.
  const metrics = app.get<AppMetrics | null>(METRICS);
  if (metrics) timeRequests(app.getHttpAdapter().getInstance(), metrics);
  // The page policy allows the built index.html's own inline styles and script by hash (inline-sources.ts).
  applyHttpSecurity(app, config, builtInlineSources(config.staticDir));
  const feed = app.get(LiveFeed);
  tellChangesPosition(app.getHttpAdapter().getInstance(), () => feed.toldThrough());
  // First the full authentication of a write's token, then the write rate (a write over it is refused
  // without using up its key), then the Idempotency-Key: only a current token counts or is answered.
  authenticateUserWrites(app.getHttpAdapter().getInstance(), app.get(Authenticator));
  limitUserWrites(app.getHttpAdapter().getInstance(), {
    limiter: app.get(RATE_LIMITER),
    rate: { limit: config.writeRateLimit.perUser, windowMs: config.writeRateLimit.windowSeconds * 1000 },
    refused: metrics ? () => metrics.refusals.inc({ limit: 'writes' }) : undefined,
  });
  const catalogue = app.get(CatalogueService);
  known.json = catalogue;
  cacheAndCompressCatalogueReads(app.getHttpAdapter().getInstance(), () => catalogue.version);
  const keys = honourIdempotencyKeys(app.getHttpAdapter().getInstance(), {
    store: app.get(IDEMPOTENCY_STORE),
    tokens: app.get(TokenService),
    fingerprintSecret: idempotencyFingerprintSecret(config),
    // A claim outlives the longest request: the command plus the wait for its projection.
    pendingMs: config.readYourWritesTimeoutMs + 60_000,
    counts: metrics
      ? { replayed: () => metrics.idempotentReplays.inc(), refused: (reason) => metrics.idempotencyConflicts.inc({ reason }) }
      : undefined,
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => keys.close());
  // After the Idempotency-Key's onSend hook, which keeps an answer as plain JSON.
  compressJsonAnswers(app.getHttpAdapter().getInstance());
  app.useGlobalPipes(apiValidationPipe());
  await setupOpenApi(app);
  // index.html carries home's first page and the categories, as GET /api/videos?limit=24 and
  // /api/categories answer them, so home renders its videos with no API call first (README, "Speed on a
  // phone"); written again when the catalogue changes.
  const pages = app.get(CataloguePages);
  const sharedPlaylists = app.get(SharedPlaylistsReader);
  const spaFallback = await serveFrontend(
    app.getHttpAdapter().getInstance(),
    config.staticDir,
    {
      id: 'catalogue-data', // read by frontend/src/features/videos/inline-catalogue.ts
      current: () => ({ ...pages.page({ sort: 'catalogue', limit: VIDEO_PAGE.default }), categories: catalogue.categories() }),
      version: () => catalogue.version,
      // Home's URL with a search (/?q=pixel) carries that search's first page instead.
      searched: searchedHome(pages, () => catalogue.categories()),
      // A guest's catalogue stream then resumes from the page, not from when it opens.
      position: () => feed.toldThrough(),
    },
    {
      of: (pathname) => linkPreviewOf(pathname, catalogue, sharedPlaylists),
      origin: (request) => config.publicOrigin ?? requestOrigin(request),
    },
  );
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback, metrics ? (limit) => metrics.refusals.inc({ limit }) : undefined));
  await app.init();
  return app;
}

import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IS_PUBLIC_KEY } from '../../backend/src/auth/auth.guard';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { registeredRoutes } from '../../backend/src/http/route-registry';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * The token guard is global (auth/auth.module.ts registers it as APP_GUARD): a route needs a valid token
 * unless its controller or handler is marked `@Public()`. These are the routes anyone may call; a route
 * made public must be added here, on purpose.
 */
const PUBLIC_ROUTES = [
  // The catalogue's changes stream (docs/design/live-updates.md): guests may listen.
  'GET /api/catalogue/changes',
  'GET /api/categories',
  'GET /api/categories/:categoryId',
  'GET /api/channels',
  'GET /api/channels/:channelId',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/playlists',
  'GET /api/playlists/:playlistId',
  'GET /api/video/:videoId',
  'GET /api/videos',
  'POST /api/auth/login',
  'POST /api/auth/signup',
  // A guest's view counts too (named by the id their browser keeps); a token, when sent, must be valid.
  'POST /api/video/:videoId/views',
];

const INVALID_TOKEN = { status: 401, errors: [ERRORS.INVALID_TOKEN.message] };

interface Route {
  readonly route: string;
  readonly public: boolean;
}

const segments = (path: string | undefined) => (path ?? '').split('/').filter(Boolean);

/** Every route of every controller the app holds, as Nest declares it, and whether it is marked @Public(). */
function declaredRoutes(app: NestFastifyApplication): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype: controller } of module.controllers.values()) {
      if (!controller) continue;
      const prototype = (controller as { prototype: Record<string, unknown> }).prototype;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function' || !Reflect.hasMetadata(PATH_METADATA, handler)) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const path = [
          'api',
          ...segments(Reflect.getMetadata(PATH_METADATA, controller)),
          ...segments(Reflect.getMetadata(PATH_METADATA, handler)),
        ];
        const isPublic = Reflect.getMetadata(IS_PUBLIC_KEY, handler) ?? Reflect.getMetadata(IS_PUBLIC_KEY, controller) ?? false;
        routes.push({ route: `${method} /${path.join('/')}`, public: isPublic === true });
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

describe.each(READ_MODEL_VARIANTS)('routes without a token on the %s read model', (variantName) => {
  const app = useAppOn(variantName);
  let routes: Route[];
  beforeAll(() => {
    routes = declaredRoutes(app.server.app);
  });

  /** A URL of the route with its parameters filled in: ids that exist, so that nothing but the token is wrong. */
  const urlOf = (route: string) =>
    route
      .split(' ')[1]!
      .replace(':playlistId', '6f1c2a3b-1111-4222-8333-944455566677')
      .replace(':videoId', app.videoIds[0]!)
      .replace(':channelId', 'unbox-therapy')
      .replace(/:[A-Za-z]+/g, 'x');

  const call = (route: string, authorization?: string) => {
    const method = route.split(' ')[0]!;
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
    return fetch(`${app.server.url}${urlOf(route)}`, {
      method,
      headers: { ...(body && { 'content-type': 'application/json' }), ...(authorization && { authorization }) },
      body,
    });
  };

  test('the routes Nest declares are exactly those the server registered (none is left out below)', () => {
    const registered = registeredRoutes(app.server.app.getHttpAdapter())
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !['HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.map((r) => r.route)).toEqual([...new Set(registered)].sort((a, b) => a.localeCompare(b)));
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.length);
  });

  test('only the listed routes are marked @Public()', () => {
    expect(routes.filter((r) => r.public).map((r) => r.route)).toEqual(PUBLIC_ROUTES);
  });

  test('every route not marked @Public() answers 401 without a token, and with a token that is not ours', async () => {
    for (const { route } of routes.filter((r) => !r.public)) {
      for (const authorization of [undefined, 'Bearer not.a.token']) {
        const res = await call(route, authorization);
        expect({ route, authorization, status: res.status, errors: ((await res.json()) as { errors?: string[] }).errors }).toEqual({
          route,
          authorization,
          ...INVALID_TOKEN,
        });
      }
    }
  });

  test('the public routes and the API docs answer without a token (whatever else they answer, never 401)', async () => {
    for (const route of [...PUBLIC_ROUTES, 'GET /api/docs/json']) {
      const res = await call(route);
      expect({ route, unauthorized: res.status === 401 }).toEqual({ route, unauthorized: false });
    }
  });
});

import { launchBrowser } from '../support/browser';
import { registeredRoutes } from '../../backend/src/http/route-registry';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { APP_EVENT_TYPES } from '../../backend/src/events/app-events';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('OpenAPI document at /api/docs', () => {
  let server: RunningApp;
  let doc: any;

  beforeAll(async () => {
    server = await startApp();
    doc = (await new ApiClient(server.url).get('/docs/json')).body;
  });
  afterAll(() => server?.close());

  test('lists exactly the /api routes the app registers', () => {
    const documented = Object.entries<Record<string, unknown>>(doc.paths)
      .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    // createApp recorded the routes under its FastifyAdapter, which is what getHttpAdapter() returns.
    const routes = registeredRoutes(server.app.getHttpAdapter());
    const registered = [
      ...new Set(
        routes
          .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !['HEAD', 'OPTIONS'].includes(r.method))
          .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`),
      ),
    ].sort();
    expect(registered.length).toBeGreaterThanOrEqual(22);
    expect(documented).toEqual(registered);
  });

  test('every user and operator route needs the authorization token; auth and catalogue routes do not', () => {
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: 'authorization' });
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const secured = (item[method].security ?? []).some((s: Record<string, unknown>) => 'token' in s);
        expect({ route: `${method} ${path}`, secured }).toEqual({
          route: `${method} ${path}`,
          secured: path === '/api/user' || path.startsWith('/api/user/') || path.startsWith('/api/admin/'),
        });
      }
    }
  });

  test('every route documents its success answer and its errors in the {errors} shape, with the §8 messages', () => {
    const descriptions: string[] = [];
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const statuses = Object.keys(item[method].responses);
        expect({ route: `${method} ${path}`, ok: statuses.some((s) => s.startsWith('2')) }).toEqual({
          route: `${method} ${path}`,
          ok: true,
        });
        for (const [status, response] of Object.entries<any>(item[method].responses)) {
          if (Number(status) >= 400) {
            expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorsSchema');
            descriptions.push(response.description);
          }
        }
      }
    }
    const all = descriptions.join('\n');
    for (const code of [
      'EMAIL_EXISTS',
      'EMAIL_NOT_REGISTERED',
      'USER_NOT_FOUND',
      'INVALID_CREDENTIALS',
      'INVALID_TOKEN',
      'ALREADY_IN_HISTORY',
      'ALREADY_LIKED',
      'ALREADY_IN_PLAYLIST',
      'ALREADY_IN_WATCH_LATER',
    ] as const) {
      expect(all).toContain(ERRORS[code].message);
    }
    expect(doc.components.schemas.VideoBodyDto.properties.video).toBeDefined();
    expect(doc.components.schemas.NewPlaylistDto.properties.title).toMatchObject({ maxLength: 100 });
  });

  test('the caps and rate limits are documented: 422 caps, the 413 import cap, 429 signups and writes (issue 15)', () => {
    const described = (method: string, path: string, status: number): string =>
      doc.paths[path]?.[method]?.responses?.[String(status)]?.description ?? '';
    const expectDocumented = (method: string, path: string, status: number, code: keyof typeof ERRORS) =>
      expect({ route: `${method} ${path} ${status}`, documented: described(method, path, status).includes(ERRORS[code].message) }).toEqual({
        route: `${method} ${path} ${status}`,
        documented: true,
      });
    expectDocumented('post', '/api/user/playlists', 422, 'PLAYLIST_CAP_REACHED');
    expectDocumented('post', '/api/user/playlists/{playlistId}', 422, 'PLAYLIST_VIDEO_CAP_REACHED');
    for (const code of ['PLAYLIST_CAP_REACHED', 'PLAYLIST_VIDEO_CAP_REACHED'] as const) {
      expectDocumented('post', '/api/user/import', 422, code);
      expectDocumented('post', '/api/user/undo', 422, code);
    }
    expectDocumented('post', '/api/user/import', 413, 'IMPORT_TOO_LARGE');
    expectDocumented('post', '/api/auth/signup', 429, 'TOO_MANY_SIGNUPS');
    expectDocumented('post', '/api/auth/login', 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    for (const path of ['/api/playlists', '/api/playlists/{playlistId}']) expectDocumented('get', path, 429, 'TOO_MANY_PUBLIC_READS');
    const writes = Object.entries<Record<string, unknown>>(doc.paths)
      .filter(([path]) => path.startsWith('/api/user/'))
      .flatMap(([path, item]) => (['post', 'put', 'patch', 'delete'] as const).filter((m) => item[m]).map((m) => [m, path] as const));
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of writes) expectDocumented(method, path, 429, 'TOO_MANY_WRITES');
  });

  test('each error answer names its codes with their exact status and message; the activity type lists every event type', () => {
    let named = 0;
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        for (const [status, response] of Object.entries<any>(item[method].responses)) {
          if (Number(status) < 400) continue;
          const examples = Object.entries<any>(response.content['application/json'].examples ?? {});
          expect({ route: `${method} ${path} ${status}`, examples: examples.length > 0 }).toEqual({
            route: `${method} ${path} ${status}`,
            examples: true,
          });
          for (const [code, example] of examples.filter(([name]) => name !== 'validation')) {
            expect({ code, status: Number(status), body: example.value }).toEqual({
              code,
              status: ERRORS[code as keyof typeof ERRORS].status,
              body: { errors: [ERRORS[code as keyof typeof ERRORS].message] },
            });
            named++;
          }
        }
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(doc['x-error-catalogue']).toEqual(ERRORS);
    // The frontend's generated types give the timeline this union: every event the backend can emit.
    expect(doc.components.schemas.ActivityItemSchema.properties.type.enum).toEqual([...APP_EVENT_TYPES]);
  });

  test('Swagger UI renders in Chromium under the page policy', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${server.url}/api/docs`);
      await page.getByText('TechTube API').first().waitFor({ timeout: 15_000 });
      await page.getByText('/api/user/likes', { exact: true }).first().waitFor({ timeout: 15_000 });
      expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

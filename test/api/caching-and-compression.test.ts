import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

const DIST = join(__dirname, '..', '..', 'frontend', 'dist');

interface BytesResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A GET whose body is kept as the bytes sent (fetch would undo the content-encoding). */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<BytesResponse> {
  return send(baseUrl, 'GET', path, headers);
}

/** A request whose answer is kept as the bytes sent; `body` is sent as JSON. */
function send(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<BytesResponse> {
  const { hostname, port } = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const sent = payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : headers;
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port: Number(port), method, path, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The body as the client reads it, undoing the content-encoding the server chose. */
function decoded(res: BytesResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.bytes);
  if (encoding === 'gzip') return gunzipSync(res.bytes);
  expect(encoding).toBeUndefined();
  return res.bytes;
}

const securityHeaders = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

describe('static files: compressed, cached for a year when hashed, revalidated otherwise', () => {
  let server: RunningApp;
  const built = existsSync(join(DIST, 'index.html'));
  const assets = built ? readdirSync(join(DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f)) : [];
  const largest = (ext: string) =>
    assets
      .filter((f) => f.endsWith(ext))
      .map((f) => ({ f, size: readFileSync(join(DIST, 'assets', f)).length }))
      .sort((a, b) => b.size - a.size)[0]?.f;

  beforeAll(async () => {
    server = await startApp();
  });
  afterAll(() => server?.close());

  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('hashed JavaScript and CSS with accept-encoding "%s": %s, immutable for a year, the exact file', async (accept, encoding) => {
    if (!built) return console.log('frontend/dist is not built (npm run build -w frontend): static caching not checked');
    for (const file of [largest('.js')!, largest('.css')!]) {
      const res = await get(server.url, `/assets/${file}`, accept ? { 'accept-encoding': accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(file.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(res.headers).toMatchObject(securityHeaders);
      expect(decoded(res).equals(readFileSync(join(DIST, 'assets', file)))).toBe(true);
      if (encoding) expect(res.bytes.length).toBeLessThan(readFileSync(join(DIST, 'assets', file)).length / 2);
    }
  });

  test.each(['/', '/index.html', '/like', '/videoPlay/BJrsmM6aEYE', '/playlist/some-id'])(
    '%s is index.html with home’s first page written in, no-cache (always revalidated, so a new build shows at once), compressed when asked',
    async (path) => {
      if (!built) return console.log('frontend/dist is not built (npm run build -w frontend): page caching not checked');
      const api = new ApiClient(server.url);
      const page = (await api.get('/videos?limit=24')).body;
      const catalogue = { videos: page.videos, next: page.next, categories: (await api.get('/categories')).body.categories };
      const index = readFileSync(join(DIST, 'index.html'), 'utf8');
      for (const accept of ['br, gzip', 'gzip', '']) {
        const res = await get(server.url, path, accept ? { 'accept-encoding': accept } : {});
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers).toMatchObject(securityHeaders);
        expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
        // The built file, with home's first page as GET /api/videos?limit=24 and /api/categories answer them in one JSON data block
        // (no executable inline script: the CSP keeps script-src 'self').
        const html = decoded(res).toString('utf8');
        // A video's page also names the video (test/api/link-previews.test.ts): without those tags, the same file.
        const previewTags =
          /\n {4}<title>.*?<\/title>|\n {4}<(?:meta (?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"|link rel="canonical")[^>]*>/g;
        const named = path.startsWith('/videoPlay/');
        expect(html.includes('<meta property="og:type" content="video.other" />')).toBe(named);
        const page = named ? html.replace(previewTags, '') : html;
        const block = /<script type="application\/json" id="catalogue-data">([^<]*)<\/script>\n\s*/.exec(page);
        expect(JSON.parse(block![1]!)).toEqual(catalogue);
        // The page's own code may be preloaded too (test/api/route-preloads.test.ts): the rest is the built file.
        const preloads = /\s*<link rel="(?:modulepreload|preload)"[^>]*>/g;
        expect(page.replace(block![0], '').replace(preloads, '')).toBe(
          (named ? index.replace(previewTags, '') : index).replace(preloads, ''),
        );
      }
    },
  );

  test("home's URL with a search carries that search's first page, as GET /api/videos?limit=24 answers it for the search home asks for; a search the API would refuse, home's own", async () => {
    if (!built) return console.log('frontend/dist is not built (npm run build -w frontend): search pages not checked');
    const api = new ApiClient(server.url);
    const blockOf = (html: string) => JSON.parse(/<script type="application\/json" id="catalogue-data">([^<]*)<\/script>/.exec(html)![1]!);
    const page = async (path: string, accept = 'br, gzip') => {
      const res = await get(server.url, path, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers).toMatchObject(securityHeaders);
      return decoded(res).toString('utf8');
    };
    const categories = (await api.get('/categories')).body.categories;
    const home = blockOf(await page('/'));
    expect(home.query).toBeUndefined();

    // Home reads its URL as frontend/src/features/videos/home-query.ts does: trimmed, blank or unknown parameters dropped.
    const searches: [string, Record<string, string>][] = [
      ['/?q=pixel', { q: 'pixel' }],
      ['/?q=%20Pixel%20&sort=popular&page=2', { q: 'Pixel', sort: 'popular' }],
      // A second '?' is part of the query, as home's URLSearchParams reads it.
      ['/?sort=newest&q=pixel?', { q: 'pixel?', sort: 'newest' }],
      ['/?category=television&sort=newest', { category: 'television', sort: 'newest' }],
      ['/?q=samsung&category=smartphone&sort=title', { q: 'samsung', category: 'smartphone' }],
    ];
    for (const [path, query] of searches) {
      const answer = (await api.get(`/videos?${new URLSearchParams({ limit: '24', ...query })}`)).body;
      expect(answer.videos.length).toBeGreaterThan(0);
      for (const accept of ['br', 'gzip', ''])
        expect(blockOf(await page(path, accept))).toEqual({ query, videos: answer.videos, next: answer.next, categories });
    }
    // Nothing home searches for, a category the API does not know, a search it takes as too long: home's own page.
    for (const path of ['/?sort=title', '/?q=%20&category=', '/?category=no-such-category', `/?q=${'a'.repeat(201)}`])
      expect(blockOf(await page(path))).toEqual(home);
    // The page is otherwise home's (the built file: the test above).
    const withoutData = (html: string) => html.replace(/<script type="application\/json" id="catalogue-data">[^<]*<\/script>\n\s*/, '');
    expect(withoutData(await page('/?q=pixel'))).toBe(withoutData(await page('/')));
  });
});

describe.each(READ_MODEL_VARIANTS)('catalogue reads on the %s read model: ETag and 304', (variantName) => {
  const app = useAppOn(variantName);

  const catalogueReads = () => {
    const videoId = app.videoIds[0]!;
    return ['/api/videos', `/api/video/${videoId}`, '/api/categories'];
  };

  test('each catalogue GET sends an ETag and no-cache; the same ETag back in If-None-Match is a 304 without a body', async () => {
    const { body } = await app.guest.get('/categories');
    const paths = [...catalogueReads(), `/api/categories/${body.categories[0]._id}`];
    for (const path of paths) {
      const first = await get(app.server.url, path);
      expect(first.status).toBe(200);
      const etag = first.headers['etag'];
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers).toMatchObject(securityHeaders);

      const again = await get(app.server.url, path, { 'if-none-match': String(etag) });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers).toMatchObject(securityHeaders);
      // A list of tags, the strong spelling of the same tag, and `*` match too (weak comparison).
      for (const header of [`"other", ${etag}`, String(etag).slice(2), '*']) {
        expect((await get(app.server.url, path, { 'if-none-match': header })).status).toBe(304);
      }
      const stale = await get(app.server.url, path, { 'if-none-match': 'W/"an-older-catalogue"' });
      expect(stale.status).toBe(200);
      expect(JSON.parse(stale.bytes.toString('utf8'))).toEqual(JSON.parse(first.bytes.toString('utf8')));
    }
  });

  test('catalogue bodies go out brotli or gzip compressed as the client asks, the same JSON once decoded', async () => {
    for (const path of catalogueReads()) {
      const plain = await get(app.server.url, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        // Twice: the first answer is compressed and kept, the second served from what was kept.
        for (let round = 0; round < 2; round++) {
          const res = await get(app.server.url, path, { 'accept-encoding': accept });
          expect(res.status).toBe(200);
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.headers['vary']).toMatch(/accept-encoding/i);
          expect(decoded(res).equals(plain.bytes)).toBe(true);
        }
      }
    }
    const list = await get(app.server.url, '/api/videos', { 'accept-encoding': 'br' });
    expect(list.bytes.length).toBeLessThan(decoded(list).length / 3);
  });

  test('an unknown video or category stays a 404 with no-store and no ETag, even with If-None-Match: *', async () => {
    for (const path of ['/api/video/not-a-video', '/api/categories/not-a-category']) {
      const res = await get(app.server.url, path, { 'if-none-match': '*' });
      expect(res.status).toBe(404);
      expect(res.headers['etag']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(res.bytes.toString('utf8'))).toHaveProperty('errors');
    }
  });

  test('with CORS_ORIGINS set, a catalogue read varies on both origin and accept-encoding', async () => {
    const server = await startApp({ env: { CORS_ORIGINS: 'https://app.example.com' } });
    try {
      const res = await get(server.url, '/api/videos', { origin: 'https://app.example.com', 'accept-encoding': 'br' });
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(res.headers['vary']).toLowerCase().split(/,\s*/).sort()).toEqual(['accept-encoding', 'origin']);
      // The app's pages and files too: a shared cache keeps them apart by both.
      const page = await get(server.url, '/like', { origin: 'https://app.example.com' });
      const script = /<script type="module"[^>]* src="([^"]+)"/.exec(page.bytes.toString())?.[1];
      expect(script).toMatch(/^\/assets\//);
      for (const path of ['/', '/like', script!]) {
        const answer = await get(server.url, path, { origin: 'https://app.example.com', 'accept-encoding': 'br' });
        expect(answer.status).toBe(200);
        expect({ path, vary: String(answer.headers['vary']).toLowerCase().split(/,\s*/).sort() }).toEqual({
          path,
          vary: ['accept-encoding', 'origin'],
        });
      }
    } finally {
      await server.close();
    }
  });

  test('other JSON answers of 1 kB or more (lists, a channel, the OpenAPI document) go out brotli or gzip as asked; small ones and a client asking none get plain JSON', async () => {
    const { client } = await new ApiClient(app.server.url).signUpUser('Compressed');
    const auth = { authorization: client.token! };
    for (const videoId of app.videoIds.slice(0, 4))
      expect((await client.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);
    const { body: catalogue } = await app.guest.get('/videos');
    // The OpenAPI document is over 64 kB: compressed off the event loop.
    const large = ['/api/user/likes', `/api/channels/${encodeURIComponent(catalogue.videos[0].channelId)}`, '/api/docs/json'];
    for (const path of large) {
      const plain = await get(app.server.url, path, auth);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        const res = await get(app.server.url, path, { ...auth, 'accept-encoding': accept });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['vary']).toMatch(/accept-encoding/i);
        expect(decoded(res).equals(plain.bytes)).toBe(true);
        expect(res.bytes.length).toBeLessThan(plain.bytes.length / 2);
      }
    }
    // Under 1 kB: as it is.
    const small = await get(app.server.url, '/api/user/watchlater', { ...auth, 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  test("an Idempotency-Key's answer is kept plain: its replay comes compressed or not as the replay's own request asks", async () => {
    const { client } = await new ApiClient(app.server.url).signUpUser('Replayed');
    for (const videoId of app.videoIds.slice(0, 3))
      expect((await client.post('/user/likes', { video: { _id: videoId } })).status).toBe(201);
    const key = { authorization: client.token!, 'idempotency-key': `compressed-${Date.now().toString(36)}` };
    const body = { video: { _id: app.videoIds[3]! } };
    const first = await send(app.server.url, 'POST', '/api/user/likes', { ...key, 'accept-encoding': 'br' }, body);
    expect(first.status).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const replayedPlain = await send(app.server.url, 'POST', '/api/user/likes', { ...key }, body);
    expect(replayedPlain.status).toBe(201);
    expect(replayedPlain.headers['content-encoding']).toBeUndefined();
    expect(replayedPlain.bytes.equals(decoded(first))).toBe(true);
    const replayedGzip = await send(app.server.url, 'POST', '/api/user/likes', { ...key, 'accept-encoding': 'gzip' }, body);
    expect(replayedGzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(replayedGzip).equals(replayedPlain.bytes)).toBe(true);
  });

  test("a user's own lists stay no-store with no ETag (SECURITY.md §7), whatever If-None-Match says", async () => {
    const { client } = await new ApiClient(app.server.url).signUpUser('Etag');
    for (const path of ['/api/user/likes', '/api/user/history', '/api/user/playlists']) {
      const res = await get(app.server.url, path, { authorization: client.token!, 'if-none-match': '*' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['etag']).toBeUndefined();
    }
  });
});

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THUMBNAIL_ORIGINS } from '../../backend/src/catalogue/thumbnails';
import { CatalogueWrites } from '../../backend/src/commands/catalogue/catalogue-writes';
import { ApiClient } from '../support/api-client';
import { signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * What operators write into the catalogue (docs/design/catalogue.md, "Operator text and thumbnails"): one text rule for
 * every title, description, channel and category name (visible, no control or bidi characters, NFC, bounded), and
 * thumbnails only on the hosts the page's Content-Security-Policy allows, from the one list the policy is built from.
 * On publish, edit, import and the category routes; a refused request changes nothing.
 */
const staticDir = mkdtempSync(join(tmpdir(), 'techtube-operator-text-'));
copyFileSync(join(__dirname, '../../frontend/index.html'), join(staticDir, 'index.html'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

let serial = 0;
/** A fresh, valid video id (11 characters), unique within the run. */
const newId = () => `O${Date.now().toString(36).slice(-5)}${(serial++).toString(36).padStart(5, '0')}`.slice(0, 11);
const video = (over: Record<string, unknown> = {}) => ({
  _id: newId(),
  title: 'An operator video',
  description: 'What this is about',
  category: 'television',
  channel: 'Operator Channel',
  duration: '3:21',
  ...over,
});

/** The control characters the text rule refuses: NUL, BEL, ESC (of an ANSI escape), DEL, NEL (U+0085), a C1 CSI. */
const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001B[31m'],
  ['DEL', '\u007F'],
  ['NEL', '\u0085'],
  ['CSI', '\u009B'],
  ['vertical tab', '\u000B'],
];
const CONTROL_MESSAGE = 'must not contain control characters';
const BIDI_MESSAGE = 'must not contain bidirectional override characters';
const VISIBLE_MESSAGE = 'must contain visible characters';
const HOST_MESSAGE = `thumbnail must be a picture on ${THUMBNAIL_ORIGINS.join(' or ')}, the image hosts the page allows`;
const CREDENTIALS_MESSAGE = 'thumbnail must not carry a user name or password (user:password@)';
const HTTPS_MESSAGE = 'thumbnail must be an https URL';

/** True when one of the answer's errors starts with `message`. */
const names = (body: unknown, message: string) => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((error) => typeof error === 'string' && error.startsWith(message));
};

/** The content of every `<meta property|name="key">` of a page, unescaped. */
function metas(html: string, key: string): string[] {
  const tags = html.match(new RegExp(`<meta (?:property|name)="${key}" content="[^"]*"`, 'g')) ?? [];
  return tags.map((tag) =>
    /content="([^"]*)"/
      .exec(tag)![1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
const ANY_CONTROL = /(?![\t\n\r])\p{Cc}/u;

describe.each(READ_MODEL_VARIANTS)('operator text and thumbnails on the %s read model', (variant) => {
  const app = useAppOn(variant, { env: { STATIC_DIR: staticDir } });
  let operator: ApiClient;
  let operatorId: string;
  let categoryId: string;

  beforeAll(async () => {
    ({ client: operator, userId: operatorId } = await signUpOperator(app.server));
    const created = await operator.post('/admin/categories', { category: { name: `Rules ${variant}`, description: 'Before' } });
    expect(created.status).toBe(201);
    categoryId = created.body.category._id;
  });

  const count = async () => (await app.guest.get('/videos')).body.videos.length as number;
  const page = async (path: string) => {
    const response = await fetch(`${app.server.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  test('control characters (NUL, BEL, ESC, DEL, U+0085, C1) are refused in every operator text field: publish, edit, import, categories; nothing changes', async () => {
    const before = await count();
    const published = (await operator.post('/admin/videos', { video: video({ title: 'Kept as it is' }) })).body.video;
    const categoryBefore = (await app.guest.get(`/categories/${categoryId}`)).body.category;
    for (const [name, control] of CONTROLS) {
      for (const field of ['title', 'description', 'channel']) {
        const text = `Bad ${name} ${control} here`;
        const created = await operator.post('/admin/videos', { video: video({ [field]: text }) });
        expect({ name, field, status: created.status, named: names(created.body, `video.${field} ${CONTROL_MESSAGE}`) }).toEqual({
          name,
          field,
          status: 400,
          named: true,
        });
        const edited = await operator.request('PATCH', `/admin/videos/${published._id}`, { video: { [field]: text } });
        expect({ name, field, status: edited.status, named: names(edited.body, `video.${field} ${CONTROL_MESSAGE}`) }).toEqual({
          name,
          field,
          status: 400,
          named: true,
        });
      }
      for (const field of ['name', 'title', 'description']) {
        const text = `Bad ${name} ${control} here`;
        const body = { category: { name: `Fresh ${name} ${variant}`, [field]: text } };
        const created = await operator.post('/admin/categories', body);
        expect({ name, field, status: created.status, named: names(created.body, `category.${field} ${CONTROL_MESSAGE}`) }).toEqual({
          name,
          field,
          status: 400,
          named: true,
        });
        const changed = await operator.request('PATCH', `/admin/categories/${categoryId}`, { category: { [field]: text } });
        expect({ name, field, status: changed.status, named: names(changed.body, `category.${field} ${CONTROL_MESSAGE}`) }).toEqual({
          name,
          field,
          status: 400,
          named: true,
        });
      }
    }
    // The message names what a description may keep.
    const bell = await operator.post('/admin/videos', { video: video({ description: 'ring\u0007' }) });
    expect(bell.body).toEqual({
      errors: ['video.description must not contain control characters other than line breaks and tabs (U+0000–U+001F, U+007F–U+009F)'],
    });
    expect(await count()).toBe(before + 1);
    expect((await app.guest.get(`/video/${published._id}`)).body.video).toMatchObject({
      title: 'Kept as it is',
      description: 'What this is about',
      channel: 'Operator Channel',
    });
    expect((await app.guest.get(`/categories/${categoryId}`)).body.category).toEqual(categoryBefore);
    expect((await app.guest.get('/categories')).body.categories.map((c: { title: string }) => c.title).join('')).not.toMatch(ANY_CONTROL);
  });

  test('the import refuses an entry with control characters in its own refused list and publishes the others', async () => {
    const good = video({ description: 'Line one\nline two\twith a tab' });
    const entries = [
      good,
      video({ description: 'NUL \u0000 inside' }),
      video({ description: 'NEL \u0085 inside' }),
      video({ title: 'ESC \u001B[2J' }),
      video({ channel: 'DEL \u007F' }),
      video({ description: 'bidi \u202E reversed' }),
      video({ description: '\u200B\u3164' }),
    ];
    const res = await operator.post('/admin/videos/import', { videos: entries });
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual([good._id]);
    expect(res.body.skipped).toEqual([]);
    const refused = res.body.refused as { index: number; errors: string[] }[];
    expect(refused.map(({ index }) => index)).toEqual([1, 2, 3, 4, 5, 6]);
    const expected = [
      `description ${CONTROL_MESSAGE}`,
      `description ${CONTROL_MESSAGE}`,
      `title ${CONTROL_MESSAGE}`,
      `channel ${CONTROL_MESSAGE}`,
      `description ${BIDI_MESSAGE}`,
      'description must be empty or contain visible characters',
    ];
    refused.forEach(({ errors }, i) =>
      expect({ index: i + 1, named: names({ errors }, expected[i]!) }).toEqual({ index: i + 1, named: true }),
    );
    for (const entry of entries.slice(1)) expect((await app.guest.get(`/video/${entry._id}`)).status).toBe(404);
    // Line breaks and tabs are a description's own.
    expect((await app.guest.get(`/video/${good._id}`)).body.video.description).toBe('Line one\nline two\twith a tab');
  });

  test('bidi controls, invisible-only text and over-long text are refused in every field; descriptions may be empty; text is stored NFC', async () => {
    const refusals: [string, Record<string, unknown>, string][] = [
      ['/admin/videos', { video: video({ channel: 'x\u2067y' }) }, `video.channel ${BIDI_MESSAGE}`],
      ['/admin/videos', { video: video({ channel: '\u200B\u2800' }) }, `video.channel ${VISIBLE_MESSAGE}`],
      ['/admin/videos', { video: video({ channel: 'c'.repeat(101) }) }, 'video.channel must be shorter than or equal to 100 characters'],
      ['/admin/videos', { video: video({ description: 'd'.repeat(5001) }) }, 'video.description must be shorter than or equal to 5000'],
      ['/admin/categories', { category: { name: 'n\u202Dx' } }, `category.name ${BIDI_MESSAGE}`],
      ['/admin/categories', { category: { name: '\u3164\uFEFF' } }, `category.name ${VISIBLE_MESSAGE}`],
      ['/admin/categories', { category: { name: 'n'.repeat(61) } }, 'category.name must be shorter than or equal to 60 characters'],
      ['/admin/categories', { category: { name: 'Fine', title: '\u200D' } }, `category.title ${VISIBLE_MESSAGE}`],
      ['/admin/categories', { category: { name: 'Fine', description: 'x\u2066y' } }, `category.description ${BIDI_MESSAGE}`],
      ['/admin/categories', { category: { name: 'Fine', description: '\u200B' } }, 'category.description must be empty or contain visible'],
      ['/admin/categories', { category: { name: 'Fine', description: 'd'.repeat(1001) } }, 'category.description must be shorter than'],
    ];
    const categories = (await app.guest.get('/categories')).body.categories.length;
    for (const [path, body, message] of refusals) {
      const res = await operator.post(path, body);
      expect({ body, status: res.status, named: names(res.body, message) }).toEqual({ body, status: 400, named: true });
    }
    expect((await app.guest.get('/categories')).body.categories.length).toBe(categories);

    // `e` + U+0301 (NFD) is stored composed, in every field.
    const nfd = 'Cafe\u0301';
    const created = await operator.post('/admin/videos', { video: video({ title: nfd, description: nfd, channel: `${nfd} TV` }) });
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({ title: 'Café', description: 'Café', channel: 'Café TV' });
    const category = await operator.post('/admin/categories', { category: { name: `${nfd} ${variant}`, description: `  ${nfd}  ` } });
    expect(category.status).toBe(201);
    expect(category.body.category).toMatchObject({ title: `Café ${variant}`, description: 'Café' });
    const cleared = await operator.request('PATCH', `/admin/videos/${created.body.video._id}`, { video: { description: '' } });
    expect(cleared).toMatchObject({ status: 200, body: { video: { description: '' } } });
  });

  test('thumbnails: only the hosts of the page policy’s img-src, from one list; other hosts, credentials and plain http refused with a clear message', async () => {
    // The page's img-src is the shared list and nothing else but the page itself and data: avatars.
    const policy = (await fetch(`${app.server.url}/`)).headers.get('content-security-policy')!;
    const imgSrc = /(?:^|;\s*)img-src ([^;]*)/.exec(policy)![1]!.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', ...THUMBNAIL_ORIGINS]);

    const before = await count();
    const published = (await operator.post('/admin/videos', { video: video() })).body.video;
    const refusals: [string, string][] = [
      ['https://evil.example/thumb.jpg', HOST_MESSAGE],
      ['https://i.ytimg.com.evil.example/vi/x/hqdefault.jpg', HOST_MESSAGE],
      ['https://img.youtube.com/vi/x/hqdefault.jpg', HOST_MESSAGE],
      ['https://i.ytimg.com:8443/vi/x/hqdefault.jpg', HOST_MESSAGE],
      ['https://user:pass@i.ytimg.com/vi/x/hqdefault.jpg', CREDENTIALS_MESSAGE],
      ['https://user:pass@evil.example/x.jpg', CREDENTIALS_MESSAGE],
      ['https://@i.ytimg.com/vi/x/hqdefault.jpg', CREDENTIALS_MESSAGE],
      ['http://i.ytimg.com/vi/x/hqdefault.jpg', HTTPS_MESSAGE],
      ['//i.ytimg.com/vi/x/hqdefault.jpg', HTTPS_MESSAGE],
      ['javascript:alert(1)', HTTPS_MESSAGE],
      ['data:image/png;base64,iVBORw0KGgo=', HTTPS_MESSAGE],
      ['https:\\\\i.ytimg.com\\vi\\x.jpg', HTTPS_MESSAGE],
      ['https://i.ytimg.com/vi/x/"onerror="alert(1).jpg', HTTPS_MESSAGE],
    ];
    for (const [thumbnail, message] of refusals) {
      const created = await operator.post('/admin/videos', { video: video({ thumbnail }) });
      expect({ thumbnail, status: created.status, named: names(created.body, `video.${message}`) }).toEqual({
        thumbnail,
        status: 400,
        named: true,
      });
      const edited = await operator.request('PATCH', `/admin/videos/${published._id}`, { video: { thumbnail } });
      expect({ thumbnail, status: edited.status, named: names(edited.body, `video.${message}`) }).toEqual({
        thumbnail,
        status: 400,
        named: true,
      });
    }
    expect((await operator.post('/admin/videos', { video: video({ thumbnail: 'https://evil.example/x.jpg' }) })).body.errors[0]).toBe(
      `video.${HOST_MESSAGE} (leave it out for the video's own thumbnail)`,
    );
    expect(await count()).toBe(before + 1);
    expect((await app.guest.get(`/video/${published._id}`)).body.video.thumbnail).toBe(
      `https://i.ytimg.com/vi/${published._id}/hqdefault.jpg`,
    );

    // The import refuses them entry by entry, like any other invalid entry.
    const entries = [
      video({ thumbnail: 'https://i.ytimg.com/vi/BJrsmM6aEYE/maxresdefault.jpg' }),
      video({ thumbnail: 'https://cdn.evil.example/a.png' }),
    ];
    const imported = await operator.post('/admin/videos/import', {
      videos: [...entries, video({ thumbnail: 'https://u:p@i.ytimg.com/x.jpg' })],
    });
    expect(imported.status).toBe(200);
    expect(imported.body.added).toEqual([entries[0]!._id]);
    expect(imported.body.refused).toEqual([
      { index: 1, errors: [`${HOST_MESSAGE} (leave it out for the video's own thumbnail)`] },
      { index: 2, errors: [CREDENTIALS_MESSAGE] },
    ]);
    // A thumbnail on an allowed host is kept as given, and the page policy allows every thumbnail served.
    expect((await app.guest.get(`/video/${entries[0]!._id}`)).body.video.thumbnail).toBe(
      'https://i.ytimg.com/vi/BJrsmM6aEYE/maxresdefault.jpg',
    );
    const edited = await operator.request('PATCH', `/admin/videos/${published._id}`, {
      video: { thumbnail: 'https://i.ytimg.com/vi/pa2J3liXvuA/mqdefault.jpg' },
    });
    expect(edited).toMatchObject({ status: 200, body: { video: { thumbnail: 'https://i.ytimg.com/vi/pa2J3liXvuA/mqdefault.jpg' } } });
    for (const { thumbnail } of (await app.guest.get('/videos')).body.videos as { thumbnail: string }[]) {
      expect(imgSrc).toContain(new URL(thumbnail).origin);
    }
  });

  test('a video stored before these rules (foreign thumbnail, control characters) is served with its own thumbnail, and its link preview names no foreign host and no control character', async () => {
    const videoId = newId();
    // Straight to the catalogue's writes, past the API's rules, as an event stored before them would be.
    await app.server.app.get(CatalogueWrites, { strict: false }).publish(operatorId, {
      videoId,
      title: 'Stored before',
      description: 'Old \u0000 text \u0007 with \u001B[31m controls \u007F and \u0085 NEL',
      channel: 'Legacy Channel',
      categoryId,
      duration: '1:00',
      thumbnail: 'https://user:pass@evil.example/tracker.jpg',
      publishedAt: new Date().toISOString(),
    });
    const own = `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
    expect((await app.guest.get(`/video/${videoId}`)).body.video.thumbnail).toBe(own);
    const listed = ((await app.guest.get('/videos')).body.videos as { _id: string; thumbnail: string }[]).find((v) => v._id === videoId);
    expect(listed?.thumbnail).toBe(own);

    const html = await page(`/videoPlay/${videoId}`);
    expect(metas(html, 'og:image')).toEqual([own]);
    expect(metas(html, 'twitter:image')).toEqual([own]);
    expect(html).not.toContain('evil.example');
    const [description] = metas(html, 'og:description');
    expect(description).toContain('Old');
    expect(description).not.toMatch(ANY_CONTROL);
    expect(html).not.toMatch(ANY_CONTROL);

    // The channel's page, whose picture is its first video's.
    const channel = await page('/channel/legacy-channel');
    expect(metas(channel, 'og:image')).toEqual([own]);
    expect(channel).not.toContain('evil.example');
  });
});

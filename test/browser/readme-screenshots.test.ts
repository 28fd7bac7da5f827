/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, restoreSession, startHarness, type Harness, type TestPage } from '../support/browser';

// The README's pictures (docs/screenshots, committed), rewritten on every run so that they follow
// the UI: home, player, playlists and history at a desktop (1280x800) and a phone (390x844) size,
// signed in as a user with a few videos in their lists, and offline like every browser test
// (thumbnails are third-party and blocked, so the app's own fallbacks show).
const DOCS_SCREENSHOTS = join(__dirname, '..', '..', 'docs', 'screenshots');
const PLAYER_STAND_IN = `<!doctype html><html><body style="margin:0;height:100vh;display:grid;place-items:center;background:#0f0f0f;font:16px system-ui,sans-serif;color:#aaa">
<div style="text-align:center"><svg width="68" height="48" viewBox="0 0 68 48" aria-hidden="true"><rect width="68" height="48" rx="12" fill="#d32f2f"/><path d="M27 14v20l18-10z" fill="#fff"/></svg>
<p>YouTube player</p></div></body></html>`;
const ONE_PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('README screenshots', () => {
  let h: Harness;
  let t: TestPage;
  let session: Awaited<ReturnType<Harness['newUser']>>;

  beforeAll(async () => {
    h = await startHarness();
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    session = await h.newUser('Ada');
    const api = h.api.withToken(session.token);
    for (const video of h.videos.slice(0, 5)) await api.post('/user/history', { video });
    for (const [title, videos] of [
      ['Desk setup', h.videos.slice(3, 6)],
      ['Phones to compare', h.videos.slice(8, 11)],
      ['Later this week', []],
    ] as const) {
      const created = await api.post('/user/playlists', { playlist: { title } });
      const id = created.body.playlists.at(-1)._id;
      for (const video of videos) await api.post(`/user/playlists/${id}`, { video });
    }
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await t?.close();
  });

  /** No skeleton or loader, every visible image loaded or replaced by its fallback, nothing moving. */
  const settle = () =>
    t.page.waitForFunction(
      () =>
        document.querySelector('.loader, [aria-busy="true"]') === null &&
        Array.from(document.images).every(
          (img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight),
        ) &&
        document.getAnimations().every((a) => a.playState !== 'running'),
    );

  const save = async (name: string, size: { width: number; height: number }) => {
    await settle();
    const png = await t.page.screenshot({
      path: join(DOCS_SCREENSHOTS, `${name}-${size.width}.png`),
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
    // Exactly the viewport (PNG header: width and height at bytes 16 and 20).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size.width, size.height]);
  };

  for (const size of SIZES) {
    test(`home, player, playlists and history at ${size.width} px`, async () => {
      t = await openPage(h.browser, h.url, size);
      // The player's image host and YouTube's embed are blocked like every third party; for the
      // picture, the reachability probe answers and a neutral stand-in plays in the frame.
      await t.page.route(/^https:\/\/i\.ytimg\.com\/vi\/[^/]+\/default\.jpg$/, (route) =>
        route.fulfill({ contentType: 'image/gif', body: ONE_PIXEL_GIF }),
      );
      await t.page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\//, (route) =>
        route.fulfill({ contentType: 'text/html', body: PLAYER_STAND_IN }),
      );
      await restoreSession(t, session);
      await t.page
        .locator('article.video-card')
        .nth(h.videos.length - 1)
        .waitFor();
      await t.page.getByRole('button', { name: 'Logout' }).waitFor();
      await save('home', size);

      const video = h.videos[9];
      await t.page.goto(`/videoPlay/${video._id}`);
      await t.page.getByRole('heading', { level: 1, name: video.title }).waitFor();
      // The player loads behind its click-to-load poster.
      await t.page.getByRole('button', { name: `Play ${video.title}`, exact: true }).click();
      await t.page.locator('.player__frame iframe').waitFor();
      await t.page.getByRole('heading', { name: 'Up next' }).waitFor();
      await save('player', size);

      await t.page.goto('/playlist');
      await t.page.locator('.playlist-card').nth(2).waitFor();
      await save('playlists', size);

      await t.page.goto('/history');
      await t.page.locator('.list-row__title').nth(4).waitFor();
      await save('history', size);
    });
  }
});

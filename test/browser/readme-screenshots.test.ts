/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, restoreSession, startHarness, type Harness, type TestPage } from '../support/browser';
import { GUEST_CREDENTIALS } from '../../frontend/src/features/auth/demo-credentials';

// The README's pictures of the home and player pages (docs/screenshots, committed), rewritten on
// every run so that they follow the UI: 1280x800, signed in as the demo guest, and offline like
// every browser test (thumbnails and the player are third-party and blocked, so the app's own
// fallbacks show).
const DOCS_SCREENSHOTS = join(__dirname, '..', '..', 'docs', 'screenshots');
const PLAYER_STAND_IN = `<!doctype html><html><body style="margin:0;height:100vh;display:grid;place-items:center;background:#0f0f0f;font:16px system-ui,sans-serif;color:#aaa">
<div style="text-align:center"><svg width="68" height="48" viewBox="0 0 68 48" aria-hidden="true"><rect width="68" height="48" rx="12" fill="#d32f2f"/><path d="M27 14v20l18-10z" fill="#fff"/></svg>
<p>YouTube player</p></div></body></html>`;

describe('README screenshots', () => {
  let h: Harness;
  let t: TestPage;

  beforeAll(async () => {
    h = await startHarness();
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    t = await openPage(h.browser, h.url, { width: 1280, height: 800 });
    const login = await h.api.post('/auth/login', GUEST_CREDENTIALS);
    expect(login.status).toBe(200);
    await restoreSession(t, { token: login.body.encodedToken, user: login.body.foundUser });
  });
  afterEach(async () => {
    await t?.close();
  });

  /** No loader, every visible image loaded or replaced by its fallback, nothing moving. */
  const settle = () =>
    t.page.waitForFunction(
      () =>
        document.querySelector('.loader') === null &&
        Array.from(document.images).every(
          (img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight),
        ) &&
        document.getAnimations().every((a) => a.playState !== 'running'),
    );

  const save = async (name: string) => {
    const path = join(DOCS_SCREENSHOTS, `${name}.png`);
    const png = await t.page.screenshot({ path, animations: 'disabled', caret: 'hide', scale: 'css' });
    // Exactly the 1280x800 viewport (PNG header: width and height at bytes 16 and 20).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
  };

  test('home page', async () => {
    await t.page.goto('/');
    await t.page
      .locator('article.video-card')
      .nth(h.videos.length - 1)
      .waitFor();
    await t.page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
    await settle();
    await save('home');
  });

  test('player page', async () => {
    const video = h.videos[0];
    // YouTube's embed is blocked like every third party; rather than Chromium's "blocked" page,
    // the picture shows a neutral stand-in for the player in the frame.
    await t.page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: PLAYER_STAND_IN }),
    );
    await t.page.goto(`/videoPlay/${video._id}`);
    await t.page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    await t.page.getByRole('button', { name: /^(Like|Unlike)$/ }).waitFor();
    await settle();
    await save('player');
  });
});

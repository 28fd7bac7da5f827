/// <reference lib="dom" />
import {
  card,
  expectNoConsoleErrors,
  pickMenuItem,
  restoreSession,
  useBrowserHarness,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';
import type { Page, Request } from 'playwright-core';

// The rough edges of the lists, playlists and the modal.
describe('lists and playlists without rough edges, in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const dialog = () => t.page.getByRole('dialog');
  /** Holds every request to `path` until the returned function is called. */
  const hold = async (path: string) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await t.page.route(
      (url) => url.pathname === path,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    return release;
  };

  test('§1 a playlist created in the modal already holds the video', async () => {
    const session = await h.newUser('Saver');
    const video = h.videos[3];
    await restoreSession(t, session);
    await pickMenuItem(t.page, video.title, 'Add to playlist');
    await dialog().getByRole('button', { name: 'Create New Playlist' }).click();
    await dialog().getByPlaceholder('Start Typing...').fill('Desk setup');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(t, 'success', 'Added to Playlist');
    expect(await dialog().getByRole('checkbox', { name: 'Desk setup' }).isChecked()).toBe(true);

    const { body } = await h.api.withToken(session.token).get('/user/playlists');
    expect(body.playlists.map((p: { title: string; videos: { _id: string }[] }) => [p.title, p.videos.map((v) => v._id)])).toEqual([
      ['Desk setup', [video._id]],
    ]);
    expectNoConsoleErrors(t);
  });

  test('§2 a toast shows above the modal and its Undo works while the modal is open; identical toasts are not stacked', async () => {
    const session = await h.newUser('Undoer');
    const api = h.api.withToken(session.token);
    await api.post('/user/playlists', { playlist: { title: 'Monitors' } });
    const video = h.videos[1];
    await restoreSession(t, session);
    await pickMenuItem(t.page, video.title, 'Add to playlist');
    const box = dialog().getByRole('checkbox', { name: 'Monitors' });
    await box.check();
    const toast = t.page.locator('.Toastify__toast', { hasText: 'Added to Playlist' });
    await toast.hover();
    // A real click (hit-tested): under the modal's backdrop it would never reach the button.
    await toast.getByRole('button', { name: 'Undo' }).click({ timeout: 3000 });
    await waitForToast(t, 'success', `Undone: Added ${video.title} to Monitors`);
    expect(await dialog().isVisible()).toBe(true);
    const { body } = await api.get('/user/playlists');
    expect(body.playlists[0].videos).toEqual([]);
    await box.waitFor();
    await t.page.waitForFunction(() => !(document.querySelector('dialog input[type=checkbox]') as HTMLInputElement).checked);

    await dialog().getByRole('button', { name: 'Create New Playlist' }).click();
    for (let i = 0; i < 3; i++) await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(t, 'error', 'Title cannot be empty');
    expect(await t.page.locator('.Toastify__toast', { hasText: 'Title cannot be empty' }).count()).toBe(1);
    expectNoConsoleErrors(t);
  });

  test('§3 re-watching a video in history adds exactly one activity line', async () => {
    const session = await h.newUser('Rewatcher');
    const api = h.api.withToken(session.token);
    const [again, other] = [h.videos[5], h.videos[6]];
    await api.post('/user/history', { video: again });
    await api.post('/user/history', { video: other });
    const before = (await api.get('/user/activity?limit=100')).body.activity;

    await restoreSession(t, session, '/like');
    const recorded = t.page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/user\/history(\/|$)/.test(r.url()));
    await t.page.goto(`/videoPlay/${again._id}`);
    expect((await recorded).status()).toBe(201);
    // Anything else the page might still send has had time to land: 500 ms without a request, the live
    // changes streams aside (they stay open, so the page is never "network idle").
    await quietFor(t.page, 500);

    const after = (await api.get('/user/activity?limit=100')).body.activity;
    expect(after.length - before.length).toBe(1);
    expect(after[0]).toMatchObject({ type: 'VideoWatched', video: { _id: again._id } });
    const history = (await api.get('/user/history')).body.history.map((v: { _id: string }) => v._id);
    expect(history).toEqual([other._id, again._id]);
    expectNoConsoleErrors(t);
  });

  test('§4 while a list loads it shows skeletons, never "No Videos"; the category chips do not shift the grid', async () => {
    const session = await h.newUser('Waiter');
    await h.api.withToken(session.token).post('/user/likes', { video: h.videos[0] });
    await t.page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __said: string[] }).__said = seen;
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        for (const s of ['No Videos', 'No liked Videos']) if (text.includes(s) && !seen.includes(s)) seen.push(s);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const releaseLikes = await hold('/api/user/likes');
    await restoreSession(t, session, '/like');
    await t.page.locator('[role="status"][aria-busy="true"]').first().waitFor();
    expect(await t.page.locator('.list-page__rows .skeleton').count()).toBeGreaterThan(0);
    releaseLikes();
    await t.page.locator('.list-row__title').first().waitFor();
    await t.page.getByText('1 Video', { exact: true }).waitFor();
    expect(await t.page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toEqual([]);

    // Home: the chips' bar has its height before the categories arrive, so the grid does not move. The
    // page usually carries the catalogue (index.html's "catalogue-data"); here it does not, as when the
    // query cache has let it go, so home asks the API for it.
    await t.page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const page = await route.fetch();
        const body = (await page.text()).replace(/<script type="application\/json" id="catalogue-data">[^<]*<\/script>/, '');
        expect(body).not.toContain('catalogue-data');
        await route.fulfill({ response: page, body });
      },
    );
    const releaseVideos = await hold('/api/videos');
    const releaseCategories = await hold('/api/categories');
    await t.page.goto('/');
    await t.page.locator('.skeleton-card').first().waitFor();
    const gridTop = () =>
      t.page
        .locator('.video-grid')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
    const loadingTop = await gridTop();
    expect(await t.page.getByText('No Videos', { exact: true }).count()).toBe(0);
    releaseCategories();
    await t.page.getByRole('button', { name: 'Monitor', exact: true }).waitFor();
    releaseVideos();
    await card(t.page, h.videos[0].title).waitFor();
    expect(await gridTop()).toBe(loadingTop);
    expect(await t.page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('§5 an unknown playlist is "not available", for a user and for a guest alike', async () => {
    await restoreSession(t, await h.newUser('Lost'), '/playlist/no-such-playlist');
    await t.page.getByRole('heading', { level: 1, name: 'This playlist is not available' }).waitFor();
    expect(await t.page.getByText('Playlist is empty').count()).toBe(0);
    await t.page.getByRole('link', { name: 'Go Back To Home' }).waitFor();
    expect(await t.page.title()).toBe('Playlist not available - TechTube');

    await t.page.evaluate(() => localStorage.clear());
    await t.page.goto('/playlist/no-such-playlist');
    await t.page.getByRole('heading', { level: 1, name: 'This playlist is not available' }).waitFor();
    expect(await t.page.getByText('Playlist is empty').count()).toBe(0);
    await t.page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    expectNoConsoleErrors(t, [/status of 404/]);
  });

  test('§11 New playlist on the Playlists page; cards show the first video; Play all, count and total; a move is confirmed', async () => {
    const session = await h.newUser('Lister');
    const api = h.api.withToken(session.token);
    const [first, second] = [h.videos[2], h.videos[7]];
    const created = await api.post('/user/playlists', { playlist: { title: 'Mix' } });
    const mixId = created.body.playlists[0]._id;
    for (const video of [first, second]) await api.post(`/user/playlists/${mixId}`, { video });

    await restoreSession(t, session, '/playlist');
    await t.page.getByRole('button', { name: 'New playlist', exact: true }).click();
    await t.page.getByPlaceholder('Start Typing...').fill('Fresh');
    await t.page.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(t, 'success', 'Playlist created');
    const fresh = t.page.locator('.playlist-card').filter({ hasText: 'Fresh' });
    await fresh.getByText('No Videos', { exact: true }).waitFor();
    const mix = t.page.locator('.playlist-card').filter({ hasText: 'Mix' });
    // Offline, the first video's thumbnail is its labelled fallback.
    await mix.locator(`.thumb__fallback[aria-label="${first.title}"]`).waitFor();

    await mix.getByRole('link').click();
    await t.page.getByRole('heading', { level: 1, name: 'Mix' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Play all' }).getAttribute('href')).toBe(`/videoPlay/${first._id}`);
    await t.page.getByText('2 Videos', { exact: true }).waitFor();
    const seconds = [first, second].reduce((sum, v) => sum + v.duration.split(':').reduce((s, p) => s * 60 + Number(p), 0), 0);
    const expected = seconds < 3600 ? `${Math.round(seconds / 60)} min in total` : /hr/;
    await t.page.getByText(expected, { exact: true }).waitFor();

    await t.page.getByRole('button', { name: `Move ${second.title} up` }).click();
    await waitForToast(t, 'success', 'Playlist order saved');
    expectNoConsoleErrors(t);
  });

  test('§15 "Undo my last action" says what it will undo, and then what the next one would', async () => {
    const session = await h.newUser('Regretful');
    const api = h.api.withToken(session.token);
    const [liked, later] = [h.videos[0], h.videos[10]];
    await api.post('/user/likes', { video: liked });
    await api.post('/user/watchlater', { video: later });
    await restoreSession(t, session, '/activity');
    const button = t.page.getByRole('button', { name: 'Undo my last action' });
    const description = async () => t.page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
    await (await description()).getByText(`Will undo: Saved ${later.title} to watch later`, { exact: true }).waitFor();
    await button.click();
    await waitForToast(t, 'success', `Undone: Saved ${later.title} to watch later`);
    await (await description()).getByText(`Will undo: Liked ${liked.title}`, { exact: true }).waitFor();
    expectNoConsoleErrors(t);
  });
});

/** Resolves once `ms` pass without a request starting or ending, other than the changes streams (at most 10 s). */
async function quietFor(page: Page, ms: number): Promise<void> {
  let last = Date.now();
  const seen = (request: Request) => {
    if (!/\/api\/(user|catalogue)\/changes$/.test(request.url())) last = Date.now();
  };
  page.on('request', seen);
  page.on('requestfinished', seen);
  page.on('requestfailed', seen);
  try {
    for (const give = Date.now() + 10_000; Date.now() - last < ms && Date.now() < give;) await page.waitForTimeout(50);
  } finally {
    page.off('request', seen);
    page.off('requestfinished', seen);
    page.off('requestfailed', seen);
  }
}

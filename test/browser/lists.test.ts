import {
  card,
  expectNoConsoleErrors,
  menuItems,
  pickMenuItem,
  restoreSession,
  rowTitles,
  screenshot,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// Likes and watch later from the card menu and the player page, and the list pages, with their exact texts.
describe('liked and watch-later lists in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const count = (text: string) => t.page.locator('.list-page__count').getByText(text, { exact: true }).waitFor();
  const goVia = async (link: string, path: string) => {
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
    await waitForPath(t, path);
  };

  test('each list page shows its empty state, whose button goes home', async () => {
    await restoreSession(t, await h.newUser('Empty'));
    const pages = [
      { path: '/like', title: 'Liked Videos', message: 'No liked Videos', button: 'Like Some videos' },
      { path: '/history', title: 'History', message: 'No History', button: 'Watch Some videos' },
      { path: '/watchLater', title: 'Watch Later', message: 'No Videos to Watch Later', button: 'Explore Some videos to Watch Later' },
    ];
    for (const { path, title, message, button } of pages) {
      await t.page.goto(path);
      await t.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await t.page.getByText(message, { exact: true }).waitFor();
      await count('No Videos');
      await t.page.getByRole('button', { name: button, exact: true }).click();
      await waitForPath(t, '/');
    }
    await t.page.goto('/playlist');
    await t.page.getByText('There is no playlist', { exact: true }).waitFor();
    expectNoConsoleErrors(t);
  });

  test('like and unlike from the card menu and the player page; Remove on /like unlikes', async () => {
    const [a, b] = [h.videos[1], h.videos[6]];
    await restoreSession(t, await h.newUser('Liker'));
    await card(t.page, a.title).waitFor();

    await pickMenuItem(t.page, a.title, 'Add to Like');
    await waitForToast(t, 'success', 'Video added to Likes');
    expect(await menuItems(t.page, a.title)).toEqual(['Remove Like', 'WatchLater', 'Add to playlist']);

    await card(t.page, b.title).getByRole('link', { name: b.title }).click();
    await waitForPath(t, `/videoPlay/${b._id}`);
    await t.page.getByRole('button', { name: 'Like', exact: true }).click();
    await waitForToast(t, 'success', 'Video added to Likes');
    await t.page.getByRole('button', { name: 'Unlike', exact: true }).waitFor();

    await goVia('Liked', '/like');
    await count('2 Videos');
    expect(await rowTitles(t.page)).toEqual([a.title, b.title]);
    // The header shows the first video's thumbnail (here its offline fallback, labelled by title).
    await t.page.locator(`.list-page__cover [aria-label="${a.title}"], .list-page__cover img[alt="${a.title}"]`).first().waitFor();
    await screenshot(t, 'liked-1280');

    await pickMenuItem(t.page, a.title, 'Remove');
    await waitForToast(t, 'success', 'Video Removed From Likes');
    await count('1 Video');
    expect(await rowTitles(t.page)).toEqual([b.title]);

    await t.page.getByRole('link', { name: b.title }).click();
    const unliked = t.page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/user/likes/${b._id}`));
    await t.page.getByRole('button', { name: 'Unlike', exact: true }).click();
    await t.page.getByRole('button', { name: 'Like', exact: true }).waitFor();
    // The server's answer came after the button's optimistic flip. Its toast is the same text as the
    // one still showing, which is then not stacked.
    expect((await unliked).status()).toBe(200);
    await goVia('Liked', '/like');
    await t.page.getByText('No liked Videos', { exact: true }).waitFor();
    // What the page shows is what the server holds.
    expect((await h.api.withToken(await token(t)).get('/user/likes')).body.likes).toEqual([]);
    expect((await t.toasts()).filter((x) => x.startsWith('error'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('watch later from the card menu and the player page; Remove on /watchLater', async () => {
    const [a, b] = [h.videos[2], h.videos[9]];
    await restoreSession(t, await h.newUser('Saver'));
    await card(t.page, a.title).waitFor();

    await pickMenuItem(t.page, a.title, 'WatchLater');
    await waitForToast(t, 'success', 'Video added to Watch Later');
    expect(await menuItems(t.page, a.title)).toEqual(['Add to Like', 'Remove WatchLater', 'Add to playlist']);

    await t.page.goto(`/videoPlay/${b._id}`);
    await t.page.getByRole('button', { name: 'WatchLater', exact: true }).click();
    await waitForToast(t, 'success', 'Video added to Watch Later');
    await t.page.getByRole('button', { name: 'Remove WatchLater', exact: true }).waitFor();

    await goVia('Watch Later', '/watchLater');
    await count('2 Videos');
    expect(await rowTitles(t.page)).toEqual([a.title, b.title]);
    await pickMenuItem(t.page, b.title, 'Remove');
    await waitForToast(t, 'success', 'Video Removed From Watch Later');
    await count('1 Video');

    await goVia('Explore', '/');
    await pickMenuItem(t.page, a.title, 'Remove WatchLater');
    await waitForToast(t, 'success', 'Video Removed From Watch Later');
    await goVia('Watch Later', '/watchLater');
    await t.page.getByText('No Videos to Watch Later', { exact: true }).waitFor();
    expect(t.apiCalls).toContain('GET /api/user/watchlater/');
    expectNoConsoleErrors(t);
  });

  test('a like the server refuses shows its message, and the list then matches the server', async () => {
    const video = h.videos[4];
    const user = await h.newUser('Racer');
    // This page has not heard of the like below: its changes stream answers nothing (docs/design/live-updates.md),
    // as when the like was made while it was offline.
    await t.page.route('**/api/user/changes', (route) =>
      route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: '' }),
    );
    await restoreSession(t, user);
    await card(t.page, video.title).waitFor();
    expect(await menuItems(t.page, video.title)).toContain('Add to Like');
    // Liked elsewhere (another tab or device) after this page read the list.
    expect((await h.api.withToken(user.token).post('/user/likes', { video })).status).toBe(201);

    // The failed write re-reads the list, so the menu then offers to remove the like.
    const reread = t.page.waitForResponse((r) => r.url().endsWith('/api/user/likes') && r.request().method() === 'GET');
    await pickMenuItem(t.page, video.title, 'Add to Like');
    await waitForToast(t, 'error', 'The video is already in your liked videos');
    await reread;
    await t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true }).click();
    await t.page.getByRole('menuitem', { name: 'Remove Like', exact: true }).waitFor();
    expectNoConsoleErrors(t, [/status of 409/]);
  });

  test('every change of a list carries its own Idempotency-Key, so a retried request is never done twice', async () => {
    const video = h.videos[2];
    await restoreSession(t, await h.newUser('Keyed'));
    await card(t.page, video.title).waitFor();
    const keys: (string | undefined)[] = [];
    t.page.on('request', (request) => {
      if (request.url().includes('/api/user/') && request.method() !== 'GET') keys.push(request.headers()['idempotency-key']);
    });
    await pickMenuItem(t.page, video.title, 'Add to Like');
    await waitForToast(t, 'success', 'Video added to Likes');
    await pickMenuItem(t.page, video.title, 'Remove Like');
    await waitForToast(t, 'success', 'Video Removed From Likes');
    expect(keys).toHaveLength(2);
    expect(keys.every((key) => typeof key === 'string' && key.length >= 32)).toBe(true);
    expect(new Set(keys).size).toBe(2);
  });
});

async function token(t: TestPage): Promise<string> {
  return (await t.page.evaluate(() => localStorage.getItem('token')))!;
}

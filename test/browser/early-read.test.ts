/// <reference lib="dom" />
import {
  expectNoConsoleErrors,
  restoreSession,
  rowTitles,
  useBrowserHarness,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// README, "Speed on a phone": a signed-in list page's read is started by index.html's inline script, with the HTML;
// its answer names the cover picture, preloaded at once, and the app takes that answer rather than asking again.
describe('a list page read with its HTML', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  /** The pictures preloaded by the page, as their URLs. */
  const preloadedPictures = () =>
    t.page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  const earlyReadLeft = () => t.page.evaluate(() => (window as unknown as { __earlyRead?: unknown }).__earlyRead !== undefined);

  for (const list of [
    { path: '/like', write: '/user/likes', read: 'GET /api/user/likes' },
    { path: '/watchLater', write: '/user/watchlater', read: 'GET /api/user/watchlater/' },
  ]) {
    test(`${list.path} asks for its list once, the HTML's read taken by the app, and preloads its cover picture`, async () => {
      const session = await h.newUser('Early');
      const [first, second] = [h.videos[2]!, h.videos[4]!];
      for (const video of [first, second]) expect((await h.api.withToken(session.token).post(list.write, { video })).status).toBe(201);
      const before = t.apiCalls.length;
      await restoreSession(t, session, list.path);
      await t.page.locator('.list-row__title', { hasText: second.title }).waitFor();
      expect(await rowTitles(t.page)).toEqual([first.title, second.title]);
      expect(t.apiCalls.slice(before).filter((call) => call === list.read)).toEqual([list.read]);
      expect(await earlyReadLeft()).toBe(false);
      expect(await preloadedPictures()).toEqual([first.thumbnail]);
      // The content-security policy allows the inline script (a refused one is a console error).
      expectNoConsoleErrors(t);
    });
  }

  test('a guest, and any other page, start no read of their own', async () => {
    const session = await h.newUser('Elsewhere');
    expect((await h.api.withToken(session.token).post('/user/likes', { video: h.videos[1] })).status).toBe(201);
    const before = t.apiCalls.length;
    await restoreSession(t, session, '/history');
    await t.page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    expect(await earlyReadLeft()).toBe(false);
    expect(await preloadedPictures()).toEqual([]);
    expect(t.apiCalls.slice(before)).not.toContain('GET /api/user/likes');

    await t.page.evaluate(() => localStorage.clear());
    await t.page.goto('/like');
    await t.page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await earlyReadLeft()).toBe(false);
    expect(await preloadedPictures()).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('a token refused to the early read ends the session as any 401 does', async () => {
    const session = await h.newUser('Revoked');
    expect((await h.api.withToken(session.token).post('/user/sessions/revoke')).status).toBe(200);
    await restoreSession(t, session, '/like');
    await waitForToast(t, 'error', 'Your session has ended. Please log in again.');
    await t.page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await t.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await preloadedPictures()).toEqual([]);
    // One message about it: the refused reads' own words ("The token is invalid…") are not toasted beside it.
    expect(await t.toasts()).toEqual(['error: Your session has ended. Please log in again.']);
  });
});

/// <reference lib="dom" />
import {
  card,
  expectNoConsoleErrors,
  openPage,
  restoreSession,
  useBrowserHarness,
  waitForPath,
  type Harness,
  type TestPage,
} from '../support/browser';

// The player, search and home state in the URL, titles, and phones.
describe('navigation and the player without rough edges, in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const cardTitles = async () => (await t.page.locator('article.video-card h3').allTextContents()).sort();
  const search = () => t.page.getByRole('searchbox', { name: 'Search videos by title' });

  test('§6 with the player unreachable, the app shows its own poster with the title and "Open on YouTube"', async () => {
    const video = h.videos[3];
    await t.page.goto(`/videoPlay/${video._id}`);
    const poster = t.page.locator('.player-fallback');
    await poster.waitFor();
    expect(await poster.locator('.player-fallback__title').textContent()).toBe(video.title);
    const link = poster.getByRole('link', { name: 'Open on YouTube' });
    expect(await link.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${video._id}`);
    expect(await t.page.locator('iframe').count()).toBe(0);
    expectNoConsoleErrors(t);
  });

  test('§10 /?category=…&q=… is the home state: Back and reload keep it; the header search works from any page', async () => {
    const monitors = h.videos.filter((v) => v.category === 'Monitor');
    const word = monitors[0].title
      .split(/\s+/)
      .find((w) => w.length > 3)!
      .toLowerCase();
    // What the server's search finds (title, channel or description: docs/design/catalogue.md), in any order.
    const found = async (query: string) =>
      ((await h.api.get(`/videos?${query}`)).body.videos as { title: string }[]).map((v) => v.title).sort();
    const expected = await found(`category=monitor&q=${encodeURIComponent(word)}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(monitors.length);
    // The search is asked once typing pauses: the grid follows the URL a moment later.
    const cardsShow = (titles: string[]) =>
      t.page.waitForFunction(
        (want) => JSON.stringify(Array.from(document.querySelectorAll('article.video-card h3'), (e) => e.textContent).sort()) === want,
        JSON.stringify(titles),
      );
    await t.page.goto('/');
    await card(t.page, h.videos[0].title).waitFor();
    await t.page.getByRole('button', { name: 'Monitor', exact: true }).click();
    await search().fill(word);
    await waitForPath(t, `/?category=monitor&q=${encodeURIComponent(word)}`);
    await cardsShow(expected);
    expect(await cardTitles()).toEqual(expected);

    await card(t.page, expected[0]).getByRole('link', { name: expected[0] }).click();
    await t.page.getByRole('heading', { level: 1, name: expected[0] }).waitFor();
    await t.page.goBack();
    await waitForPath(t, `/?category=monitor&q=${encodeURIComponent(word)}`);
    expect(await t.page.getByRole('button', { name: 'Monitor', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await search().inputValue()).toBe(word);
    expect(await cardTitles()).toEqual(expected);
    await t.page.reload();
    await card(t.page, expected[0]).waitFor();
    expect(await cardTitles()).toEqual(expected);
    // Back once more: the category before (ALL), the keystrokes were not history entries.
    await t.page.goBack();
    await waitForPath(t, '/');
    expect(await t.page.getByRole('button', { name: 'ALL', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await t.page.goto(`/videoPlay/${h.videos[0]._id}`);
    await search().fill(word);
    await search().press('Enter');
    await waitForPath(t, `/?q=${encodeURIComponent(word)}`);
    const everywhere = await found(`q=${encodeURIComponent(word)}`);
    await cardsShow(everywhere);
    expect(everywhere).toEqual(expect.arrayContaining(expected));
    expectNoConsoleErrors(t);
  });

  test('§12 §13 player toggles have aria-pressed and keep their width; Up next is the same category; titles name the page and the video', async () => {
    const video = h.videos[0];
    await restoreSession(t, await h.newUser('Presser'));
    // The first render is a transition (main.tsx), so it may end after the load event goto waits for.
    await t.page.waitForFunction(() => document.title === 'Home - TechTube', undefined, { timeout: 5000 });
    await t.page.goto(`/videoPlay/${video._id}`);
    const like = t.page.getByRole('button', { name: 'Like', exact: true });
    await like.waitFor();
    expect(await t.page.title()).toBe(`${video.title} - TechTube`);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const before = await like.boundingBox();
    const laterBefore = await t.page.getByRole('button', { name: 'WatchLater', exact: true }).boundingBox();
    await like.click();
    const unlike = t.page.getByRole('button', { name: 'Unlike', exact: true });
    await unlike.waitFor();
    expect(await unlike.getAttribute('aria-pressed')).toBe('true');
    expect((await unlike.boundingBox())!.width).toBe(before!.width);
    expect((await t.page.getByRole('button', { name: 'WatchLater', exact: true }).boundingBox())!.x).toBe(laterBefore!.x);

    const upNext = t.page.getByRole('complementary', { name: 'Up next' });
    const sameCategory = h.videos
      .filter((v) => v.category === video.category && v._id !== video._id)
      .map((v) => v.title)
      .sort();
    expect((await upNext.locator('.up-next__video-title').allTextContents()).sort()).toEqual(sameCategory);

    for (const [path, title] of [
      ['/like', 'Liked Videos - TechTube'],
      ['/history', 'History - TechTube'],
      ['/playlist', 'Playlists - TechTube'],
      ['/nowhere', 'Not found - TechTube'],
    ]) {
      await t.page.goto(path);
      await t.page.locator('main').first().waitFor();
      await t.page.waitForFunction((expected) => document.title === expected, title, { timeout: 5000 });
    }
    expectNoConsoleErrors(t);
  });

  test('§14 phones: a bottom bar with Home, Playlists, Watch later, Liked, History; the header keeps brand, search and a labelled Settings', async () => {
    const phone = await openPage(h.browser, h.url, { width: 390, height: 844 });
    try {
      await restoreSession(phone, await h.newUser('Thumb'));
      await card(phone.page, h.videos[0].title).waitFor();
      const bar = phone.page.getByRole('navigation', { name: 'Main' });
      expect(await bar.getByRole('link').allTextContents()).toEqual(['Home', 'Playlists', 'Watch later', 'Liked', 'History']);
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBe(844);
      expect(box.width).toBe(390);
      expect(await phone.page.locator('.sidebar').isVisible()).toBe(false);
      await phone.page.getByRole('link', { name: 'TechTube home' }).waitFor();
      await phone.page.getByRole('searchbox', { name: 'Search videos by title' }).waitFor();
      expect(await phone.page.getByRole('link', { name: 'Settings' }).innerText()).toBe('Settings');
      await phone.page.getByRole('button', { name: 'Logout' }).waitFor();
      await bar.getByRole('link', { name: 'Liked' }).click();
      await waitForPath(phone, '/like');
      // The URL changes before the lazily loaded page renders (a router transition): wait for the mark.
      await bar.locator('a[aria-current="page"]', { hasText: 'Liked' }).waitFor({ timeout: 5000 });
      expect(await bar.locator('a[aria-current="page"]').allTextContents()).toEqual(['Liked']);
      expectNoConsoleErrors(phone);
    } finally {
      await phone.close();
    }
    // Wide screens keep the sidebar, and no bottom bar.
    await restoreSession(t, await h.newUser('Desk'));
    await card(t.page, h.videos[0].title).waitFor();
    expect(await t.page.locator('.bottom-nav').isVisible()).toBe(false);
    // Explore, Playlist, Watch Later, Liked, History, Subscriptions, Activity.
    expect(await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(7);
  });
});

import {
  expectNoConsoleErrors,
  layoutShifts,
  openPage,
  restoreSession,
  screenshot,
  startHarness,
  waitForPath,
  waitForToast,
  type Harness,
} from '../support/browser';

// Phones (360–390 px) to desktops: every screen fits its width; controls work from the keyboard.
describe('layout and keyboard in a real browser', () => {
  let h: Harness;
  let session: Awaited<ReturnType<Harness['newUser']>>;
  let playlistId: string;

  beforeAll(async () => {
    h = await startHarness();
    session = await h.newUser('Viewer');
    const api = h.api.withToken(session.token);
    for (const video of h.videos.slice(0, 3)) await api.post('/user/likes', { video });
    const created = await api.post('/user/playlists', { playlist: { title: 'A rather long playlist title for phones' } });
    playlistId = created.body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: h.videos[4] });
    await api.post('/user/watchlater', { video: h.videos[5] });
    await api.post('/user/history', { video: h.videos[6] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const screens = () => [
    { name: 'home', path: '/', ready: 'article.video-card' },
    { name: 'player', path: `/videoPlay/${h.videos[2]._id}`, ready: '.player-fallback' },
    { name: 'liked', path: '/like', ready: '.list-row__title' },
    { name: 'watch later', path: '/watchLater', ready: '.list-row__title' },
    { name: 'history', path: '/history', ready: '.list-row__title' },
    { name: 'playlists', path: '/playlist', ready: '.playlist-card' },
    { name: 'playlist', path: `/playlist/${playlistId}`, ready: '.list-row__title' },
    { name: 'channel', path: `/channel/${h.videos[0].channelId}`, ready: 'article.video-card' },
    { name: 'search', path: `/?q=${encodeURIComponent(h.videos[0].title.split(' ')[0]!)}`, ready: 'article.video-card' },
    { name: 'activity', path: '/activity', ready: '.activity-item' },
    { name: 'settings', path: '/settings', ready: '.settings-card' },
    { name: 'login', path: '/login', ready: 'form' },
    { name: 'error', path: '/nowhere', ready: '.error-page img' },
  ];

  for (const width of [1280, 390, 360]) {
    test(`every screen fits ${width} px without horizontal overflow, and nothing on it moves as it loads`, async () => {
      const t = await openPage(h.browser, h.url, { width, height: 800 });
      try {
        await restoreSession(t, session);
        for (const { name, path, ready } of screens()) {
          await t.page.goto(path);
          await t.page.locator(ready).first().waitFor();
          const overflow = await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect({ name, overflow }).toEqual({ name, overflow: 0 });
          // Nothing moved while it loaded (a layout shift pushes what the user was about to tap).
          expect({ name, shifts: await layoutShifts(t.page) }).toEqual({ name, shifts: [] });
          await screenshot(t, `${name}-${width}`);
        }
        expectNoConsoleErrors(t);
      } finally {
        await t.close();
      }
    });
  }

  test('a card menu works from the keyboard and every control has an accessible name', async () => {
    const t = await openPage(h.browser, h.url);
    try {
      await restoreSession(t, await h.newUser('Keys'));
      const video = h.videos[0];
      const menuButton = t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true });
      await menuButton.focus();
      await t.page.keyboard.press('Enter');
      // Focus moves into the menu; arrows move; Escape closes and returns focus to the button.
      expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe('Add to Like');
      await t.page.keyboard.press('ArrowDown');
      expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe('WatchLater');
      await t.page.keyboard.press('Escape');
      expect(await t.page.getByRole('menu').count()).toBe(0);
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await t.page.keyboard.press('Enter');
      await t.page.keyboard.press('Enter');
      await waitForToast(t, 'success', 'Video added to Likes');

      // Tab order reaches the sidebar links and the Logout button.
      await t.page.getByRole('link', { name: 'TechTube home' }).focus();
      const reached = new Set<string>();
      for (let i = 0; i < 12; i++) {
        await t.page.keyboard.press('Tab');
        reached.add(await t.page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? ''));
      }
      for (const name of ['Logout', 'Explore', 'Liked', 'History']) expect(reached).toContain(name);

      for (const path of ['/', `/videoPlay/${video._id}`, '/like', '/playlist', '/login', '/signup']) {
        await t.page.goto(path);
        await t.page.locator('main').first().waitFor();
        const unnamed = await t.page.evaluate(() =>
          Array.from(document.querySelectorAll('button, a[href], input, iframe, [role="menuitem"]'))
            .filter((el) => !(el as HTMLElement).closest('[aria-hidden="true"]'))
            .filter((el) => {
              const label =
                el.getAttribute('aria-label') ||
                el.getAttribute('title') ||
                (el as HTMLElement).innerText?.trim() ||
                ((el as HTMLInputElement).labels?.[0]?.innerText ?? '').trim();
              return !label;
            })
            .map((el) => el.outerHTML.slice(0, 120)),
        );
        expect({ path, unnamed }).toEqual({ path, unnamed: [] });
      }
      await t.page.goto('/');
      await waitForPath(t, '/');
      expectNoConsoleErrors(t);
    } finally {
      await t.close();
    }
  });
});

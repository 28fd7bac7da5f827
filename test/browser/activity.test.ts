import {
  card,
  expectNoConsoleErrors,
  openPage,
  pickMenuItem,
  restoreSession,
  screenshot,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// README, "Activity": the user's own timeline in words, newest first, paged with "Load more".
describe('the activity page in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const sentences = () => t.page.locator('.activity-item__text').allTextContents();
  const openFromSidebar = async () => {
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity', exact: true }).click();
    await waitForPath(t, '/activity');
    await t.page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await t.page.locator('.activity-item').first().waitFor();
  };

  test('sign up, act, and read it back in words, newest first; Load more pages from the keyboard', async () => {
    const [a, b, c] = [h.videos[1], h.videos[5], h.videos[9]];
    const email = `reader-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await t.page.goto('/signup');
    await t.page.getByLabel('First Name').fill('Reader');
    await t.page.getByLabel('Last Name').fill('User');
    await t.page.getByLabel('Email').fill(email);
    await t.page.getByLabel('Password').fill('password123');
    await t.page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }).check();
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForToast(t, 'success', 'Signup Successful !!');
    await waitForPath(t, '/');

    // A few actions in the app itself…
    await pickMenuItem(t.page, a.title, 'Add to Like');
    await waitForToast(t, 'success', 'Video added to Likes');
    await pickMenuItem(t.page, b.title, 'WatchLater');
    await waitForToast(t, 'success', 'Video added to Watch Later');
    await card(t.page, c.title).getByRole('link', { name: c.title }).click();
    await t.page.getByRole('heading', { level: 1, name: c.title }).waitFor();
    const token = (await t.page.evaluate(() => localStorage.getItem('token')))!;
    const api = h.api.withToken(token);
    await waitUntil(async () => (await api.get('/user/history')).body.history.length === 1);
    // …and a few through the API, with a playlist title that looks like markup.
    const title = '<i>Desk</i> & co';
    const playlistId = (await api.post('/user/playlists', { playlist: { title } })).body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: a });
    await api.delete('/user/history/all');
    await api.delete(`/user/playlists/${playlistId}`);

    await openFromSidebar();
    expect(await sentences()).toEqual([
      `Deleted playlist ${title}`,
      'Cleared history',
      `Added ${a.title} to ${title}`,
      `Created playlist ${title}`,
      `Watched ${c.title}`,
      `Saved ${b.title} to watch later`,
      `Liked ${a.title}`,
      'Signed up',
    ]);
    // Titles are text, never markup; each line has a readable time and a machine one.
    expect(await t.page.locator('.activity-page__list i').count()).toBe(0);
    const time = t.page.locator('.activity-item time').first();
    expect(new Date((await time.getAttribute('datetime'))!).toISOString()).toBe(await time.getAttribute('datetime'));
    expect(await time.textContent()).toMatch(/\d{1,2}:\d{2}/);
    expect(await t.page.getByRole('link', { name: a.title }).first().getAttribute('href')).toBe(`/videoPlay/${a._id}`);
    expect(await t.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // 25 more lines: the page shows 20, and "Load more" brings the rest.
    await api.delete(`/user/likes/${a._id}`);
    for (const video of h.videos) await api.post('/user/likes', { video });
    for (const video of h.videos) await api.delete(`/user/likes/${video._id}`);
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true }).click();
    await waitForPath(t, '/history');
    await openFromSidebar();
    await waitUntil(async () => (await sentences())[0] === `Removed ${h.videos.at(-1)!.title} from liked videos`);
    expect(await sentences()).toHaveLength(20);
    const more = t.page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await t.page.keyboard.press('Enter');
    await t.page.locator('.activity-item').nth(32).waitFor();
    const all = await sentences();
    expect(all).toHaveLength(33);
    expect(all.slice(20)).toEqual([
      ...h.videos
        .slice(0, 4)
        .reverse()
        .map((v) => `Liked ${v.title}`),
      `Removed ${a.title} from liked videos`,
      `Deleted playlist ${title}`,
      'Cleared history',
      `Added ${a.title} to ${title}`,
      `Created playlist ${title}`,
      `Watched ${c.title}`,
      `Saved ${b.title} to watch later`,
      `Liked ${a.title}`,
      'Signed up',
    ]);
    expect(new Set(all.slice(0, 20)).size).toBe(20);
    await more.waitFor({ state: 'detached' });
    // Focus moves to the first line that was loaded, so the keyboard user reads on from there.
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toContain(`Liked ${h.videos[3]!.title}`);
    await screenshot(t, 'activity-1280');
    expect((await t.toasts()).filter((x) => x.startsWith('error'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('fits 360 px; on a phone, History links to it', async () => {
    const phone = await openPage(h.browser, h.url, { width: 360, height: 740 });
    try {
      const user = await h.newUser('Phone');
      const api = h.api.withToken(user.token);
      await api.post('/user/playlists', { playlist: { title: 'A rather long playlist title that has to wrap on a phone screen' } });
      await api.post('/user/watchlater', { video: h.videos[8] });
      await restoreSession(phone, user, '/');
      // The phone's bottom bar has the five main places; History leads on to Activity.
      await phone.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true }).click();
      const link = phone.page.getByRole('link', { name: 'See all your activity', exact: true });
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await link.click();
      await waitForPath(phone, '/activity');
      await phone.page.locator('.activity-item').nth(2).waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await screenshot(phone, 'activity-360');
      expectNoConsoleErrors(phone);
    } finally {
      await phone.close();
    }
  });

  test('a guest visiting /activity is sent to /login', async () => {
    await t.page.goto('/activity');
    await waitForPath(t, '/login');
    expect(t.apiCalls).not.toContain('GET /api/user/activity');
  });
});

/** Polls a condition for at most 10 s. */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met within 10 s');
}

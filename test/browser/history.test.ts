import {
  expectNoConsoleErrors,
  pickMenuItem,
  restoreSession,
  rowTitles,
  useBrowserHarness,
  waitForPath,
  type Harness,
  type TestPage,
} from '../support/browser';

// Opening a video while logged in records it; a re-watched video moves to the latest.
describe('watch history in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const count = (text: string) => t.page.locator('.list-page__count').getByText(text, { exact: true }).waitFor();

  test('history is recorded, shown latest first, a replay moves it to the top, Remove deletes it', async () => {
    const [a, b, c] = [h.videos[0], h.videos[7], h.videos[10]];
    const user = await h.newUser('Watcher');
    const api = h.api.withToken(user.token);
    await restoreSession(t, user, '/history');
    await t.page.getByText('No History', { exact: true }).waitFor();

    // Watch a, b, c in the app (client-side navigation, so the cached history list stays mounted).
    for (const video of [a, b, c]) {
      await t.page.goto(`/videoPlay/${video._id}`);
      await t.page.getByRole('heading', { level: 1, name: video.title }).waitFor();
      const stored = async () => ((await api.get('/user/history')).body.history as { _id: string }[]).map((v) => v._id);
      await waitUntil(async () => (await stored()).at(-1) === video._id);
    }
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await count('3 Videos');
    expect(await rowTitles(t.page)).toEqual([c.title, b.title, a.title]);

    // Re-watch a from the history page itself: it moves to the top, and never leaves the list.
    await watchListFor(t, a.title);
    await t.page.getByRole('link', { name: a.title }).click();
    await waitForPath(t, `/videoPlay/${a._id}`);
    await waitUntil(async () => ((await api.get('/user/history')).body.history as { _id: string }[]).at(-1)?._id === a._id);
    await t.page.goBack();
    await waitForPath(t, '/history');
    await count('3 Videos');
    expect(await rowTitles(t.page)).toEqual([a.title, c.title, b.title]);
    expect(await t.page.evaluate(() => (window as unknown as { __missing: string[] }).__missing)).toEqual([]);
    expect((await t.toasts()).filter((x) => x.startsWith('error'))).toEqual([]);
    expect((await api.get('/user/history')).body.history.map((v: { _id: string }) => v._id)).toEqual([b._id, c._id, a._id]);

    await pickMenuItem(t.page, c.title, 'Remove');
    await count('2 Videos');
    expect(await rowTitles(t.page)).toEqual([a.title, b.title]);
    await pickMenuItem(t.page, a.title, 'Remove');
    await pickMenuItem(t.page, b.title, 'Remove');
    await t.page.getByText('No History', { exact: true }).waitFor();
    await t.page.getByRole('button', { name: 'Watch Some videos' }).waitFor();
    expect((await api.get('/user/history')).body.history).toEqual([]);
    // Re-watching never provoked a duplicate (409), and nothing was logged as an error.
    expectNoConsoleErrors(t);
  });
});

/**
 * Records, in the page, whether a history row with this title ever disappeared while the list
 * was on screen (read back as window.__missing).
 */
async function watchListFor(t: TestPage, title: string): Promise<void> {
  await t.page.evaluate((expected) => {
    const missing: string[] = [];
    (window as unknown as { __missing: string[] }).__missing = missing;
    const check = () => {
      const list = document.querySelector('.list-page__rows');
      if (!list) return; // the history page is not on screen (e.g. the player is)
      const titles = Array.from(list.querySelectorAll('.list-row__title')).map((n) => n.textContent);
      if (!titles.includes(expected)) missing.push(titles.join(' | '));
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, title);
}

/** Polls a condition for at most 10 s. */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met within 10 s');
}

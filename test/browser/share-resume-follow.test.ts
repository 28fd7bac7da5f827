/// <reference lib="dom" />
import {
  card,
  expectNoConsoleErrors,
  openPage,
  restoreSession,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

/**
 * README, "Share, resume, follow, and your account", in the browser: share a playlist and open it as a guest, save a copy, resume a video at
 * the saved second, subscribe from a card's channel link, and a password change signing out the
 * user's other browser. The YouTube player is a stand-in served for its embed URL: it shows the
 * `start` it was given and sends the player's postMessage events when the test tells it to.
 */
const STAND_IN = `<!doctype html><html><body><p id="start"></p><script>
const params = new URLSearchParams(location.search);
document.getElementById('start').textContent = params.get('start') ?? 'none';
window.send = (info) => parent.postMessage(JSON.stringify({ event: 'infoDelivery', info }), '*');
</script></body></html>`;

describe('share, resume, follow and the account in a real browser', () => {
  let h: Harness;
  let t: TestPage;
  const others: TestPage[] = [];

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );
  afterEach(async () => {
    for (const page of others.splice(0)) await page.close();
  });

  // The player's image host answers (so the app shows the real player, not its offline poster), and
  // the embed is the stand-in.
  const standInPlayer = async (page: TestPage) => {
    await page.page.route(/^https:\/\/i\.ytimg\.com\/vi\//, (route) =>
      route.fulfill({
        contentType: 'image/gif',
        body: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      }),
    );
    await page.page.route(/^https:\/\/www\.youtube\.com\/embed\//, (route) => route.fulfill({ contentType: 'text/html', body: STAND_IN }));
  };

  test('Share copies the link; a fresh guest context opens it; another user saves a copy', async () => {
    const owner = await h.newUser('Sharer');
    const api = h.api.withToken(owner.token);
    const created = await api.post('/user/playlists', { playlist: { title: 'Big screens' } });
    const id = created.body.playlists[0]._id as string;
    for (const video of h.videos.slice(6, 8)) await api.post(`/user/playlists/${id}`, { video });

    await t.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await restoreSession(t, owner, `/playlist/${id}`);
    await t.page.getByRole('heading', { name: 'Big screens' }).waitFor();
    // The playlist's re-read after the change answers late (a slow phone network): the select must show what
    // Share made it, not the old "private", meanwhile.
    const slowReads = /\/api\/user\/playlists(\/[^/]+)?$/;
    await t.page.route(slowReads, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await t.page.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(t, 'success', 'Link copied');
    const link = await t.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${h.url}/playlist/${id}`);
    const who = t.page.getByLabel('Who can see it');
    expect(await who.inputValue()).toBe('unlisted');
    // Picked in the select: the same, the choice stays shown while the playlist is read again.
    await who.selectOption('public');
    await waitForToast(t, 'success', 'Playlist is now public');
    expect(await who.inputValue()).toBe('public');
    await who.selectOption('unlisted');
    await waitForToast(t, 'success', 'Playlist is now unlisted');
    expect(await who.inputValue()).toBe('unlisted');
    await t.page.unroute(slowReads);

    const guest = await openPage(h.browser, h.url);
    others.push(guest);
    await guest.page.goto(link);
    await guest.page.getByText('Shared by Sharer').waitFor();
    await guest.page.getByRole('heading', { name: 'Big screens', level: 1 }).waitFor();
    expect(await guest.page.locator('.list-row__title').allTextContents()).toEqual(h.videos.slice(6, 8).map((v) => v.title));
    // A guest who wants a copy is asked to log in first.
    await guest.page.getByRole('button', { name: 'Save to my playlists' }).click();
    await waitForPath(guest, '/login');

    const viewer = await openPage(h.browser, h.url);
    others.push(viewer);
    await restoreSession(viewer, await h.newUser('Keeper'), `/playlist/${id}`);
    await viewer.page.getByRole('button', { name: 'Save to my playlists' }).click();
    await waitForToast(viewer, 'success', 'Saved to your playlists');
    await viewer.page.getByRole('button', { name: 'Share', exact: true }).waitFor();
    expect(viewer.url()).not.toBe(`/playlist/${id}`);
    expect(await viewer.page.locator('.list-row__title').allTextContents()).toEqual(h.videos.slice(6, 8).map((v) => v.title));
    for (const page of [t, guest, viewer]) expectNoConsoleErrors(page);
  });

  test('the player starts at the saved second, reports a pause, and Home shows "Continue watching" with a bar', async () => {
    const user = await h.newUser('Resumer');
    const video = h.videos[1];
    await h.api.withToken(user.token).request('PUT', `/user/progress/${video._id}`, { seconds: 200, stopped: true });
    await standInPlayer(t);
    await restoreSession(t, user, `/videoPlay/${video._id}`);
    // The player loads behind its click-to-load poster.
    await t.page.getByRole('button', { name: `Play ${video.title}`, exact: true }).click();
    const player = t.page.frameLocator('iframe');
    await player.locator('#start').getByText('200', { exact: true }).waitFor();
    expect(await t.page.locator('iframe').getAttribute('src')).toContain('enablejsapi=1');

    const frame = t.page.frames().find((f) => f.url().startsWith('https://www.youtube.com/embed/'))!;
    await frame.evaluate(() => (window as unknown as { send: (i: unknown) => void }).send({ currentTime: 300.4, playerState: 1 }));
    await frame.evaluate(() => (window as unknown as { send: (i: unknown) => void }).send({ currentTime: 312.7, playerState: 2 }));
    // The reports are sent in the background: wait (bounded) for the pause's exact second to be stored.
    let seconds: number | undefined;
    for (let tries = 0; tries < 50 && seconds !== 312; tries++) {
      seconds = (await h.api.withToken(user.token).get('/user/progress')).body.progress[0]?.seconds;
      if (seconds !== 312) await t.page.waitForTimeout(200);
    }
    expect(seconds).toBe(312);

    await t.page.goto('/');
    const row = t.page.locator('.continue-watching');
    await row.getByRole('heading', { name: 'Continue watching' }).waitFor();
    await row.getByRole('heading', { name: video.title }).waitFor();
    expect(await card(t.page, video.title).first().locator('progress.watched-bar').getAttribute('value')).toBe('312');

    // "Remove from Continue watching" forgets the progress: the row goes, the card below loses its bar.
    await row.getByRole('button', { name: `Remove ${video.title} from Continue watching`, exact: true }).click();
    await row.waitFor({ state: 'detached' });
    expect(await card(t.page, video.title).locator('progress.watched-bar').count()).toBe(0);
    expect((await h.api.withToken(user.token).get('/user/progress')).body.progress).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('subscribe from a card’s channel link, then the Subscriptions page shows the channel and its videos', async () => {
    await restoreSession(t, await h.newUser('Follower'));
    const video = h.videos.find((v) => v.channel === 'Linus Tech Tips')!;
    await card(t.page, video.title).getByRole('link', { name: 'Linus Tech Tips', exact: true }).click();
    await waitForPath(t, '/channel/linus-tech-tips');
    await t.page.getByRole('heading', { name: 'Linus Tech Tips', level: 1 }).waitFor();
    await t.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await waitForToast(t, 'success', 'Subscribed to Linus Tech Tips');
    await t.page.getByRole('button', { name: 'Subscribed', exact: true }).waitFor();

    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Subscriptions' }).click();
    await waitForPath(t, '/subscriptions');
    await t.page.getByRole('link', { name: 'Linus Tech Tips' }).first().waitFor();
    const feed = t.page.getByRole('list', { name: 'Videos from your channels' });
    await feed.getByRole('heading', { name: video.title }).waitFor();
    const titles = await feed.locator('.video-card__title').allTextContents();
    expect(titles.sort()).toEqual(
      h.videos
        .filter((v) => v.channel === 'Linus Tech Tips')
        .map((v) => v.title)
        .sort(),
    );
    expectNoConsoleErrors(t);
  });

  test('a password change in one browser signs the other one out on its next action', async () => {
    const user = await h.newUser('Twice');
    const other = await openPage(h.browser, h.url);
    others.push(other);
    await restoreSession(other, user, '/');
    await restoreSession(t, user, '/settings');

    await t.page.getByLabel('Current password').fill('password123');
    await t.page.getByLabel('New password').fill('a brand new one');
    await t.page.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(t, 'success', 'Password changed. Other devices are signed out.');
    // This browser got a fresh token and stays signed in.
    await t.page.goto('/like');
    await t.page.getByText('No liked Videos').waitFor();

    // The other browser's next action is refused and signs it out.
    await other.page.getByRole('button', { name: `More actions for ${h.videos[0].title}`, exact: true }).click();
    await other.page.getByRole('menuitem', { name: 'Add to Like', exact: true }).click();
    await waitForToast(other, 'error', 'Your session has ended. Please log in again.');
    await other.page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expectNoConsoleErrors(t);
  });
});

import {
  card,
  expectNoConsoleErrors,
  pickMenuItem,
  screenshot,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// What a visitor without an account sees and can do.
describe('guest in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const cardTitles = () => t.page.locator('article.video-card h3').allTextContents();
  // The filters live in the URL: the grid follows a navigation, which the router renders a moment
  // after the click or keystroke. Wait for the titles to settle on what is expected (or time out).
  const expectTitles = async (expected: string[]) => {
    const until = Date.now() + 5000;
    let titles = (await cardTitles()).sort();
    while (JSON.stringify(titles) !== JSON.stringify(expected) && Date.now() < until) {
      await t.page.waitForTimeout(50);
      titles = (await cardTitles()).sort();
    }
    expect(titles).toEqual(expected);
  };
  const titlesWhere = (match: (v: Harness['videos'][number]) => boolean) =>
    h.videos
      .filter(match)
      .map((v) => v.title)
      .sort();

  test('home shows the category bar, the whole catalogue with its card texts, and the header search', async () => {
    await t.page.goto('/');
    await t.page
      .locator('article.video-card')
      .nth(h.videos.length - 1)
      .waitFor();
    expect((await cardTitles()).sort()).toEqual(titlesWhere(() => true));

    const filters = await t.page.getByRole('group', { name: 'Filter by category' }).getByRole('button').allTextContents();
    expect(filters).toEqual(['ALL', 'Television', 'Monitor', 'Smartphone']);

    const first = h.videos[0];
    const firstCard = card(t.page, first.title);
    expect(await firstCard.textContent()).toContain(first.channel);
    await firstCard.getByText(`${first.views} views`, { exact: true }).waitFor();
    // The live display strings with their noun, as the player has them (docs/design/catalogue.md, "likes" and "views").
    await firstCard.getByText(`${first.likes} likes`, { exact: true }).waitFor();
    await firstCard.getByText(first.duration, { exact: true }).waitFor();
    expect(await firstCard.getByRole('link', { name: first.title }).getAttribute('href')).toBe(`/videoPlay/${first._id}`);
    // Thumbnails cannot load offline: the card keeps a labelled fallback box instead.
    await firstCard.locator(`.thumb__fallback[aria-label="${first.title}"]`).waitFor();
    // The channel avatar is decorative (the channel's name is written beside it), so it is hidden from assistive
    // technology. The server's avatars (initials on a disc of the channel's colour) are drawn as text, not as SVG
    // image documents (README, "Speed on a phone"): each channel's own colour, no avatar image on the page.
    await firstCard.locator('.avatar--initials[aria-hidden="true"]').waitFor();
    expect(await t.page.locator('img.avatar').count()).toBe(0);
    const colours = await t.page
      .locator('.video-card .avatar--initials')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
    expect(new Set(colours).size).toBeGreaterThan(1);
    // Not the accent (#d32f2f) of a channel with no picture at all.
    for (const colour of colours) expect(colour).not.toBe('rgb(211, 47, 47)');

    await t.page.getByRole('searchbox', { name: 'Search videos by title' }).waitFor();
    await t.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const nav = t.page.getByRole('navigation', { name: 'Main' });
    const links = {
      Explore: '/',
      Playlist: '/playlist',
      'Watch Later': '/watchLater',
      Liked: '/like',
      History: '/history',
      Activity: '/activity',
      Subscriptions: '/subscriptions',
    };
    for (const [name, href] of Object.entries(links))
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    expect(await nav.getByRole('link').count()).toBe(7);
    await screenshot(t, 'home-1280');
    expectNoConsoleErrors(t);
  });

  // The server's search: a word of the title, the channel or the description begins with it (docs/design/catalogue.md).
  const saysOled = (v: Harness['videos'][number]) =>
    [v.title, v.channel, v.description].some((text) => /(^|[^\p{L}\p{N}])oled/iu.test(text));

  test('category filter and title search combine; the search is trimmed and case-insensitive', async () => {
    await t.page.goto('/');
    await t.page.locator('article.video-card').first().waitFor();

    await t.page.getByRole('button', { name: 'Monitor', exact: true }).click();
    expect(await t.page.getByRole('button', { name: 'Monitor', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expectTitles(titlesWhere((v) => v.category === 'Monitor'));

    await t.page.getByRole('searchbox').fill('  oLeD  ');
    const monitorOled = titlesWhere((v) => v.category === 'Monitor' && saysOled(v));
    expect(monitorOled.length).toBeGreaterThan(0);
    await expectTitles(monitorOled);

    await t.page.getByRole('button', { name: 'ALL', exact: true }).click();
    await expectTitles(titlesWhere(saysOled));

    await t.page.getByRole('searchbox').fill('no such title anywhere');
    await t.page.getByText('No Videos', { exact: true }).waitFor();
    expect(await t.page.locator('article.video-card').count()).toBe(0);
    expectNoConsoleErrors(t);
  });

  test('a guest opens a video: embedded player with autoplay and controls, details, no history call', async () => {
    const video = h.videos[3];
    // The player's image host answers (it is blocked everywhere else): the real embed is shown,
    // not the app's offline poster (polish-navigation.test.ts).
    await t.page.route(/^https:\/\/i\.ytimg\.com\/vi\//, (route) =>
      route.fulfill({
        contentType: 'image/gif',
        body: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      }),
    );
    await t.page.goto('/');
    await card(t.page, video.title).getByRole('link', { name: video.title }).click();
    await waitForPath(t, `/videoPlay/${video._id}`);

    // A click-to-load facade: no third-party frame until the poster's play button is pressed, which
    // loads the player (autoplaying) and moves focus into it.
    const play = t.page.getByRole('button', { name: `Play ${video.title}`, exact: true });
    await play.waitFor();
    expect(await t.page.locator('iframe').count()).toBe(0);
    await play.click();
    const frame = t.page.locator(`iframe[title="${video.title}"]`);
    // The player's JS API is asked for a guest too: a guest's view is counted after 10 s of playback
    // (docs/design/catalogue.md, "The catalogue read side"); a guest has no saved place to start from.
    const src = new URL((await frame.getAttribute('src'))!);
    expect(`${src.origin}${src.pathname}`).toBe(`https://www.youtube.com/embed/${video._id}`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ autoplay: '1', controls: '1', enablejsapi: '1', origin: h.url });
    expect(await frame.getAttribute('allow')).toContain('autoplay');
    expect(await t.page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await t.page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    expect(await t.page.locator('.player__views').textContent()).toBe(`${video.views} views · ${video.likes} likes`);
    await t.page.getByText(video.description, { exact: true }).waitFor();
    await t.page.locator('.player__channel').getByText(video.channel, { exact: true }).waitFor();
    for (const name of ['Like', 'WatchLater', 'Playlist']) await t.page.getByRole('button', { name, exact: true }).waitFor();
    // The header is there (brand, search, Login): the search is on every page.
    await t.page.getByRole('link', { name: 'TechTube home' }).waitFor();
    expect(await t.page.getByRole('searchbox').count()).toBe(1);
    expect(t.apiCalls.filter((c) => c.includes('/api/user/'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('like, watch later and playlist actions send a guest to /login', async () => {
    const video = h.videos[0];
    for (const item of ['Add to Like', 'WatchLater', 'Add to playlist']) {
      await t.page.goto('/');
      await pickMenuItem(t.page, video.title, item);
      await waitForPath(t, '/login');
    }
    for (const button of ['Like', 'WatchLater', 'Playlist']) {
      await t.page.goto(`/videoPlay/${video._id}`);
      await t.page.getByRole('button', { name: button, exact: true }).click();
      await waitForPath(t, '/login');
    }
    expect(t.apiCalls.filter((c) => c.includes('/api/user/'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('protected routes redirect to /login, replacing the entry, and return to the origin after login', async () => {
    for (const path of ['/like', '/watchLater', '/history', '/playlist']) {
      await t.page.goto('/');
      await t.page.locator('article.video-card').first().waitFor();
      await t.page.goto(path);
      await waitForPath(t, '/login');
      // Replaced, not pushed: Back returns to where the guest was instead of into the redirect.
      await t.page.goBack();
      await waitForPath(t, '/');
    }

    await t.page.goto('/');
    await t.page.getByRole('link', { name: 'History' }).click();
    await waitForPath(t, '/login');
    expect(await t.page.locator('nav[aria-label="Main"]').count()).toBe(0);
    await t.page.getByRole('button', { name: 'Guest LogIn' }).click();
    expect(await t.page.getByLabel('Email').inputValue()).toBe('guest@example.com');
    expect(await t.page.getByLabel('Password').inputValue()).toBe('guestpass123');
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    await waitForPath(t, '/history');
    const login = await h.api.post('/auth/login', { email: 'guest@example.com', password: 'guestpass123' });
    await waitForToast(t, 'success', `Welcome back ${login.body.foundUser.firstName}`);
    await t.page.getByRole('heading', { level: 1, name: 'History' }).waitFor();
    // Back from the protected page does not land on the login form it came through.
    await t.page.goBack();
    await waitForPath(t, '/');
    expectNoConsoleErrors(t);
  });

  test('an unknown path shows the error page, whose link goes home', async () => {
    await t.page.goto('/no/such/page');
    const image = t.page.getByRole('img', { name: 'Page not found' });
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(t, 'error-1280');
    await t.page.getByRole('link', { name: 'Go Back To Home' }).click();
    await waitForPath(t, '/');
    await t.page.locator('article.video-card').first().waitFor();
    expectNoConsoleErrors(t);
  });

  test('a single playlist URL opens for a guest in either spelling, as not available (private) and without a user call', async () => {
    for (const path of ['/Playlist/some-id', '/playlist/some-id']) {
      await t.page.goto(path);
      await t.page.getByRole('heading', { level: 1, name: 'This playlist is not available' }).waitFor();
      expect(await t.page.getByText('Playlist is empty').count()).toBe(0);
    }
    await t.page.getByRole('link', { name: 'Go Back To Home' }).click();
    await waitForPath(t, '/');
    expect(t.apiCalls.filter((c) => c.includes('/api/user/'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('the login and signup forms have no sidebar and no search, and link to each other', async () => {
    await t.page.goto('/login');
    await t.page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await t.page.locator('nav[aria-label="Main"]').count()).toBe(0);
    expect(await t.page.getByRole('searchbox').count()).toBe(0);
    expect(await t.page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await t.page.getByLabel('Email').getAttribute('required')).not.toBeNull();
    expect(await t.page.getByLabel('Password').getAttribute('required')).not.toBeNull();
    await t.page.getByRole('checkbox', { name: 'Remember me' }).waitFor();
    await screenshot(t, 'login-1280');
    await t.page.getByRole('link', { name: 'Create New Account' }).click();
    await waitForPath(t, '/signup');
    expect(await t.page.locator('nav[aria-label="Main"]').count()).toBe(0);
    for (const label of ['First Name', 'Last Name', 'Email', 'Password'])
      expect(await t.page.getByLabel(label, { exact: true }).getAttribute('required')).not.toBeNull();
    await t.page.getByRole('link', { name: 'Already have an account' }).click();
    await waitForPath(t, '/login');
    expectNoConsoleErrors(t);
  });
});

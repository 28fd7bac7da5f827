/// <reference lib="dom" />
import { expectNoConsoleErrors, useBrowserHarness, waitForPath, waitForToast, type Harness, type TestPage } from '../support/browser';

// Remember me, the terms checkbox, messages beside the fields, and a guest's action
// finished after logging in.
describe('sign-in without rough edges, in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const logIn = async (email: string, remember: boolean) => {
    await t.page.getByLabel('Email').fill(email);
    await t.page.getByLabel('Password').fill('password123');
    await t.page.getByRole('checkbox', { name: 'Remember me' }).setChecked(remember);
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
  };
  /** A new browser context with the same storage state (cookies, localStorage) but no sessionStorage: a restarted browser. */
  const signedInAfterRestart = async (): Promise<boolean> => {
    const context = await h.browser.newContext({ baseURL: h.url, storageState: await t.context.storageState() });
    try {
      const page = await context.newPage();
      await page.goto('/like');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      return new URL(page.url()).pathname === '/like';
    } finally {
      await context.close();
    }
  };
  const stored = (storage: 'localStorage' | 'sessionStorage') => t.page.evaluate((name) => window[name].getItem('token'), storage);

  test('§7 Remember me unchecked keeps the session for this browser session only; checked keeps it', async () => {
    const { email } = await h.newUser('Forgetful');
    await t.page.goto('/login');
    await logIn(email, false);
    await waitForPath(t, '/');
    expect(await stored('sessionStorage')).toBeTruthy();
    expect(await stored('localStorage')).toBeNull();
    // Reloading the tab keeps it…
    await t.page.goto('/like');
    await t.page.getByRole('heading', { level: 1, name: 'Liked Videos' }).waitFor();
    // …a restarted browser does not.
    expect(await signedInAfterRestart()).toBe(false);

    await t.page.getByRole('button', { name: 'Logout' }).click();
    await waitForToast(t, 'success', 'Logged Out Successfully');
    await t.page.goto('/login');
    await logIn(email, true);
    await waitForPath(t, '/');
    expect(await stored('localStorage')).toBeTruthy();
    expect(await stored('sessionStorage')).toBeNull();
    expect(await signedInAfterRestart()).toBe(true);
    expectNoConsoleErrors(t);
  });

  test("§7 §8 signup needs the terms ticked; messages in plain words beside the fields, the server's 400 too", async () => {
    await t.page.goto('/signup');
    await t.page.getByLabel('First Name').fill('Grace');
    await t.page.getByLabel('Email').fill('grace@example');
    await t.page.getByLabel('Password').fill('short');
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const terms = t.page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' });
    const described = async (name: string) => {
      const field = name === 'terms' ? terms : t.page.getByLabel(name, { exact: true });
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const id = await field.getAttribute('aria-describedby');
      return t.page.locator(`[id="${id}"]`).textContent();
    };
    expect(await described('terms')).toBe('Accept the terms and conditions to create your account.');
    expect(await described('Password')).toBe('Use at least 8 characters.');
    expect(t.apiCalls).not.toContain('POST /api/auth/signup');

    // The browser accepts "grace@example", the server does not: its 400 is said beside the field.
    await t.page.getByLabel('Password').fill('password123');
    await terms.check();
    const answered = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/signup'));
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect((await answered).status()).toBe(400);
    await t.page.getByText('Enter a valid email address, like name@example.com.', { exact: true }).waitFor();
    expect(await described('Email')).toBe('Enter a valid email address, like name@example.com.');
    expect((await t.toasts()).filter((x) => x.startsWith('error:'))).toEqual([]);
    expect(t.url()).toBe('/signup');

    await t.page.goto('/login');
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    expect(await described('Email')).toBe('Enter your email address.');
    expect(await described('Password')).toBe('Enter your password.');
    expect(t.apiCalls).not.toContain('POST /api/auth/login');
    expectNoConsoleErrors(t, [/status of 400/]);
  });

  test("§9 a guest's Like sends them to log in with the reason, then back, with the like done; /login then redirects", async () => {
    const { email, token } = await h.newUser('Liker');
    const video = h.videos[4];
    await t.page.goto(`/videoPlay/${video._id}`);
    await t.page.getByRole('button', { name: 'Like', exact: true }).click();
    await waitForPath(t, '/login');
    await t.page.getByText('Log in to like videos. We will like this one for you right after.', { exact: true }).waitFor();
    await logIn(email, true);
    await waitForPath(t, `/videoPlay/${video._id}`);
    const unlike = t.page.getByRole('button', { name: 'Unlike', exact: true });
    await unlike.waitFor();
    expect(await unlike.getAttribute('aria-pressed')).toBe('true');
    await waitForToast(t, 'success', 'Video added to Likes');
    const likes = (await h.api.withToken(token).get('/user/likes')).body.likes.map((v: { _id: string }) => v._id);
    expect(likes).toEqual([video._id]);

    // Signed in, /login has nothing to offer: it goes on home.
    await t.page.goto('/login');
    await waitForPath(t, '/');
    expectNoConsoleErrors(t);
  });

  test("§9 a guest's Watch later and Playlist from a card are done after logging in", async () => {
    const { email, token } = await h.newUser('Keeper');
    const video = h.videos[9];
    await t.page.goto('/');
    await t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true }).click();
    await t.page.getByRole('menuitem', { name: 'WatchLater', exact: true }).click();
    await waitForPath(t, '/login');
    await t.page.getByText(/^Log in to save videos to watch later/).waitFor();
    await logIn(email, true);
    await waitForPath(t, '/');
    await waitForToast(t, 'success', 'Video added to Watch Later');
    const later = (await h.api.withToken(token).get('/user/watchlater')).body.watchlater.map((v: { _id: string }) => v._id);
    expect(later).toEqual([video._id]);

    await t.page.getByRole('button', { name: 'Logout' }).click();
    await waitForToast(t, 'success', 'Logged Out Successfully');
    await t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true }).click();
    await t.page.getByRole('menuitem', { name: 'Add to playlist', exact: true }).click();
    await waitForPath(t, '/login');
    await logIn(email, true);
    await t.page.getByRole('dialog', { name: 'Save to playlist' }).waitFor();
    expectNoConsoleErrors(t);
  });
});

import { expectNoConsoleErrors, useBrowserHarness, waitForPath, waitForToast, type Harness, type TestPage } from '../support/browser';

const storedSession = (t: TestPage) =>
  t.page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));

// Signup, login and logout with their exact texts, and a session that survives reloads.
describe('authentication in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('signup: required fields, Dummy SignUp, success, a session kept across reloads, logout', async () => {
    await t.page.goto('/signup');
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForToast(t, 'error', 'Please enter all the fields');
    // lastName alone is not checked on the client.
    await t.page.getByLabel('First Name').fill('Only');
    await t.page.getByLabel('Email').fill('only@example.com');
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    // The same toast again while it shows is not stacked; the missing field says so beside it.
    await t.page.getByText('Choose a password.', { exact: true }).waitFor();
    expect(await t.page.locator('.Toastify__toast', { hasText: 'Please enter all the fields' }).count()).toBeLessThanOrEqual(1);
    expect(t.apiCalls).not.toContain('POST /api/auth/signup');

    await t.page.getByRole('button', { name: 'Dummy SignUp' }).click();
    expect(await t.page.getByLabel('First Name').inputValue()).toBe('Ada');
    expect(await t.page.getByLabel('Last Name').inputValue()).toBe('Lovelace');
    expect(await t.page.getByLabel('Email').inputValue()).toBe('ada.lovelace@example.com');
    expect(await t.page.getByLabel('Password').inputValue()).toBe('adapass123');
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForToast(t, 'success', 'Signup Successful !!');
    await waitForPath(t, '/');
    await t.page.getByRole('button', { name: 'Logout' }).waitFor();

    const session = await storedSession(t);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user!)).toMatchObject({ firstName: 'Ada', email: 'ada.lovelace@example.com' });
    expect(JSON.parse(session.user!)).not.toHaveProperty('password');

    // A reload of a protected page restores the session instead of bouncing to /login.
    await t.page.goto('/like');
    await t.page.reload();
    await t.page.getByText('No liked Videos', { exact: true }).waitFor();
    expect(t.url()).toBe('/like');

    await t.page.getByRole('button', { name: 'Logout' }).click();
    await waitForToast(t, 'success', 'Logged Out Successfully');
    await waitForPath(t, '/');
    await t.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await storedSession(t)).toEqual({ token: null, user: null });
    await t.page.goto('/like');
    await waitForPath(t, '/login');
    expectNoConsoleErrors(t);
  });

  test('signup with an email already registered shows the server message', async () => {
    const { email } = await h.newUser('Taken');
    await t.page.goto('/signup');
    await t.page.getByLabel('First Name').fill('Again');
    await t.page.getByLabel('Email').fill(email);
    await t.page.getByLabel('Password').fill('password123');
    await t.page.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }).check();
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await waitForToast(t, 'error', 'Unprocessable Entity. Email Already Exists.');
    expect(t.url()).toBe('/signup');
    expectNoConsoleErrors(t, [/status of 422/]);
  });

  test('login: unknown email and wrong password show the server messages; Guest LogIn logs in', async () => {
    await t.page.goto('/login');
    await t.page.getByLabel('Email').fill('nobody@example.com');
    await t.page.getByLabel('Password').fill('whatever1');
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    await waitForToast(t, 'error', 'The email you entered is not Registered. Not Found error');

    await t.page.getByLabel('Email').fill('guest@example.com');
    await t.page.getByLabel('Password').fill('wrong-password');
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    await waitForToast(t, 'error', 'The credentials you entered are invalid. Unauthorized access error.');
    expect(t.url()).toBe('/login');

    await t.page.getByRole('button', { name: 'Guest LogIn' }).click();
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    const { body } = await h.api.post('/auth/login', { email: 'guest@example.com', password: 'guestpass123' });
    await waitForToast(t, 'success', `Welcome back ${body.foundUser.firstName}`);
    await waitForPath(t, '/');
    expect(JSON.parse((await storedSession(t)).user!)).toMatchObject({ email: 'guest@example.com' });
    expectNoConsoleErrors(t, [/status of 40[14]/]);
  });

  test('the header Login button returns to the page the visitor was on', async () => {
    const video = h.videos[5];
    await t.page.goto(`/videoPlay/${video._id}`);
    await t.page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(t, '/login');
    await t.page.getByRole('button', { name: 'Guest LogIn' }).click();
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    await waitForPath(t, `/videoPlay/${video._id}`);
    await t.page.getByRole('button', { name: 'Logout' }).waitFor();
    expectNoConsoleErrors(t);
  });
});

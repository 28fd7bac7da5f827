import {
  expectNoConsoleErrors,
  restoreSession,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// Account deletion (SECURITY.md §10) in the browser: "Delete my account" in Settings, behind a confirmation that asks for the password.
describe('deleting the account from Settings', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('a wrong password keeps the account and says so; the right one deletes it, logs out, and the email is free again', async () => {
    const user = await h.newUser('Leaver');
    const api = h.api.withToken(user.token);
    await api.post('/user/likes', { video: { _id: h.videos[0]!._id } });
    await restoreSession(t, user, '/settings');
    await t.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    await t.page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = t.page.getByRole('dialog', { name: 'Delete your account for good?' });
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api.get('/user/likes')).status).toBe(200);

    await t.page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByRole('alert').getByText('The password you entered is not correct. Your account was not deleted.').waitFor();
    expect((await api.get('/user/likes')).status).toBe(200);

    await dialog.getByLabel('Your password').fill('password123');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await waitForToast(t, 'success', 'Your account was deleted');
    await waitForPath(t, '/');
    await t.page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect((await api.get('/user/likes')).status).toBe(401);
    expect((await h.api.post('/auth/signup', { email: user.email, password: 'password456' })).status).toBe(201);
    expectNoConsoleErrors(t, [/401|403/]);
  });
});

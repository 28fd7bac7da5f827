import {
  expectNoConsoleErrors,
  restoreSession,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// The toasts' code is fetched at the first key or pointer press after a page load; the action that
// press starts must still show its toast, even when it answers before that code has arrived.
describe('the first action after a page load shows its toast', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('reload a signed-in page, click Logout: "Logged Out Successfully"', async () => {
    await restoreSession(t, await h.newUser('Reloader'), '/playlist');
    await t.page.reload();
    await t.page.locator('form[role="search"]').waitFor();
    await t.page.getByRole('button', { name: 'Logout' }).click();
    await waitForToast(t, 'success', 'Logged Out Successfully');
    await waitForPath(t, '/');
    await t.page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expectNoConsoleErrors(t);
  });

  test('reload home signed in, press Logout from the keyboard: the toast shows too', async () => {
    await restoreSession(t, await h.newUser('Keyboard'), '/');
    await t.page.reload();
    await t.page.locator('form[role="search"]').waitFor();
    await t.page.getByRole('button', { name: 'Logout' }).focus();
    await t.page.keyboard.press('Enter');
    await waitForToast(t, 'success', 'Logged Out Successfully');
    expectNoConsoleErrors(t);
  });
});

import { expectNoConsoleErrors, restoreSession, useBrowserHarness, waitForToast, type Harness, type TestPage } from '../support/browser';

// History auto-delete (SECURITY.md §10) in the browser: the "Auto-delete history" choice in Settings is saved and outlives a reload.
describe('history auto-delete in Settings', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('choosing "older than 18 months" saves it, and the page shows it again after a reload', async () => {
    const user = await h.newUser('Forgetful');
    const api = h.api.withToken(user.token);
    await restoreSession(t, user, '/settings');
    const select = t.page.getByLabel('Auto-delete history');
    await select.waitFor();
    expect(await select.inputValue()).toBe('off');

    await select.selectOption({ label: 'Older than 18 months' });
    await waitForToast(t, 'success', 'History older than 18 months is deleted');
    expect((await api.get('/user/settings')).body.settings).toEqual({ historyPaused: false, historyRetention: 18 });

    await t.page.reload();
    await t.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // The select is enabled once the settings are read again from the server.
    const reloaded = t.page.getByLabel('Auto-delete history');
    await reloaded.and(t.page.locator(':enabled')).waitFor();
    expect(await reloaded.inputValue()).toBe('18');
    expectNoConsoleErrors(t);
  });
});

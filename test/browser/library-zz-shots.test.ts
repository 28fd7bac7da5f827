import { openPage, restoreSession, useBrowserHarness, type Harness, type TestPage } from '../support/browser';
describe('shots', () => {
  let h: Harness;
  useBrowserHarness((x) => (h = x), () => undefined);
  test('shots', async () => {
    const user = await h.newUser('Shooter');
    const api = h.api.withToken(user.token);
    for (const v of h.videos.slice(0, 2)) await api.post('/user/likes', { video: v });
    await api.post('/user/watchlater', { video: h.videos[3] });
    for (const v of h.videos.slice(4, 8)) await api.post('/user/history', { video: v });
    const id = (await api.post('/user/playlists', { playlist: { title: 'Desk setup', description: 'Monitors and arms for the home office' } })).body.playlists[0]._id;
    for (const v of h.videos.slice(6, 10)) await api.post(`/user/playlists/${id}`, { video: v });
    await api.request('PUT', '/user/settings', { historyPaused: true });
    const asOf = new Date(Date.now() + 2000).toISOString();
    for (const width of [1280, 390]) {
      const t: TestPage = await openPage(h.browser, h.url, { width, height: 800 });
      await restoreSession(t, user, '/settings');
      await t.page.locator('.settings-card').first().waitFor();
      await t.page.waitForTimeout(300);
      await t.page.getByLabel('File (.json or .csv)').setInputFiles({ name: 'monitors.csv', mimeType: 'text/csv', buffer: Buffer.from('url\nnot-a-real-one\nanother-unknown-id\n' + h.videos[1]._id) });
      await t.page.getByRole('button', { name: 'Import', exact: true }).click();
      await t.page.locator('.settings-card__unknown').waitFor();
      await t.page.screenshot({ path: `/tmp/shots/settings-${width}.png`, fullPage: true });
      await t.page.goto(`/playlist/${id}`);
      await t.page.locator('.list-row').nth(3).waitFor();
      await t.page.waitForTimeout(300);
      await t.page.getByRole('button', { name: `Move ${h.videos[7].title} down` }).focus();
      await t.page.keyboard.press('Enter');
      await t.page.waitForTimeout(300);
      await t.page.screenshot({ path: `/tmp/shots/playlist-${width}.png`, fullPage: true });
      await t.page.getByRole('button', { name: 'Edit details' }).click();
      await t.page.screenshot({ path: `/tmp/shots/playlist-edit-${width}.png`, fullPage: false });
      await t.page.goto('/history');
      await t.page.locator('.list-row').first().waitFor();
      await t.page.waitForTimeout(300);
      await t.page.screenshot({ path: `/tmp/shots/history-${width}.png`, fullPage: true });
      await t.page.goto(`/activity?asOf=${encodeURIComponent(asOf)}`);
      await t.page.locator('.time-travel__section').first().waitFor();
      await t.page.waitForTimeout(300);
      await t.page.screenshot({ path: `/tmp/shots/time-travel-${width}.png`, fullPage: true });
      await t.page.goto('/');
      await t.page.getByRole('button', { name: `More actions for ${h.videos[10].title}`, exact: true }).click();
      await t.page.getByRole('menuitem').first().click();
      await t.page.locator('.Toastify__toast--success').first().hover();
      await t.page.screenshot({ path: `/tmp/shots/toast-${width}.png`, fullPage: false });
      await t.close();
    }
  });
});

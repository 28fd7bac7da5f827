import {
  card,
  expectNoConsoleErrors,
  pickMenuItem,
  restoreSession,
  rowTitles,
  screenshot,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

// The playlist modal, the playlists page and a single playlist.
describe('playlists in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const dialog = () => t.page.getByRole('dialog');
  const count = (text: string) => t.page.locator('.list-page__count').getByText(text, { exact: true }).waitFor();
  const playlistWrites = () => t.apiCalls.filter((c) => c === 'POST /api/user/playlists');

  test('create (empty title refused without a call), add from card and player, open, remove, delete', async () => {
    const [a, b] = [h.videos[8], h.videos[11]];
    await restoreSession(t, await h.newUser('Curator'));
    await card(t.page, a.title).waitFor();

    await pickMenuItem(t.page, a.title, 'Add to playlist');
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Create New Playlist' }).click();
    const input = dialog().getByPlaceholder('Start Typing...');
    await input.waitFor();
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(t, 'error', 'Title cannot be empty');
    await input.fill('   ');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    // The same message again while it shows is not stacked.
    expect(await t.page.locator('.Toastify__toast', { hasText: 'Title cannot be empty' }).count()).toBeLessThanOrEqual(1);
    expect(playlistWrites()).toEqual([]);

    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await input.count()).toBe(0);
    await dialog().getByRole('button', { name: 'Create New Playlist' }).click();
    expect(await input.inputValue()).toBe('');
    await input.fill('Big screens');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    const checkbox = dialog().getByRole('checkbox', { name: 'Big screens' });
    await checkbox.waitFor();
    // After creation the input closes and its title is cleared.
    await dialog().getByRole('button', { name: 'Create New Playlist' }).waitFor();
    expect(await input.count()).toBe(0);
    expect(playlistWrites()).toEqual(['POST /api/user/playlists']);
    // A playlist created from the modal already holds the video.
    await waitForToast(t, 'success', 'Added to Playlist');
    expect(await checkbox.isChecked()).toBe(true);
    await t.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    await t.page.goto(`/videoPlay/${b._id}`);
    await t.page.getByRole('button', { name: 'Playlist', exact: true }).click();
    await dialog().getByRole('checkbox', { name: 'Big screens' }).check();
    await waitForToast(t, 'success', 'Added to Playlist');
    await dialog().getByRole('button', { name: 'Close' }).click();

    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playlist', exact: true }).click();
    await waitForPath(t, '/playlist');
    const playlistCard = t.page.locator('.playlist-card').filter({ hasText: 'Big screens' });
    await playlistCard.getByText('2 Videos', { exact: true }).waitFor();
    // No image of its own: its first video's thumbnail (offline, that thumbnail's labelled fallback).
    await playlistCard.locator(`.thumb__fallback[aria-label="${a.title}"]`).waitFor();
    await screenshot(t, 'playlists-1280');

    await playlistCard.getByRole('link').click();
    await t.page.waitForURL(/\/playlist\/[^/]+$/);
    const path = t.url();
    await t.page.getByRole('heading', { level: 1, name: 'Big screens' }).waitFor();
    await count('2 Videos');
    expect(await rowTitles(t.page)).toEqual([a.title, b.title]);

    // The route is written /Playlist/:_id; both spellings open the same playlist.
    await t.page.goto(path.replace('/playlist/', '/Playlist/'));
    await count('2 Videos');

    await pickMenuItem(t.page, a.title, 'Remove');
    await waitForToast(t, 'success', 'Remove from Playlist');
    await count('1 Video');
    expect(await rowTitles(t.page)).toEqual([b.title]);

    // Unchecking in the modal removes the video too.
    await t.page.getByRole('link', { name: b.title }).click();
    await t.page.getByRole('button', { name: 'Playlist', exact: true }).click();
    const bBox = dialog().getByRole('checkbox', { name: 'Big screens' });
    expect(await bBox.isChecked()).toBe(true);
    await bBox.uncheck();
    // Its confirmation is on screen: a toast of its own, or the first removal's if that one still shows (the same
    // message is not stacked, and its Undo reverts the latest action, this one).
    await t.page.locator('.Toastify__toast', { hasText: 'Remove from Playlist' }).first().waitFor();
    await dialog().getByRole('button', { name: 'Close' }).click();
    await t.page.goBack();
    await t.page.getByText('Big screens Playlist is empty', { exact: true }).waitFor();
    await t.page.getByRole('button', { name: 'Watch Some videos' }).waitFor();

    await t.page.goto('/playlist');
    await t.page.getByRole('button', { name: 'Delete playlist Big screens' }).click();
    await waitForToast(t, 'success', 'Deleted playlist');
    await t.page.getByText('There is no playlist', { exact: true }).waitFor();
    expect((await t.toasts()).filter((x) => x.startsWith('error:') && x !== 'error: Title cannot be empty')).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('a playlist titled with markup is shown as text and runs nothing', async () => {
    const title = '<img src=x onerror=alert(1)>';
    await restoreSession(t, await h.newUser('Mallory'));
    await pickMenuItem(t.page, h.videos[0].title, 'Add to playlist');
    await dialog().getByRole('button', { name: 'Create New Playlist' }).click();
    await dialog().getByPlaceholder('Start Typing...').fill(title);
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await dialog().getByRole('checkbox', { name: title }).check();
    await waitForToast(t, 'success', 'Added to Playlist');
    await dialog().getByRole('button', { name: 'Close' }).click();

    await t.page.goto('/playlist');
    await t.page.locator('.playlist-card__title').getByText(title, { exact: true }).waitFor();
    await t.page.locator('.playlist-card__link').click();
    await t.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await t.page.locator('img[src="x"]').count()).toBe(0);
    expect(t.dialogs).toEqual([]);
    expectNoConsoleErrors(t);
  });
});

import { readFileSync } from 'node:fs';
import type { ApiClient } from '../support/api-client';
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
  type Video,
} from '../support/browser';

// Library controls (docs/design/library-controls.md) in the browser: pause and search history, edit and reorder a playlist (by keyboard and by
// dragging), export and import the library, undo from a toast, and the library as it was.
describe('library controls in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const ids = (videos: { _id: string }[]) => videos.map((v) => v._id);
  const storedHistory = async (api: ApiClient) => ids((await api.get('/user/history')).body.history);
  const openSettings = async () => {
    await t.page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click();
    await waitForPath(t, '/settings');
    await t.page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  };
  const playVideo = async (video: Video) => {
    await t.page.goto(`/videoPlay/${video._id}`);
    await t.page.getByRole('heading', { level: 1, name: video.title }).waitFor();
  };

  test('while history is paused a played video is not recorded; the History page says so; resuming records again', async () => {
    const [a, b] = [h.videos[2], h.videos[6]];
    const user = await h.newUser('Pauser');
    const api = h.api.withToken(user.token);
    await restoreSession(t, user, '/');
    await openSettings();
    const pause = t.page.getByRole('switch', { name: 'Pause history' });
    expect(await pause.isChecked()).toBe(false);
    await pause.check();
    await waitForToast(t, 'success', 'History paused');
    expect((await api.get('/user/settings')).body.settings).toEqual({ historyPaused: true, historyRetention: 'off' });

    await playVideo(a);
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History', exact: true }).click();
    await t.page.getByRole('note').getByText('History is paused', { exact: false }).waitFor();
    await t.page.getByText('No History', { exact: true }).waitFor();
    expect(await storedHistory(api)).toEqual([]);
    expect(t.apiCalls).not.toContain('POST /api/user/history');

    // The note's link leads to the switch; resuming records the next video played.
    await t.page.getByRole('link', { name: 'Resume it in Settings' }).click();
    await waitForPath(t, '/settings');
    await pause.uncheck();
    await waitForToast(t, 'success', 'History resumed');
    await playVideo(b);
    await waitUntil(async () => (await storedHistory(api)).length > 0);
    expect(await storedHistory(api)).toEqual([b._id]);
    await t.page.goto('/history');
    await t.page.locator('.list-row__title').first().waitFor();
    expect(await t.page.getByRole('note').count()).toBe(0);
    // The timeline tells it in words.
    await t.page.goto('/activity');
    await t.page.locator('.activity-item').nth(3).waitFor();
    expect(await t.page.locator('.activity-item__text').allTextContents()).toEqual([
      `Watched ${b.title}`,
      'Resumed history',
      'Paused history',
      'Signed up',
    ]);
    expectNoConsoleErrors(t);
  });

  test('history search narrows the rows by title or channel, lives in the URL, and Remove-before removes by watch date', async () => {
    const user = await h.newUser('Searcher');
    const api = h.api.withToken(user.token);
    // An import keeps each entry's watch time, which gives the history a past.
    const [old1, old2, recent] = [h.videos[0], h.videos[4], h.videos[9]];
    const imported = await api.post('/user/import', {
      format: 'techtube-library',
      version: 1,
      exportedAt: '2021-03-01T00:00:00.000Z',
      settings: { historyPaused: false },
      likes: [],
      watchlater: [],
      history: [
        { videoId: old1._id, watchedAt: '2020-01-10T12:00:00.000Z' },
        { videoId: old2._id, watchedAt: '2020-06-10T12:00:00.000Z' },
      ],
      playlists: [],
    });
    expect(imported.status).toBe(200);
    await api.post('/user/history', { video: recent });
    const history = [recent, old2, old1]; // latest first, as the page shows it

    // A word of one title that no other history entry's title or channel holds.
    const word = uniqueWord(history, old2);
    const expected = history.filter((v) => matches(v, word));
    await restoreSession(t, user, '/history');
    await t.page.locator('.list-row__title').nth(2).waitFor();
    const search = t.page.getByRole('searchbox', { name: 'Search your history' });
    await search.fill(`  ${word.toUpperCase()} `);
    await waitForPath(t, `/history?search=${encodeURIComponent(word.toUpperCase())}`);
    await waitUntil(async () => (await rowTitles(t.page)).length === expected.length);
    expect(await rowTitles(t.page)).toEqual(expected.map((v) => v.title));
    await t.page.getByRole('status').getByText(`${expected.length} of 3 videos`, { exact: false }).waitFor();
    // The channel counts too.
    await search.fill(recent.channel);
    await waitUntil(async () => (await rowTitles(t.page)).includes(recent.title));
    expect(await rowTitles(t.page)).toEqual(history.filter((v) => matches(v, recent.channel)).map((v) => v.title));
    // A search that finds nothing says so; the URL brings a search back after a reload.
    await search.fill('zzz-no-such-video');
    await t.page.getByText('Nothing in your history matches “zzz-no-such-video”.').waitFor();
    await t.page.goto(`/history?search=${encodeURIComponent(word)}`);
    await waitUntil(async () => (await rowTitles(t.page)).length === expected.length);
    expect(await search.inputValue()).toBe(word);
    await search.fill('');
    await waitForPath(t, '/history');
    await waitUntil(async () => (await rowTitles(t.page)).length === 3);

    // Everything watched before 1 January 2021 (on the user's clock) goes; the recent one stays.
    await t.page.getByLabel('Remove videos watched before').fill('2021-01-01');
    await t.page.getByRole('button', { name: 'Remove', exact: true }).click();
    await t.page.waitForFunction(() =>
      (window as unknown as { __toasts: string[] }).__toasts.some((x) => x.startsWith('success: Removed 2 videos watched before')),
    );
    await waitUntil(async () => (await rowTitles(t.page)).length === 1);
    expect(await rowTitles(t.page)).toEqual([recent.title]);
    expect(await storedHistory(api)).toEqual([recent._id]);
    await screenshot(t, 'library-history-1280');
    expectNoConsoleErrors(t);
  });

  test('a playlist is renamed and described, and reordered with the keyboard and by dragging; the server keeps the order', async () => {
    const user = await h.newUser('Sorter');
    const api = h.api.withToken(user.token);
    const playlistId = (await api.post('/user/playlists', { playlist: { title: 'Desk' } })).body.playlists[0]._id;
    const [v0, v1, v2, v3] = [h.videos[1], h.videos[3], h.videos[5], h.videos[8]];
    for (const video of [v0, v1, v2, v3]) await api.post(`/user/playlists/${playlistId}`, { video });
    const storedOrder = async () => ids((await api.get(`/user/playlists/${playlistId}`)).body.playlist.videos);
    const titles = (...videos: Video[]) => videos.map((v) => v.title);
    await restoreSession(t, user, `/playlist/${playlistId}`);
    await t.page.locator('.list-row__title').nth(3).waitFor();

    // Details: the form opens with the current values, and saving shows them at once.
    await t.page.getByRole('button', { name: 'Edit details' }).click();
    const name = t.page.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('Desk');
    await name.fill('Desk setup');
    await t.page.getByRole('textbox', { name: 'Description' }).fill('Monitors and arms for the home office');
    await t.page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(t, 'success', 'Playlist details saved');
    await t.page.getByRole('heading', { level: 1, name: 'Desk setup' }).waitFor();
    await t.page.getByText('Monitors and arms for the home office').waitFor();
    expect(await t.page.getByRole('button', { name: 'Edit details' }).evaluate((el) => el === document.activeElement)).toBe(true);
    const stored = (await api.get(`/user/playlists/${playlistId}`)).body.playlist;
    expect({ title: stored.title, description: stored.description }).toEqual({
      title: 'Desk setup',
      description: 'Monitors and arms for the home office',
    });

    // Keyboard: v0 goes down three times, focus staying on its "down" button all the way.
    const down = t.page.getByRole('button', { name: `Move ${v0.title} down`, exact: true });
    await down.focus();
    for (let i = 0; i < 3; i++) await t.page.keyboard.press('Enter');
    await waitUntil(async () => (await rowTitles(t.page)).at(-1) === v0.title);
    expect(await rowTitles(t.page)).toEqual(titles(v1, v2, v3, v0));
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${v0.title} down`);
    expect(await down.getAttribute('aria-disabled')).toBe('true');
    await t.page.keyboard.press('Enter'); // at the end already: nothing happens
    await t.page.getByRole('status').getByText(`${v0.title} moved to position 4 of 4`).waitFor({ state: 'attached' });
    // Shift+Tab reaches the same row's "up" button; one step up.
    await t.page.keyboard.press('Shift+Tab');
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${v0.title} up`);
    await t.page.keyboard.press('Enter');
    await waitUntil(async () => (await rowTitles(t.page))[2] === v0.title);
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${v0.title} up`);
    await waitUntil(async () => (await storedOrder())[2] === v0._id);
    expect(await storedOrder()).toEqual(ids([v1, v2, v0, v3]));

    // Drag and drop: v3 (last) onto the top half of the first row goes first.
    const row = (video: Video) => t.page.locator('.list-row').filter({ has: t.page.getByRole('link', { name: video.title, exact: true }) });
    await row(v3).dragTo(row(v1), { targetPosition: { x: 40, y: 4 } });
    await waitUntil(async () => (await rowTitles(t.page))[0] === v3.title);
    expect(await rowTitles(t.page)).toEqual(titles(v3, v1, v2, v0));
    await waitUntil(async () => (await storedOrder())[0] === v3._id);
    expect(await storedOrder()).toEqual(ids([v3, v1, v2, v0]));

    // A reload reads the order back from the server.
    await t.page.reload();
    // The rows' titles, not the rows: the loading skeleton's rows are .list-row too.
    await t.page.locator('.list-row__title').nth(3).waitFor();
    expect(await rowTitles(t.page)).toEqual(titles(v3, v1, v2, v0));
    await screenshot(t, 'library-playlist-1280');
    await t.page.goto('/activity');
    await t.page.locator('.activity-item').nth(4).waitFor();
    expect((await t.page.locator('.activity-item__text').allTextContents()).slice(0, 5)).toEqual([
      `Moved ${v3.title} within Desk setup`,
      `Moved ${v0.title} within Desk setup`,
      `Moved ${v0.title} within Desk setup`,
      `Moved ${v0.title} within Desk setup`,
      `Moved ${v0.title} within Desk setup`,
    ]);
    expect(await t.page.locator('.activity-item__text').nth(5).textContent()).toBe('Changed the name or description of Desk setup');
    expectNoConsoleErrors(t);
  });

  test('export downloads the whole library as techtube-library-YYYY-MM-DD.json; importing it back adds nothing; a CSV import lists unknown ids', async () => {
    const user = await h.newUser('Exporter');
    const api = h.api.withToken(user.token);
    const [a, b, c] = [h.videos[0], h.videos[7], h.videos[11]];
    await api.post('/user/likes', { video: a });
    await api.post('/user/likes', { video: c });
    await api.post('/user/watchlater', { video: b });
    await api.post('/user/history', { video: c });
    const playlistId = (await api.post('/user/playlists', { playlist: { title: 'Phones' } })).body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: b });
    await api.post(`/user/playlists/${playlistId}`, { video: a });

    await restoreSession(t, user, '/');
    await openSettings();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByRole('button', { name: 'Export my library', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^techtube-library-\d{4}-\d{2}-\d{2}\.json$/);
    const file = readFileSync((await download.path())!, 'utf8');
    const document = JSON.parse(file);
    expect(document).toMatchObject({
      format: 'techtube-library',
      version: 1,
      settings: { historyPaused: false },
      likes: [a._id, c._id],
      watchlater: [b._id],
      playlists: [{ _id: playlistId, title: 'Phones', videoIds: [b._id, a._id] }],
    });
    expect(document.history.map((e: { videoId: string }) => e.videoId)).toEqual([c._id]);
    expect(download.suggestedFilename()).toBe(`techtube-library-${document.exportedAt.slice(0, 10)}.json`);
    await t.page.getByRole('status').getByText(`Saved ${download.suggestedFilename()}`).waitFor();

    // The same file back: nothing is missing, so nothing is added.
    const fileInput = t.page.getByLabel('File (.json or .csv)');
    await fileInput.setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(file) });
    await t.page.getByRole('button', { name: 'Import', exact: true }).click();
    await t.page.getByText('Nothing new: your library already had everything in this file.').waitFor();
    expect(ids((await api.get('/user/likes')).body.likes)).toEqual([a._id, c._id]);

    // A CSV of a URL, an id and an id the catalogue does not have, into a new playlist.
    const csv = `url\nhttps://www.youtube.com/watch?v=${h.videos[4]._id}\n${h.videos[5]._id}\nnot-a-real-video\n`;
    await fileInput.setInputFiles({ name: 'monitors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const playlistName = t.page.getByRole('textbox', { name: 'Playlist name' });
    expect(await playlistName.inputValue()).toBe('monitors');
    await playlistName.fill('Monitor shortlist');
    await t.page.getByRole('button', { name: 'Import', exact: true }).click();
    await t.page.getByText('Imported 1 playlist and 2 videos in playlists.').waitFor();
    await t.page.getByText('1 video is not in the catalogue, so it was not imported:').waitFor();
    expect(await t.page.locator('.settings-card__ids li').allTextContents()).toEqual(['not-a-real-video']);
    const playlists = (await api.get('/user/playlists')).body.playlists as { title: string; videos: Video[] }[];
    expect(playlists.map((p) => [p.title, ids(p.videos)])).toEqual([
      ['Phones', [b._id, a._id]],
      ['Monitor shortlist', [h.videos[4]._id, h.videos[5]._id]],
    ]);

    // A file that is not an export is refused before anything is sent.
    const importCalls = t.apiCalls.filter((call) => call === 'POST /api/user/import').length;
    await fileInput.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
    await t.page.getByRole('button', { name: 'Import', exact: true }).click();
    await t.page.getByRole('alert').getByText('This file is not a library export', { exact: false }).waitFor();
    expect(t.apiCalls.filter((call) => call === 'POST /api/user/import')).toHaveLength(importCalls);
    await screenshot(t, 'library-settings-1280');
    expectNoConsoleErrors(t);
  });

  test('Undo in a toast reverts that action and refreshes every list; with nothing left, the server says so', async () => {
    const user = await h.newUser('Undoer');
    const api = h.api.withToken(user.token);
    const video = h.videos[3];
    await restoreSession(t, user, '/');
    await card(t.page, video.title).waitFor();

    await pickMenuItem(t.page, video.title, 'Add to Like');
    const toast = t.page.locator('.Toastify__toast--success').filter({ hasText: 'Video added to Likes' });
    await toast.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitForToast(t, 'success', `Undone: Liked ${video.title}`);
    expect((await api.get('/user/likes')).body.likes).toEqual([]);
    // The card's menu reads the refreshed list: the video can be liked again.
    await waitUntil(async () => {
      await t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true }).click();
      const items = await t.page.getByRole('menuitem').allTextContents();
      await t.page.keyboard.press('Escape');
      return items.includes('Add to Like');
    });

    // Removing from history by date, undone: the entries come back in their places.
    await api.post('/user/history', { video: h.videos[0] });
    await api.post('/user/history', { video: h.videos[1] });
    await t.page.goto('/history');
    await t.page.locator('.list-row__title').nth(1).waitFor();
    const before = await rowTitles(t.page);
    await t.page.getByRole('button', { name: 'Clear history', exact: true }).click();
    await t.page.getByText('No History', { exact: true }).waitFor();
    await t.page.locator('.Toastify__toast--success').filter({ hasText: 'History cleared' }).getByRole('button', { name: 'Undo' }).click();
    await waitForToast(t, 'success', 'Undone: Cleared history');
    await waitUntil(async () => (await rowTitles(t.page)).length === 2);
    expect(await rowTitles(t.page)).toEqual(before);

    // Walk back to the start: the like was undone already, so these two watches are what is left.
    await t.page.goto('/activity');
    const undoLast = t.page.getByRole('button', { name: 'Undo my last action', exact: true });
    await undoLast.click();
    await waitForToast(t, 'success', `Undone: Watched ${h.videos[1].title}`);
    await undoLast.click();
    await waitForToast(t, 'success', `Undone: Watched ${h.videos[0].title}`);
    await undoLast.click();
    await waitForToast(t, 'error', 'There is nothing to undo.');
    expect(await storedHistory(api)).toEqual([]);
    expectNoConsoleErrors(t, [/status of 409 .* @ .*\/api\/user\/undo$/]);
  });

  test('the activity page shows the library as it was at a chosen moment, read only, with a way back', async () => {
    const user = await h.newUser('Traveller');
    const api = h.api.withToken(user.token);
    const [a, b, c] = [h.videos[2], h.videos[5], h.videos[10]];
    await api.post('/user/likes', { video: a });
    await api.post('/user/watchlater', { video: c });
    const liked = Date.now();
    // The picker counts whole seconds: the moment chosen is the next full second after the like.
    const moment = Math.ceil(liked / 1000) * 1000;
    await new Promise((resolve) => setTimeout(resolve, moment + 250 - Date.now()));
    await api.delete(`/user/likes/${a._id}`);
    await api.post('/user/likes', { video: b });
    const playlistId = (await api.post('/user/playlists', { playlist: { title: 'Later on' } })).body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: c });

    await restoreSession(t, user, '/activity');
    await t.page.locator('.activity-item').first().waitFor();
    const local = await t.page.evaluate((ms) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    }, moment);
    await t.page.getByLabel('View my library as of').fill(local);
    await t.page.getByRole('button', { name: 'Show', exact: true }).click();
    await waitForPath(t, `/activity?asOf=${encodeURIComponent(new Date(moment).toISOString())}`);
    const past = t.page.getByRole('region', { name: /^Your library as of/ });
    await past.getByText('A past view, read only', { exact: false }).waitFor();
    const section = (name: string) => past.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
    await section('Liked videos').getByRole('link').first().waitFor();
    expect(await section('Liked videos').getByRole('link').allTextContents()).toEqual([a.title]);
    expect(await section('Watch later').getByRole('link').allTextContents()).toEqual([c.title]);
    expect(await section('Playlists').getByText('No playlists').count()).toBe(1);
    // Read only: no menus, no remove, no move buttons; the timeline is not shown.
    expect(await past.getByRole('button').count()).toBe(0);
    expect(await t.page.locator('.activity-item').count()).toBe(0);
    await screenshot(t, 'library-time-travel-1280');

    // Now, the same view shows what changed since.
    await t.page.getByLabel('View my library as of').fill(
      await t.page.evaluate(() => {
        const d = new Date(Date.now() + 5_000);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
      }),
    );
    await t.page.getByRole('button', { name: 'Show', exact: true }).click();
    await waitUntil(async () => (await section('Liked videos').getByRole('link').allTextContents()).join() === b.title);
    expect(await section('Later on').getByRole('link').allTextContents()).toEqual([c.title]);

    // Back to the timeline: by the link, and the browser's Back returns to the earlier view.
    await past.getByRole('link', { name: 'Back to timeline' }).click();
    await waitForPath(t, '/activity');
    await t.page.locator('.activity-item').first().waitFor();
    await t.page.goBack();
    await section('Liked videos').waitFor();
    expectNoConsoleErrors(t);
  });
});

/** What the server's search matches: the title or the channel, ignoring case. */
const matches = (video: Video, search: string) =>
  video.title.toLowerCase().includes(search.trim().toLowerCase()) || video.channel.toLowerCase().includes(search.trim().toLowerCase());

/** A word (4+ letters) of `video`'s title that no other video's title or channel contains. */
function uniqueWord(videos: Video[], video: Video): string {
  const others = videos.filter((v) => v !== video).map((v) => `${v.title} ${v.channel}`.toLowerCase());
  const word = video.title.split(/[^A-Za-z0-9]+/).find((w) => w.length >= 4 && !others.some((text) => text.includes(w.toLowerCase())));
  if (!word) throw new Error(`no word of "${video.title}" is unique among ${videos.length} videos`);
  return word;
}

/** Polls a condition for at most 10 s. */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

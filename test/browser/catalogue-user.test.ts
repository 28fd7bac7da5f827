/// <reference lib="dom" />
import type { ApiClient } from '../support/api-client';
import {
  card,
  expectNoConsoleErrors,
  restoreSession,
  rowTitles,
  useBrowserHarness,
  waitForPath,
  type Harness,
  type TestPage,
} from '../support/browser';
import { signUpOperator } from '../support/operators';

// What a viewer sees of the living catalogue (docs/design/catalogue.md; README, "Using the app"): a retired
// video stays in their lists as "no longer available" until they remove it, its page says so and offers
// Up next; home is its URL, searched and sorted by the server, 24 videos at a time with "Load more videos".

const PAGE = 24;

describe('the living catalogue as a viewer sees it, in a real browser', () => {
  let h: Harness;
  let t: TestPage;
  let operator: ApiClient;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );
  beforeAll(async () => {
    operator = (await signUpOperator(h.server)).client;
  });

  const cardTitles = () => t.page.locator('article.video-card h3').allTextContents();
  /** The titles GET /api/videos answers for this query string, first page. */
  const serverTitles = async (query: string) =>
    (await h.api.get(`/videos?${query}`)).body.videos.map((v: { title: string }) => v.title) as string[];

  test('a retired video in likes, watch later and a playlist shows as no longer available, with Remove; its page offers Up next', async () => {
    const session = await h.newUser('Keeper');
    const api = h.api.withToken(session.token);
    const [gone, kept] = [h.videos[4], h.videos[5]];
    for (const video of [gone, kept]) {
      expect((await api.post('/user/likes', { video })).status).toBe(201);
      expect((await api.post('/user/watchlater', { video })).status).toBe(201);
    }
    const created = await api.post('/user/playlists', { playlist: { title: 'Keepers' } });
    const playlistId: string = created.body.playlists[0]._id;
    for (const video of [gone, kept]) expect((await api.post(`/user/playlists/${playlistId}`, { video })).status).toBe(201);

    expect((await operator.delete(`/admin/videos/${gone._id}`)).status).toBe(200);

    await restoreSession(t, session, '/like');
    for (const [path, list] of [
      ['/like', '/user/likes'],
      ['/watchLater', '/user/watchlater'],
      [`/playlist/${playlistId}`, `/user/playlists/${playlistId}`],
    ] as const) {
      await t.page.goto(path);
      const goneRow = t.page.locator('li.list-row').filter({ hasText: gone.title });
      await goneRow.getByText('This video is no longer available', { exact: true }).waitFor();
      // Nothing to play: no link to the player from the retired row; the other video is as it was.
      expect(await goneRow.getByRole('link').count()).toBe(0);
      expect(await t.page.getByRole('link', { name: kept.title, exact: true }).count()).toBeGreaterThan(0);
      await goneRow.getByRole('button', { name: `Remove ${gone.title}`, exact: true }).click();
      await goneRow.waitFor({ state: 'detached' });
      expect(await rowTitles(t.page)).toEqual([kept.title]);
      const after = await api.get(list);
      const ids = (after.body.likes ?? after.body.watchlater ?? after.body.playlist.videos).map((v: { _id: string }) => v._id);
      expect(ids).toEqual([kept._id]);
      // A reload shows the same: it is gone for good.
      await t.page.reload();
      await t.page.getByRole('link', { name: kept.title, exact: true }).first().waitFor();
      expect(await rowTitles(t.page)).toEqual([kept.title]);
    }

    await t.page.goto(`/videoPlay/${gone._id}`);
    await t.page.getByRole('heading', { level: 1, name: 'This video is no longer available' }).waitFor();
    expect(await t.page.title()).toContain('Video not available');
    // What it was, from the tombstone the 410 carries; up next from the same category.
    await t.page.getByText(`“${gone.title}” by ${gone.channel} was withdrawn from the catalogue.`, { exact: true }).waitFor();
    const upNext = t.page.getByRole('complementary', { name: 'Up next' });
    await upNext.getByRole('link').first().waitFor();
    const offered = await upNext.locator('.up-next__video-title').allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(gone.title);
    const catalogue = (await api.get('/videos?limit=100')).body.videos as { title: string; category: string }[];
    const sameCategory = catalogue.filter((v) => v.category === gone.category).map((v) => v.title);
    expect(sameCategory).toEqual(expect.arrayContaining(offered));
    expect(await t.page.locator('iframe, .player-fallback').count()).toBe(0);
    await upNext.getByRole('link').first().click();
    await t.page.getByRole('heading', { level: 1, name: offered[0], exact: true }).waitFor();

    // The retired video's own 410 is what its page is about.
    expectNoConsoleErrors(t, [new RegExp(`status of 410 .* @ .*/api/video/${gone._id}$`)]);
  });

  test('home pages 24 at a time with "Load more videos"; the header search, the sort and the category chips are in the URL', async () => {
    // 30 more videos, from one import: 42 published in all.
    const imported = Array.from({ length: 30 }, (_, i) => ({
      _id: `pAgInG${String(i).padStart(5, '0')}`,
      title: `${i % 3 === 0 ? 'Quasar' : 'Nimbus'} bench sample ${i + 1}`,
      description: 'A video published for paging',
      category: 'television',
      channel: 'Paging Lab',
      duration: '4:05',
    }));
    const res = await operator.post('/admin/videos/import', { videos: imported });
    expect(res.body).toMatchObject({ skipped: [], refused: [] });
    expect(res.body.added).toHaveLength(30);
    // Every published video (one of the seed's may have been retired by the test before).
    const total = (await h.api.get('/videos?limit=100')).body.videos.length;
    expect(total).toBeGreaterThan(PAGE);

    await t.page.goto('/');
    await card(t.page, h.videos[0].title).waitFor();
    expect(await cardTitles()).toEqual(await serverTitles(`limit=${PAGE}`));
    const more = t.page.getByRole('button', { name: 'Load more videos', exact: true });
    await more.click();
    await t.page.waitForFunction((n) => document.querySelectorAll('article.video-card').length === n, total);
    const all = await cardTitles();
    expect(new Set(all).size).toBe(total);
    expect(all).toEqual(expect.arrayContaining(imported.map((v) => v.title)));
    expect(await more.count()).toBe(0);

    // The header's search from another page: home with q, the server's results; a reload keeps them.
    await t.page.goto(`/videoPlay/${h.videos[0]._id}`);
    const search = t.page.getByRole('searchbox', { name: 'Search videos by title' });
    await search.fill('quasar');
    await search.press('Enter');
    await waitForPath(t, '/?q=quasar');
    const found = await serverTitles('q=quasar&limit=24');
    expect(found).toHaveLength(10);
    await card(t.page, found[0]).waitFor();
    expect(await cardTitles()).toEqual(found);
    await t.page.reload();
    await card(t.page, found[0]).waitFor();
    expect(await cardTitles()).toEqual(found);
    expect(await search.inputValue()).toBe('quasar');

    // The order chips: the URL says it, the server orders it.
    await t.page.goto('/');
    await card(t.page, h.videos[0].title).waitFor();
    const byDefault = await cardTitles();
    for (const [chip, sort] of [
      ['Newest', 'newest'],
      ['Popular', 'popular'],
    ] as const) {
      const expected = await serverTitles(`sort=${sort}&limit=${PAGE}`);
      expect(expected.slice(0, PAGE)).not.toEqual(byDefault.slice(0, PAGE));
      await t.page.getByRole('group', { name: 'Sort videos' }).getByRole('button', { name: chip, exact: true }).click();
      await waitForPath(t, `/?sort=${sort}`);
      await card(t.page, expected[0]).waitFor();
      await t.page.waitForFunction((first) => document.querySelector('article.video-card h3')?.textContent === first, expected[0]);
      expect((await cardTitles()).slice(0, PAGE)).toEqual(expected);
      expect(await t.page.getByRole('button', { name: chip, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }

    // A category chip: its slug in the URL, only its videos.
    await t.page.goto('/');
    await card(t.page, h.videos[0].title).waitFor();
    await t.page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Smartphone', exact: true }).click();
    await waitForPath(t, '/?category=smartphone');
    const phones = await serverTitles('category=smartphone&limit=24');
    expect(phones.length).toBeGreaterThan(0);
    await t.page.waitForFunction((n) => document.querySelectorAll('article.video-card').length === n, phones.length);
    expect(await cardTitles()).toEqual(phones);
    expect(h.videos.filter((v) => phones.includes(v.title)).every((v) => v.category === 'Smartphone')).toBe(true);
    await t.page.reload();
    await card(t.page, phones[0]).waitFor();
    expect(await cardTitles()).toEqual(phones);

    expectNoConsoleErrors(t);
  });
});

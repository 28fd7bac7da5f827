/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import {
  card,
  expectNoConsoleErrors,
  layoutShifts,
  openPage,
  restoreSession,
  useBrowserHarness,
  waitForPath,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';
import { makeOperator, signUpOperator } from '../support/operators';

// The studio at /studio (README, "Using the app"; docs/design/catalogue.md, "Operators" and "Operator API"):
// an operator signs in, finds it in the header, adds a video from a YouTube link, edits it, retires it and
// undoes that, and imports a file; a user who is not an operator is never offered it.

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'password123';

/** Runs axe-core in the page (by DevTools evaluation: the CSP refuses inline scripts), as accessibility.test.ts does. */
async function axe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { iframes: false, resultTypes: ['violations'] }),
  );
}

const violations = async (page: Page) =>
  (await axe(page)).violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/**
 * Waits until every image in view has loaded or failed (thumbnails fall back offline), so that axe sees the page
 * as shown; a lazy one out of view (below, or to the right in the table that scrolls sideways) never loads.
 */
const settle = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('.loader') === null &&
      Array.from(document.images).every((img) => {
        if (img.complete || img.loading !== 'lazy') return img.complete;
        const box = img.getBoundingClientRect();
        return box.top > window.innerHeight || box.left > window.innerWidth;
      }),
  );

/** How far the page is wider than the window (0: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the studio, in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  const signIn = async (page: Page, email: string) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'LogIn', exact: true }).click();
  };
  const table = (page: Page) => page.getByRole('region', { name: 'Videos table' });
  const row = (page: Page, title: string) =>
    table(page)
      .getByRole('row')
      .filter({ has: page.locator('.studio__video-title', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  const field = (page: Page, label: string) => page.getByRole('dialog').getByLabel(label, { exact: true });

  test('an operator signs in, opens the studio from the header, adds a video from a YouTube link, edits, retires and undoes', async () => {
    const { email } = await signUpOperator(h.server, 'Studio');
    await signIn(t.page, email);
    const studioLink = t.page.getByRole('banner').getByRole('link', { name: 'Studio', exact: true });
    await studioLink.click();
    await waitForPath(t, '/studio');
    await t.page.getByRole('heading', { level: 1, name: 'Studio' }).waitFor();
    await row(t.page, h.videos[0].title).waitFor();

    // Add: the pasted link gives the id and YouTube's picture; every field can still be changed.
    const videoId = 'sTuDiOvid01';
    const title = 'Zephyrine laptop teardown';
    await t.page.getByRole('button', { name: 'Add video', exact: true }).click();
    await t.page.getByRole('dialog', { name: 'Add a video' }).waitFor();
    await field(t.page, 'YouTube link').fill(`https://www.youtube.com/watch?v=${videoId}&t=42s`);
    const picture = `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
    expect(await field(t.page, 'Thumbnail URL').inputValue()).toBe(picture);
    expect(await t.page.getByRole('dialog').locator('img.studio-form__preview').getAttribute('src')).toBe(picture);
    await field(t.page, 'YouTube link').fill(`https://youtu.be/${videoId}`);
    expect(await field(t.page, 'Thumbnail URL').inputValue()).toBe(picture);
    await field(t.page, 'Title').fill('A working title');
    await field(t.page, 'Title').fill(title);
    await field(t.page, 'Description').fill('Opening up a laptop, screw by screw.');
    // The label holds the options too, so the select is found by role.
    await t.page
      .getByRole('dialog')
      .getByRole('combobox', { name: /^Category/ })
      .selectOption({ label: 'Monitor' });
    await field(t.page, 'Channel').fill('Bench Notes');
    await field(t.page, 'Duration (mm:ss)').fill('12:34');
    await t.page.getByRole('dialog').getByRole('button', { name: 'Add video', exact: true }).click();
    await t.page.getByRole('dialog').waitFor({ state: 'detached' });
    const added = row(t.page, title);
    await added.waitFor();
    expect(await added.textContent()).toContain(videoId);
    expect(await added.textContent()).toContain('Bench Notes');
    expect(await added.getByRole('cell').nth(1).textContent()).toBe('Monitor');
    expect(await added.getByRole('cell').nth(5).textContent()).toBe('Published');

    // The public side shows it: home, the header's search, its own page.
    const published = await h.api.get(`/video/${videoId}`);
    expect(published.status).toBe(200);
    expect(published.body.video).toMatchObject({
      title,
      channel: 'Bench Notes',
      category: 'Monitor',
      duration: '12:34',
      thumbnail: picture,
    });
    await t.page.goto('/');
    await card(t.page, title).waitFor();
    await t.page.goto('/studio');
    const search = t.page.getByRole('searchbox', { name: 'Search videos by title' });
    await search.fill('zephyrine');
    await search.press('Enter');
    await waitForPath(t, '/?q=zephyrine');
    await card(t.page, title).waitFor();
    expect(await t.page.locator('article.video-card h3').allTextContents()).toEqual([title]);

    // Edit the title.
    await t.page.goto('/studio');
    const edited = 'Zephyrine laptop teardown, part 2';
    await t.page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    await t.page.getByRole('dialog', { name: 'Edit video' }).waitFor();
    expect(await field(t.page, 'Title').inputValue()).toBe(title);
    await field(t.page, 'Title').fill(edited);
    await t.page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await row(t.page, edited).waitFor();
    expect(await row(t.page, title).count()).toBe(0);
    expect((await h.api.get(`/video/${videoId}`)).body.video).toMatchObject({ title: edited, channel: 'Bench Notes' });

    // Retire, after saying yes: it leaves the public catalogue; Undo brings it back.
    await t.page.getByRole('button', { name: `Retire ${edited}`, exact: true }).click();
    const confirm = t.page.getByRole('dialog', { name: 'Retire this video?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Retire', exact: true }).click();
    await waitForToast(t, 'success', `Video retired: ${edited}`);
    await row(t.page, edited).getByRole('cell', { name: 'Retired', exact: true }).waitFor();
    expect((await h.api.get(`/video/${videoId}`)).status).toBe(410);
    expect((await h.api.get('/videos?q=zephyrine')).body.videos).toEqual([]);

    await t.page
      .locator('.Toastify__toast--success')
      .filter({ hasText: `Video retired: ${edited}` })
      .getByRole('button', { name: 'Undo' })
      .click();
    await row(t.page, edited).getByRole('cell', { name: 'Published', exact: true }).waitFor();
    expect((await h.api.get(`/video/${videoId}`)).status).toBe(200);
    expect((await h.api.get('/videos?q=zephyrine')).body.videos.map((v: { _id: string }) => v._id)).toEqual([videoId]);

    expect(t.dialogs).toEqual([]);
    expect((await t.toasts()).filter((toast) => toast.startsWith('error'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('an import from a CSV file: the progress bar reaches the end, the bad row is named by its number, the good rows are in the table', async () => {
    const { email } = await signUpOperator(h.server, 'Importer');
    await signIn(t.page, email);
    await t.page.getByRole('banner').getByRole('link', { name: 'Studio', exact: true }).click();
    await row(t.page, h.videos[0].title).waitFor();

    const csv = [
      'url,title,description,category,channel,duration',
      'https://youtu.be/iMpOrTcsv01,Quillon phone review,A phone,smartphone,Import Lab,8:01',
      'https://www.youtube.com/watch?v=iMpOrTcsv02,Quillon phone camera test,The camera,Smartphone,Import Lab,9:02',
      'https://youtu.be/iMpOrTcsv03,Quillon phone battery,The battery,no-such-category,Import Lab,7:03',
      'iMpOrTcsv04,Quillon phone speakers,The speakers,smartphone,Import Lab,6:04',
    ].join('\n');
    await t.page.getByLabel('File', { exact: true }).setInputFiles({ name: 'videos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await t.page.getByText('4 videos in videos.csv.').waitFor();
    await t.page.getByRole('button', { name: 'Import', exact: true }).click();

    const outcome = t.page.getByRole('status').filter({ hasText: 'videos added' });
    await outcome.waitFor();
    expect(await outcome.locator('p').first().textContent()).toBe('3 videos added, 1 not imported.');
    const problems = await outcome.getByRole('listitem').allTextContents();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Row 3: /);
    const progress = t.page.locator('progress.studio__progress');
    expect(await progress.evaluate((bar: HTMLProgressElement) => [bar.value, bar.max])).toEqual([4, 4]);
    await t.page.getByText('4 of 4 sent').waitFor();

    // The good rows are in the table without a reload, and published; the bad one is nowhere.
    for (const title of ['Quillon phone review', 'Quillon phone camera test', 'Quillon phone speakers']) await row(t.page, title).waitFor();
    expect(await row(t.page, 'Quillon phone battery').count()).toBe(0);
    const found = (await h.api.get('/videos?q=quillon&sort=title')).body.videos.map((v: { _id: string }) => v._id);
    expect(found.sort()).toEqual(['iMpOrTcsv01', 'iMpOrTcsv02', 'iMpOrTcsv04']);

    expect((await t.toasts()).filter((toast) => toast.startsWith('error'))).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test('a user who is not an operator has no Studio entry, and /studio tells them it is for operators', async () => {
    const user = await h.newUser('Viewer');
    await restoreSession(t, user);
    await t.page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Studio', exact: true }).count()).toBe(0);
    await t.page.goto('/studio');
    await t.page.getByText("The studio is for the catalogue's operators. Ask one of them to add you.").waitFor();
    expect(await t.page.getByRole('button', { name: 'Add video' }).count()).toBe(0);
    expect(await t.page.getByRole('link', { name: 'Studio', exact: true }).count()).toBe(0);
    // The 403 is what the page is about.
    expectNoConsoleErrors(t, [/status of 403 .* @ .*\/api\/admin\//]);
  });

  test('a user made an operator while signed in finds the Studio link on the next page load, without signing in again', async () => {
    const user = await h.newUser('Promoted');
    await restoreSession(t, user);
    await t.page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
    expect(await t.page.getByRole('link', { name: 'Studio', exact: true }).count()).toBe(0);
    await makeOperator(h.server, user.email);
    await t.page.reload();
    await t.page.getByRole('banner').getByRole('link', { name: 'Studio', exact: true }).click();
    await t.page.getByRole('heading', { level: 1, name: 'Studio' }).waitFor();
    await t.page.getByRole('button', { name: 'Add video' }).waitFor();
    expectNoConsoleErrors(t);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px the studio does not scroll sideways, nothing on it moves as it loads, and axe finds no violation, with the add form open too`, async () => {
      const { email } = await signUpOperator(h.server, `Wide${width}`);
      const phone = await openPage(h.browser, h.url, { width, height: 844 });
      try {
        await signIn(phone.page, email);
        await phone.page.getByRole('link', { name: 'Studio', exact: true }).first().waitFor();
        await phone.page.goto('/studio');
        await row(phone.page, h.videos[0].title).waitFor();
        await phone.page.getByRole('heading', { name: 'Operators' }).waitFor();
        await settle(phone.page);
        expect(await overflow(phone.page)).toBe(0);
        // The table's header keeps its columns when the rows arrive, and the panels below do not move.
        expect(await layoutShifts(phone.page)).toEqual([]);
        expect(await violations(phone.page)).toEqual([]);

        await phone.page.getByRole('button', { name: 'Add video', exact: true }).click();
        await phone.page.getByRole('dialog').getByLabel('YouTube link').fill('https://youtu.be/wIdThcHeck1');
        await settle(phone.page);
        expect(await overflow(phone.page)).toBe(0);
        expect(await violations(phone.page)).toEqual([]);
        expectNoConsoleErrors(phone);
      } finally {
        await phone.close();
      }
    });
  }
});

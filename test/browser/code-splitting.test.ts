/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  card,
  expectNoConsoleErrors,
  pickMenuItem,
  restoreSession,
  useBrowserHarness,
  waitForToast,
  type Harness,
  type TestPage,
} from '../support/browser';

const DIST = join(__dirname, '..', '..', 'frontend', 'dist');
const FIRST_SCREEN_JS_LIMIT = 100_000;

/** The scripts the built index.html names (entry and modulepreloads): what `npm run size` counts. */
function scriptsNamedByIndexHtml(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...new Set([...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
}

const builtFile = (file: string) => readFileSync(join(DIST, file));

/** The one built chunk whose code contains `text`, as "assets/<name>.js". */
function chunkHolding(text: string): string {
  const files = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && builtFile(`assets/${f}`).includes(text));
  expect(files).toHaveLength(1);
  return `assets/${files[0]}`;
}

// README, "Speed on a phone": the first screen's JavaScript is at most 100 kB gzip. `npm run size` adds up what
// index.html names; the first test checks in Chromium that those are all the scripts home needs
// before it first renders, so that the figure is what a phone downloads before it shows anything.
// The rest is fetched later, and a part that cannot be fetched must not take the app down with it.
describe('code splitting in a real browser', () => {
  let h: Harness;
  let t: TestPage;

  useBrowserHarness(
    (harness) => (h = harness),
    (page) => (t = page),
  );

  test('home renders with only the scripts index.html names (at most 100 kB gzip) and the catalogue index.html carries; toasts and the playlist modal come at the first key press', async () => {
    const session = await h.newUser('Firstscreen');
    await t.page.addInitScript(() => {
      // When React first renders home (its category bar, placeholders included), on the page's clock.
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.category-bar')) return;
        (window as unknown as { __firstRender: number }).__firstRender = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await restoreSession(t, session, '/');
    await card(t.page, h.videos[0].title).waitFor();
    const fetched = (files: string[]) =>
      t.page.evaluate((names) => names.filter((file) => performance.getEntriesByName(`${location.origin}/${file}`).length > 0), files);
    // Fetched at the user's first press of a key or pointer (components/toasts.tsx,
    // features/playlists/use-playlist-modal.tsx), not while the first screen loads.
    const later = [chunkHolding('Toastify__toast-container'), chunkHolding('Save to playlist')];
    expect(await fetched(later)).toEqual([]);
    // The videos and categories came in index.html (backend static-frontend.ts): no API call for them.
    const catalogueCalls = await t.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path === '/api/videos' || path === '/api/categories'),
    );
    expect(catalogueCalls).toEqual([]);
    await t.page.keyboard.press('Shift');
    await t.page.waitForFunction(
      (files) => files.every((file) => performance.getEntriesByName(`${location.origin}/${file}`).length > 0),
      later,
      { timeout: 10_000 },
    );

    const scripts = await t.page.evaluate(() => {
      const firstRender = (window as unknown as { __firstRender: number }).__firstRender;
      return performance
        .getEntriesByType('resource')
        .map((entry) => ({ file: new URL(entry.name).pathname.slice(1), startTime: entry.startTime }))
        .filter(({ file }) => /^assets\/[^/]+\.js$/.test(file))
        .map(({ file, startTime }) => ({ file, beforeFirstRender: startTime < firstRender }));
    });
    const beforeFirstRender = scripts.filter((s) => s.beforeFirstRender).map((s) => s.file);
    expect(beforeFirstRender.sort()).toEqual(scriptsNamedByIndexHtml().sort());
    const gzip = beforeFirstRender.reduce((total, file) => total + gzipSync(builtFile(file), { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(FIRST_SCREEN_JS_LIMIT);
    expect(later.filter((file) => beforeFirstRender.includes(file))).toEqual([]);

    // The player, as the first page opened, asks nothing for its video either: the inline catalogue holds it.
    await t.page.goto(`/videoPlay/${h.videos[1]._id}`);
    await t.page.getByRole('heading', { level: 1, name: h.videos[1].title }).waitFor();
    // (Up next asks the server for a page of the video's category: the inline catalogue is home's first page only.)
    const videoCalls = await t.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/api/video/')),
    );
    expect(videoCalls).toEqual([]);

    // Nor does home opened on a search: its page carries that search's first page (backend http/home-search.ts).
    const searched = h.videos[2];
    await t.page.goto(`/?q=${encodeURIComponent(searched.title.split(/\s+/)[0]!.toLowerCase())}`);
    await card(t.page, searched.title).waitFor();
    const searchCalls = await t.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path === '/api/videos'),
    );
    expect(searchCalls).toEqual([]);
    expectNoConsoleErrors(t);
  });

  test("the first screen's scripts and a page's preloaded scripts are fetched at low priority: the HTML shell paints without them", async () => {
    // Lighthouse's simulation counts a high-priority script that arrived before the first paint as blocking it
    // (README, "Speed on a phone"); the browser's own priority is what it reads.
    const cdp = await t.context.newCDPSession(t.page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      const path = new URL(request.url).pathname.slice(1);
      if (/^assets\/[^/]+\.js$/.test(path) && !priorities.has(path)) priorities.set(path, request.initialPriority);
    });
    await t.page.goto(`/videoPlay/${h.videos[0]._id}`);
    await t.page.getByRole('heading', { level: 1, name: h.videos[0].title }).waitFor();
    const html = await (await fetch(`${h.url}/videoPlay/${h.videos[0]._id}`)).text();
    const named = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    // The entry, its modulepreloads, and the player's own files the server adds for this URL.
    expect(named.length).toBeGreaterThan(scriptsNamedByIndexHtml().length);
    expect(named.map((file) => [file, priorities.get(file)])).toEqual(named.map((file) => [file, 'Low']));
    expectNoConsoleErrors(t);
  });

  test("home's first card picture is asked for at once and at high priority, over a connection opened ahead; the others lazily", async () => {
    // The first screen's largest paint is that picture (README, "Speed on a phone"). The thumbnails' host is
    // unreachable here, so each picture gives way to its fallback at once: each is recorded as React inserts it.
    await t.page.addInitScript(() => {
      const pictures: [number, string | null, string | null][] = [];
      (window as unknown as { __pictures: typeof pictures }).__pictures = pictures;
      new MutationObserver(() => {
        for (const img of Array.from(document.querySelectorAll<HTMLImageElement>('.video-grid > li img.thumb__img'))) {
          if (img.dataset.recorded) continue;
          img.dataset.recorded = 'yes';
          const card = img.closest('li')!;
          pictures.push([
            Array.from(card.parentElement!.children).indexOf(card),
            img.getAttribute('loading'),
            img.getAttribute('fetchpriority'),
          ]);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await t.page.goto('/');
    await t.page.locator('.video-card').nth(1).waitFor();
    const pictures = await t.page.evaluate(
      () => (window as unknown as { __pictures: [number, string | null, string | null][] }).__pictures,
    );
    expect(pictures.length).toBeGreaterThan(1);
    for (const [place, loading, priority] of pictures)
      expect([place, loading, priority]).toEqual(place === 0 ? [0, 'eager', 'high'] : [place, 'lazy', null]);
    expect(pictures.map(([place]) => place)).toContain(0);
    const html = await (await fetch(`${h.url}/`)).text();
    expect(html).toContain('<link rel="preconnect" href="https://i.ytimg.com"');
  });

  test('a page or the playlist modal whose code cannot be fetched says so; the rest of the app stays', async () => {
    const unreachable = [chunkHolding('Delete playlist '), chunkHolding('Save to playlist')];
    await t.context.route(
      (url) => unreachable.some((file) => url.pathname === `/${file}`),
      (route) => route.abort('internetdisconnected'),
    );
    await restoreSession(t, await h.newUser('Offline'), '/');
    const video = h.videos[0];
    await card(t.page, video.title).waitFor();

    await pickMenuItem(t.page, video.title, 'Add to playlist');
    await waitForToast(t, 'error', 'Your playlists could not be opened. Reload the page and try again.');
    expect(await t.page.getByRole('dialog').count()).toBe(0);

    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Playlist', exact: true }).click();
    await t.page.getByRole('heading', { level: 1, name: 'This page could not be loaded.' }).waitFor();
    await t.page.getByRole('button', { name: 'Reload' }).waitFor();
    // The header and the navigation are still there: Home works.
    await t.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore', exact: true }).click();
    await card(t.page, video.title).waitFor();
    // Only the failed fetches and React's report of the caught failures, nothing uncaught.
    expect(t.consoleErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

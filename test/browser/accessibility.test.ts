/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults, Result } from 'axe-core';
import {
  expectNoConsoleErrors,
  openPage,
  pickMenuItem,
  restoreSession,
  startHarness,
  type Harness,
  type TestPage,
} from '../support/browser';

// Issue 7 §5: every screen scanned with axe-core, at a desktop and at a phone width, with no
// serious or critical violation; focus is visible; the playlist modal traps focus and closes on
// Escape, giving focus back to the button that opened it.

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const HAS_ACTIVITY = existsSync(join(__dirname, '..', '..', 'frontend', 'src', 'features', 'activity'));
const BLOCKING = new Set(['serious', 'critical']);

type Session = Awaited<ReturnType<Harness['newUser']>>;
interface Screen {
  name: string;
  path: string;
  /** What must be on the page before it is scanned. */
  ready: string;
  /** Run after `ready`, e.g. to open the playlist modal. */
  then?: (t: TestPage) => Promise<void>;
}

/**
 * Waits until the page has settled (no loader, every image loaded or replaced by its fallback,
 * no transition still running), so that axe sees what a user sees.
 */
async function settle(t: TestPage): Promise<void> {
  await t.page.waitForFunction(
    () =>
      document.querySelector('.loader') === null &&
      // Lazy images below the fold never load until scrolled to; the rest must have loaded or failed.
      Array.from(document.images).every(
        (img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight),
      ) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core in the page. The page's CSP forbids inline scripts, so `addScriptTag({ path })`
 * (which inlines the file) is refused; DevTools-protocol evaluation is not subject to the CSP.
 */
async function axe(t: TestPage): Promise<AxeResults> {
  const loaded = await t.page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await t.page.evaluate(AXE_SOURCE);
  return t.page.evaluate(() =>
    (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      // The embedded player is YouTube's (blocked in tests); its <iframe> itself is still checked.
      iframes: false,
      resultTypes: ['violations', 'incomplete'],
    }),
  );
}

const describeViolation = (where: string, v: Result) =>
  `${where}: ${v.id} (${v.impact}) ${v.help}\n` +
  v.nodes
    .map(
      (n) =>
        `    at ${n.target.join(' ')} ${n.html.replace(/\s+/g, ' ').slice(0, 120)}` +
        (n.failureSummary ? `\n      ${n.failureSummary.replace(/\s+/g, ' ')}` : ''),
    )
    .join('\n');

/** Scans each screen in turn; fails once at the end with every violation found, blocking or not. */
async function scanScreens(t: TestPage, screens: Screen[], width: number): Promise<void> {
  const found: { where: string; violation: Result }[] = [];
  for (const screen of screens) {
    await t.page.goto(screen.path);
    await t.page.locator(screen.ready).first().waitFor();
    await settle(t);
    if (screen.then) {
      await screen.then(t);
      await settle(t);
    }
    const { violations, incomplete } = await axe(t);
    for (const violation of violations) found.push({ where: `${screen.name} @${width}px`, violation });
    if (process.env.AXE_REPORT)
      console.log(incomplete.map((v) => describeViolation(`REVIEW ${screen.name} @${width}px`, v)).join('\n'));
  }
  const blocking = found.filter(({ violation }) => BLOCKING.has(violation.impact ?? ''));
  if (process.env.AXE_REPORT) console.log(found.map(({ where, violation }) => describeViolation(where, violation)).join('\n'));
  if (blocking.length > 0) {
    throw new Error(
      `${blocking.length} serious or critical axe violation(s); every violation found:\n` +
        found.map(({ where, violation }) => describeViolation(where, violation)).join('\n'),
    );
  }
}

describe('accessibility (axe-core) in a real browser', () => {
  let h: Harness;
  let empty: Session;
  let full: Session;
  let playlistId: string;

  beforeAll(async () => {
    h = await startHarness();
    empty = await h.newUser('Newcomer');
    full = await h.newUser('Collector');
    const api = h.api.withToken(full.token);
    for (const video of h.videos.slice(0, 3)) await api.post('/user/likes', { video });
    for (const video of h.videos.slice(3, 5)) await api.post('/user/watchlater', { video });
    for (const video of h.videos.slice(5, 8)) await api.post('/user/history', { video });
    const created = await api.post('/user/playlists', { playlist: { title: 'Desk setup' } });
    playlistId = created.body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: h.videos[8] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const openModalFromPlayer = async (t: TestPage) => {
    await t.page.getByRole('button', { name: 'Playlist', exact: true }).click();
    await t.page.getByRole('dialog').getByRole('checkbox').first().waitFor();
  };
  const openModalFromCard = async (t: TestPage) => {
    await pickMenuItem(t.page, h.videos[0].title, 'Add to playlist');
    await t.page.getByRole('dialog').getByRole('checkbox').first().waitFor();
    await t.page.getByRole('dialog').getByRole('button', { name: 'Create New Playlist' }).click();
    await t.page.getByRole('dialog').getByRole('textbox').waitFor();
  };

  const openCardMenu = async (t: TestPage) => {
    await t.page.getByRole('button', { name: `More actions for ${h.videos[1].title}`, exact: true }).click();
    await t.page.getByRole('menu').waitFor();
  };
  /** Shows a toast and keeps it there: hovering pauses its timer (and its progress bar). */
  const holdToast = async (t: TestPage, kind: 'success' | 'error') => {
    const toast = t.page.locator(`.Toastify__toast--${kind}`).first();
    await toast.waitFor();
    await toast.hover();
  };
  const failLogin = async (t: TestPage) => {
    await t.page.getByLabel('Email').fill('nobody@example.com');
    await t.page.getByLabel('Password').fill('wrong-password');
    await t.page.getByRole('button', { name: 'LogIn', exact: true }).click();
    await holdToast(t, 'error');
  };
  const likeFromCard = async (t: TestPage) => {
    // Whichever it is (each width runs this once): "Add to Like" or "Remove Like".
    await t.page.getByRole('button', { name: `More actions for ${h.videos[10].title}`, exact: true }).click();
    await t.page.getByRole('menuitem').first().click();
    await holdToast(t, 'success');
  };

  const guestScreens = (): Screen[] => [
    { name: 'home (guest)', path: '/', ready: 'article.video-card' },
    { name: 'player (guest)', path: `/videoPlay/${h.videos[2]._id}`, ready: 'iframe' },
    { name: 'login', path: '/login', ready: 'form' },
    { name: 'signup', path: '/signup', ready: 'form' },
    { name: 'login with an error toast', path: '/login', ready: 'form', then: failLogin },
    { name: 'error page', path: '/nowhere', ready: '.error-page img' },
    { name: 'unknown video', path: '/videoPlay/no-such-video', ready: '.error-page img' },
  ];
  const emptyScreens = (): Screen[] => [
    { name: 'home (signed in)', path: '/', ready: 'article.video-card' },
    { name: 'liked (empty)', path: '/like', ready: '.empty-state' },
    { name: 'watch later (empty)', path: '/watchLater', ready: '.empty-state' },
    { name: 'history (empty)', path: '/history', ready: '.empty-state' },
    { name: 'playlists (empty)', path: '/playlist', ready: '.empty-state__text' },
    ...(HAS_ACTIVITY ? [{ name: 'activity (new user)', path: '/activity', ready: '.activity-page h1' }] : []),
  ];
  const fullScreens = (): Screen[] => [
    { name: 'liked', path: '/like', ready: '.list-row' },
    { name: 'watch later', path: '/watchLater', ready: '.list-row' },
    { name: 'history', path: '/history', ready: '.list-row' },
    { name: 'playlists (one)', path: '/playlist', ready: '.playlist-card' },
    { name: 'a playlist', path: `/playlist/${playlistId}`, ready: '.list-row' },
    { name: 'player', path: `/videoPlay/${h.videos[2]._id}`, ready: 'iframe' },
    { name: 'playlist modal (player)', path: `/videoPlay/${h.videos[2]._id}`, ready: 'iframe', then: openModalFromPlayer },
    { name: 'playlist modal (card, creating)', path: '/', ready: 'article.video-card', then: openModalFromCard },
    { name: 'card menu open', path: '/', ready: 'article.video-card', then: openCardMenu },
    { name: 'home with a success toast', path: '/', ready: 'article.video-card', then: likeFromCard },
    ...(HAS_ACTIVITY ? [{ name: 'activity', path: '/activity', ready: '.activity-item' }] : []),
  ];

  for (const width of [1280, 390]) {
    const viewport = { width, height: 800 };

    test(`screens a visitor sees have no serious or critical violation at ${width} px`, async () => {
      const t = await openPage(h.browser, h.url, viewport);
      try {
        await scanScreens(t, guestScreens(), width);
        // The unknown video's 404 and the refused login's 4xx are what those screens are about.
        expectNoConsoleErrors(t, [/404 \(Not Found\) @ .*\/api\/video\/no-such-video$/, /status of 4\d\d .* @ .*\/api\/auth\/login$/]);
      } finally {
        await t.close();
      }
    });

    test(`a new user's empty screens have no serious or critical violation at ${width} px`, async () => {
      const t = await openPage(h.browser, h.url, viewport);
      try {
        await restoreSession(t, empty);
        await scanScreens(t, emptyScreens(), width);
        expectNoConsoleErrors(t);
      } finally {
        await t.close();
      }
    });

    test(`screens with entries, a playlist and the playlist modal have no serious or critical violation at ${width} px`, async () => {
      const t = await openPage(h.browser, h.url, viewport);
      try {
        await restoreSession(t, full);
        await scanScreens(t, fullScreens(), width);
        expectNoConsoleErrors(t);
      } finally {
        await t.close();
      }
    });
  }
});

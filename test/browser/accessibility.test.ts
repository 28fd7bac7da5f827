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

// Every screen scanned with axe-core, at a desktop and at a phone width, with no
// serious or critical violation; focus is visible; the playlist modal traps focus and closes on
// Escape, giving focus back to the button that opened it.
//
// A failure lists every violation (minor and moderate too) with its rule, impact, target and
// markup. AXE_REPORT=1 prints them on success as well, with axe's "needs review" results (today:
// text over the thumbnails' gradient fallback, whose contrast axe cannot compute, 7:1 or more by
// hand, and the YouTube frame, which is not ours to scan).

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const HAS_ACTIVITY = existsSync(join(__dirname, '..', '..', 'frontend', 'src', 'features', 'activity'));
const BLOCKING = new Set(['serious', 'critical']);
// Ten screens, each loaded, settled and scanned: more than Jest's minute on a busy 2-core machine.
const SCAN_TIMEOUT_MS = 180_000;

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
      // Lazy images out of view (below the fold, or to the right in a row that scrolls sideways, like
      // Continue watching on a phone) never load until scrolled to; the rest must have loaded or failed.
      Array.from(document.images).every((img) => {
        if (img.complete || img.loading !== 'lazy') return img.complete;
        const box = img.getBoundingClientRect();
        return box.top > window.innerHeight || box.left > window.innerWidth;
      }) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
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
    if (process.env.AXE_REPORT) console.log(incomplete.map((v) => describeViolation(`REVIEW ${screen.name} @${width}px`, v)).join('\n'));
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
    // Sharing, resuming and following: a shared playlist, a subscription, a video to continue.
    await api.request('PATCH', `/user/playlists/${playlistId}`, { visibility: 'unlisted' });
    await api.post('/user/subscriptions', { channelId: 'the-verge' });
    await api.request('PUT', `/user/progress/${h.videos[4]._id}`, { seconds: 120, stopped: true });
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
  const submitEmptySignup = async (t: TestPage) => {
    await t.page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await t.page.locator('.field__error').first().waitFor();
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
    { name: 'player (guest)', path: `/videoPlay/${h.videos[2]._id}`, ready: '.player-fallback' },
    { name: 'login', path: '/login', ready: 'form' },
    { name: 'signup', path: '/signup', ready: 'form' },
    { name: 'login with an error toast', path: '/login', ready: 'form', then: failLogin },
    { name: 'error page', path: '/nowhere', ready: '.error-page img' },
    { name: 'unknown video', path: '/videoPlay/no-such-video', ready: '.error-page img' },
    // A private or unknown playlist, the signup form's messages, the home state in the URL.
    { name: 'playlist not available (guest)', path: '/playlist/no-such-playlist', ready: '.error-page h1' },
    { name: 'signup with field messages', path: '/signup', ready: 'form', then: submitEmptySignup },
    { name: 'home filtered by the URL', path: '/?category=Monitor&q=a', ready: 'article.video-card' },
    { name: 'channel (guest)', path: '/channel/unbox-therapy', ready: '.channel-page__header' },
    { name: 'shared playlist (guest)', path: `/playlist/${playlistId}`, ready: '.shared-playlist__owner' },
  ];
  const emptyScreens = (): Screen[] => [
    { name: 'home (signed in)', path: '/', ready: 'article.video-card' },
    { name: 'liked (empty)', path: '/like', ready: '.empty-state' },
    { name: 'watch later (empty)', path: '/watchLater', ready: '.empty-state' },
    { name: 'history (empty)', path: '/history', ready: '.empty-state' },
    { name: 'playlists (empty)', path: '/playlist', ready: '.empty-state__text' },
    ...(HAS_ACTIVITY ? [{ name: 'activity (new user)', path: '/activity', ready: '.activity-page h1' }] : []),
    { name: 'settings (new user)', path: '/settings', ready: '.settings-card' },
    { name: 'subscriptions (empty)', path: '/subscriptions', ready: '.empty-state' },
  ];
  const fullScreens = (): Screen[] => [
    { name: 'liked', path: '/like', ready: '.list-row__title' },
    { name: 'watch later', path: '/watchLater', ready: '.list-row__title' },
    { name: 'history', path: '/history', ready: '.list-row__title' },
    { name: 'playlists (one)', path: '/playlist', ready: '.playlist-card' },
    { name: 'a playlist', path: `/playlist/${playlistId}`, ready: '.list-row__title' },
    { name: 'player', path: `/videoPlay/${h.videos[2]._id}`, ready: '.player-fallback' },
    { name: 'playlist modal (player)', path: `/videoPlay/${h.videos[2]._id}`, ready: '.player-fallback', then: openModalFromPlayer },
    { name: 'playlist modal (card, creating)', path: '/', ready: 'article.video-card', then: openModalFromCard },
    { name: 'card menu open', path: '/', ready: 'article.video-card', then: openCardMenu },
    { name: 'home with a success toast', path: '/', ready: 'article.video-card', then: likeFromCard },
    ...(HAS_ACTIVITY ? [{ name: 'activity', path: '/activity', ready: '.activity-item' }] : []),
    { name: 'settings', path: '/settings', ready: '.settings-card' },
    { name: 'playlist not available (signed in)', path: '/playlist/no-such-playlist', ready: '.error-page h1' },
    { name: 'subscriptions', path: '/subscriptions', ready: '.subscriptions-page__channel' },
    { name: 'home with continue watching', path: '/', ready: '.continue-watching .watched-bar' },
    { name: 'channel (subscribed)', path: '/channel/the-verge', ready: '.channel-page__header' },
    {
      name: 'library as of a moment',
      path: `/activity?asOf=${encodeURIComponent(new Date().toISOString())}`,
      ready: '.time-travel__section',
    },
  ];

  for (const width of [1280, 390]) {
    const viewport = { width, height: 800 };

    test(
      `screens a visitor sees have no serious or critical violation at ${width} px`,
      async () => {
        const t = await openPage(h.browser, h.url, viewport);
        try {
          await scanScreens(t, guestScreens(), width);
          // The unknown video's 404 and the refused login's 4xx are what those screens are about.
          expectNoConsoleErrors(t, [/404 \(Not Found\) @ .*\/api\/video\/no-such-video$/, /status of 4\d\d .* @ .*\/api\/auth\/login$/]);
        } finally {
          await t.close();
        }
      },
      SCAN_TIMEOUT_MS,
    );

    test(
      `a new user's empty screens have no serious or critical violation at ${width} px`,
      async () => {
        const t = await openPage(h.browser, h.url, viewport);
        try {
          await restoreSession(t, empty);
          await scanScreens(t, emptyScreens(), width);
          expectNoConsoleErrors(t);
        } finally {
          await t.close();
        }
      },
      SCAN_TIMEOUT_MS,
    );

    test(
      `screens with entries, a playlist and the playlist modal have no serious or critical violation at ${width} px`,
      async () => {
        const t = await openPage(h.browser, h.url, viewport);
        try {
          await restoreSession(t, full);
          await scanScreens(t, fullScreens(), width);
          expectNoConsoleErrors(t, [/status of 404 .* @ .*\/api\/user\/playlists\/no-such-playlist$/]);
        } finally {
          await t.close();
        }
      },
      SCAN_TIMEOUT_MS,
    );
  }
});

/** What the focused element is, and why its focus indicator would not be seen (null: it is seen). */
interface FocusCheck {
  element: string;
  problem: string | null;
}

/**
 * Inspects document.activeElement: a :focus-visible outline of at least 2 px that no ancestor
 * clipping its overflow cuts off. Focus inside the embedded player's <iframe> is in YouTube's
 * document, which draws its own (Chromium matches neither :focus nor :focus-within on the frame).
 */
const checkFocusedElement = (): FocusCheck | null => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const describe = (node: Element) =>
    `<${node.tagName.toLowerCase()}${node.className ? ` class="${String(node.className)}"` : ''}> ` +
    `"${(node.getAttribute('aria-label') ?? node.getAttribute('title') ?? (node as HTMLElement).innerText ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40)}"`;
  const element = describe(el);
  if (el.tagName === 'IFRAME') return { element, problem: null };
  if (!el.matches(':focus-visible')) return { element, problem: 'does not match :focus-visible after a Tab' };
  const style = getComputedStyle(el);
  const width = parseFloat(style.outlineWidth);
  if (style.outlineStyle === 'none' || !(width >= 2)) return { element, problem: `outline ${style.outlineStyle} ${style.outlineWidth}` };
  // The outline's box; an ancestor that clips its overflow must contain it, or part of the ring is lost.
  const reach = parseFloat(style.outlineOffset) + width;
  const r = el.getBoundingClientRect();
  const ring = { left: r.left - reach, top: r.top - reach, right: r.right + reach, bottom: r.bottom + reach };
  for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
    const s = getComputedStyle(node);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const b = node.getBoundingClientRect();
    const box = {
      left: b.left + node.clientLeft,
      top: b.top + node.clientTop,
      right: b.left + node.clientLeft + node.clientWidth,
      bottom: b.top + node.clientTop + node.clientHeight,
    };
    const tolerance = 0.5;
    if (
      ring.left < box.left - tolerance ||
      ring.top < box.top - tolerance ||
      ring.right > box.right + tolerance ||
      ring.bottom > box.bottom + tolerance
    )
      return { element, problem: `focus ring clipped by ${describe(node)} (overflow ${s.overflowX}/${s.overflowY})` };
  }
  return { element, problem: null };
};

describe('keyboard focus in a real browser', () => {
  let h: Harness;
  let session: Session;
  let playlistId: string;

  beforeAll(async () => {
    h = await startHarness();
    session = await h.newUser('Keyboard');
    const api = h.api.withToken(session.token);
    for (const video of h.videos.slice(0, 2)) await api.post('/user/likes', { video });
    const created = await api.post('/user/playlists', { playlist: { title: 'Keyboard picks' } });
    playlistId = created.body.playlists[0]._id;
    await api.post(`/user/playlists/${playlistId}`, { video: h.videos[3] });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Tabs from the top of the page until focus comes back round; every stop is checked. */
  async function tabThrough(t: TestPage, where: string, limit = 80): Promise<{ stops: number; problems: string[] }> {
    await t.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const problems: string[] = [];
    const seen = new Set<string>();
    let stops = 0;
    for (let i = 0; i < limit; i++) {
      await t.page.keyboard.press('Tab');
      const key = await t.page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return '';
        const path: number[] = [];
        for (let n: Element | null = el; n?.parentElement; n = n.parentElement)
          path.push(Array.prototype.indexOf.call(n.parentElement.children, n));
        return path.join('.');
      });
      if (key === '' || seen.has(key)) break;
      seen.add(key);
      stops++;
      const check = await t.page.evaluate(checkFocusedElement);
      if (check?.problem) problems.push(`${where}: ${check.element}: ${check.problem}`);
    }
    return { stops, problems };
  }

  /** Where focus is: inside the open dialog or not, what it is, and whether its ring shows. */
  const focusState = async (t: TestPage) => {
    const where = await t.page.evaluate(() => {
      const dialog = document.querySelector('dialog[open]');
      const el = document.activeElement as HTMLElement | null;
      const name =
        el && ((el.getAttribute('aria-label') ?? el.innerText ?? '').trim() || (el as HTMLInputElement).labels?.[0]?.innerText.trim());
      return { inDialog: !!dialog && !!el && dialog.contains(el), label: el ? `${el.tagName.toLowerCase()}:${name}` : '' };
    });
    const check = await t.page.evaluate(checkFocusedElement);
    return { ...where, problem: check?.problem ?? null };
  };

  /** Presses Tab (or Shift+Tab) twice round the dialog; focus must stay inside and cycle. */
  async function cycle(t: TestPage, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
    const stops = await t.page.evaluate(
      () =>
        Array.from(
          document.querySelectorAll<HTMLElement>('dialog[open] :is(a[href], button:not([disabled]), input:not([disabled]))'),
        ).filter((el) => el.getClientRects().length > 0).length,
    );
    const seen: string[] = [];
    for (let i = 0; i < 2 * stops; i++) {
      await t.page.keyboard.press(key);
      const state = await focusState(t);
      expect({ key, i, ...state }).toEqual({ key, i, inDialog: true, label: state.label, problem: null });
      seen.push(state.label);
    }
    // Round and round: the second lap visits the same stops in the same order as the first.
    expect(new Set(seen).size).toBe(stops);
    expect(seen.slice(stops)).toEqual(seen.slice(0, stops));
    return seen.slice(0, stops);
  }

  test('the playlist modal keeps Tab and Shift+Tab inside, closes on Escape and gives focus back', async () => {
    const t = await openPage(h.browser, h.url);
    const dialog = t.page.getByRole('dialog', { name: 'Save to playlist' });
    try {
      // From the player's Playlist button, by keyboard.
      await restoreSession(t, session, `/videoPlay/${h.videos[1]._id}`);
      const opener = t.page.getByRole('button', { name: 'Playlist', exact: true });
      await opener.focus();
      await t.page.keyboard.press('Enter');
      await dialog.getByRole('checkbox', { name: 'Keyboard picks' }).waitFor();
      // Opening focuses the dialog's first control; from the last one, Tab comes back round to it.
      expect(await focusState(t)).toEqual({ inDialog: true, label: 'button:Close', problem: null });
      const forward = await cycle(t, 'Tab');
      expect(forward).toEqual(['input:Keyboard picks', 'button:Create New Playlist', 'button:Close']);
      const backward = await cycle(t, 'Shift+Tab');
      expect([...backward].sort()).toEqual([...forward].sort());

      // The create form: its controls join the cycle; Cancel gives focus back to "Create New Playlist".
      await dialog.getByRole('button', { name: 'Create New Playlist' }).focus();
      await t.page.keyboard.press('Enter');
      expect((await focusState(t)).label).toBe('input:New playlist title');
      expect(await cycle(t, 'Tab')).toHaveLength(5);
      await dialog.getByRole('button', { name: 'Cancel' }).focus();
      await t.page.keyboard.press('Enter');
      expect((await focusState(t)).label).toBe('button:Create New Playlist');

      await t.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);

      // From a card's menu: focus comes back to that card's menu button, by Escape or by Close.
      await t.page.goto('/');
      const video = h.videos[2];
      const menuButton = t.page.getByRole('button', { name: `More actions for ${video.title}`, exact: true });
      for (const closeWith of ['Escape', 'Close'] as const) {
        await menuButton.focus();
        await t.page.keyboard.press('Enter');
        await t.page.keyboard.press('ArrowDown');
        await t.page.keyboard.press('ArrowDown');
        expect((await focusState(t)).label).toBe('button:Add to playlist');
        await t.page.keyboard.press('Enter');
        await dialog.getByRole('checkbox').first().waitFor();
        expect(await focusState(t)).toEqual({ inDialog: true, label: 'button:Close', problem: null });
        await t.page.keyboard.press(closeWith === 'Escape' ? 'Escape' : 'Enter');
        await dialog.waitFor({ state: 'detached' });
        expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      expectNoConsoleErrors(t);
    } finally {
      await t.close();
    }
  });

  for (const width of [1280, 390]) {
    test(`every control reached with Tab shows an unclipped focus ring at ${width} px`, async () => {
      const t = await openPage(h.browser, h.url, { width, height: 800 });
      try {
        const problems: string[] = [];
        const visit = async (name: string, path: string, ready: string, minStops: number) => {
          await t.page.goto(path);
          await t.page.locator(ready).first().waitFor();
          const result = await tabThrough(t, `${name} @${width}px`);
          expect({ name, enoughStops: result.stops >= minStops }).toEqual({ name, enoughStops: true });
          problems.push(...result.problems);
        };
        await visit('login', '/login', 'form', 6);
        await visit('signup', '/signup', 'form', 8);
        await visit('home (guest)', '/', 'article.video-card', 20);
        await restoreSession(t, session);
        await visit('home', '/', 'article.video-card', 20);
        await visit('player', `/videoPlay/${h.videos[1]._id}`, '.player-fallback', 8);
        await visit('liked', '/like', '.list-row__title', 8);
        await visit('playlists', '/playlist', '.playlist-card', 8);
        await visit('a playlist', `/playlist/${playlistId}`, '.list-row__title', 8);
        await visit('settings', '/settings', '.settings-card', 5);
        await visit('empty watch later', '/watchLater', '.empty-state', 8);
        await visit('error page', '/nowhere', '.error-page img', 8);
        expect(problems).toEqual([]);
        expectNoConsoleErrors(t);
      } finally {
        await t.close();
      }
    });
  }
});

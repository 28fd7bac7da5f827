/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import CHROMIUM_FLAGS from '../../bench/lib/chromium-flags.json';
import { ApiClient } from './api-client';
import { startApp, type RunningApp } from './app';

/** Debian's Chromium, launched with the benches' flags (bench/lib/chromium.mjs says why each is there). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

// The machine is offline: thumbnails and the embedded player are third-party and must fail fast
// (and the app must cope), so tests never depend on them.
const EXTERNAL_HOSTS = /(^|\.)(ytimg\.com|youtube\.com|youtube-nocookie\.com|googlevideo\.com|ggpht\.com|google\.com|gstatic\.com)$/;
const isExternal = (url: string) => {
  try {
    return EXTERNAL_HOSTS.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

const SCREENSHOT_DIR = join(__dirname, '..', 'browser', 'screenshots');

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, except blocked external images/embeds. */
  consoleErrors: string[];
  /** Every JavaScript dialog (alert/confirm/prompt) the page opened. */
  dialogs: string[];
  /** Every request the page made to /api, as "METHOD /api/path". */
  apiCalls: string[];
  /** Every toast shown so far, as "success: text" / "error: text" (recorded as they appear). */
  toasts(): Promise<string[]>;
  url(): string;
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<TestPage> {
  const context = await browser.newContext({ baseURL, viewport });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  await context.route(
    (url) => isExternal(url.href),
    (route) => route.abort('blockedbyclient'),
  );
  // Records toasts in the page itself, so that a toast that closed before the test looked at it
  // still counts, and so that "no error toast" can be asserted over a whole flow. Each toast once: its
  // element can be added to the page more than once (react-toastify moves it as its container settles),
  // and every toast has an id of its own.
  await context.addInitScript(() => {
    const seen: string[] = [];
    const recorded = new Set<string>();
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((mutations) => {
      for (const m of mutations)
        for (const node of Array.from(m.addedNodes)) {
          if (!(node instanceof HTMLElement)) continue;
          const toasts = node.matches('.Toastify__toast') ? [node] : Array.from(node.querySelectorAll('.Toastify__toast'));
          for (const t of toasts) {
            if (t.id && recorded.has(t.id)) continue;
            if (t.id) recorded.add(t.id);
            const kind = /Toastify__toast--(success|error|info|warning|default)\b/.exec(t.className)?.[1] ?? 'default';
            // The message only: a toast's buttons (close, "Undo") are not part of what it says.
            const message = (t.querySelector('.Toastify__toast-body') ?? t).cloneNode(true) as HTMLElement;
            message.querySelectorAll('button').forEach((button) => button.remove());
            seen.push(`${kind}: ${message.textContent?.trim()}`);
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });

  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (isExternal(msg.location().url) || /ERR_BLOCKED_BY_CLIENT/.test(msg.text())) return;
    consoleErrors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseURL).origin && url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });

  return {
    page,
    context,
    consoleErrors,
    dialogs,
    apiCalls,
    toasts: () => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]),
    url: () => {
      const u = new URL(page.url());
      return `${u.pathname}${u.search}`;
    },
    close: () => context.close(),
  };
}

/** Waits (bounded) until a toast with exactly this text and kind has appeared. */
export async function waitForToast(t: TestPage, kind: 'success' | 'error', text: string): Promise<void> {
  await t.page.waitForFunction(
    (expected) => (window as unknown as { __toasts: string[] }).__toasts.includes(expected),
    `${kind}: ${text}`,
    { timeout: 10_000 },
  );
}

/** Waits (bounded) until the path (with query) is the expected one. */
export async function waitForPath(t: TestPage, path: string): Promise<void> {
  await t.page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 10_000 });
}

/**
 * Starts a signed-in session the way the app restores one: token and user in localStorage. Returns once
 * the app has rendered (its header's home link, which index.html's static shell does not have; not the search
 * form, which the login page, where a refused session lands, has not): the first render is a transition that may
 * end after the load event, and a test reading the page at once (its title, say) must not read the shell.
 */
export async function restoreSession(t: TestPage, session: { token: string; user: unknown }, path = '/'): Promise<void> {
  await t.page.goto('/login');
  await t.page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await t.page.goto(path);
  await t.page.locator('a.header__brand').waitFor({ timeout: 10_000 });
}

/** Saves a full-page screenshot under test/browser/screenshots (git-ignored). */
export async function screenshot(t: TestPage, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await t.page.screenshot({ path, fullPage: true });
  return path;
}

/** The card of one video on the home grid. */
export const card = (page: Page, title: string): Locator =>
  page.locator('article.video-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens the "⋮" menu of a card or row and picks an item. */
export async function pickMenuItem(page: Page, videoTitle: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `More actions for ${videoTitle}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The items of the currently open menu of a video, e.g. ["Add to Like", "WatchLater", …]. */
export async function menuItems(page: Page, videoTitle: string): Promise<string[]> {
  await page.getByRole('button', { name: `More actions for ${videoTitle}`, exact: true }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

/**
 * What moved on the page since it loaded (the browser keeps its layout shifts for a late observer): each element
 * whose top-left corner moved by a pixel or more, by its text. README, "Speed on a phone": nothing should.
 */
export const layoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as (PerformanceEntry & { sources: Source[] })[];
    observer.disconnect();
    const moved = ({ previousRect: a, currentRect: b }: Source) => Math.abs(a.x - b.x) >= 1 || Math.abs(a.y - b.y) >= 1;
    const describe = ({ node, previousRect: a, currentRect: b }: Source) =>
      `${node ? node.textContent?.trim().slice(0, 30) || node.nodeName.toLowerCase() : 'an element since removed'}: (${Math.round(a.x)}, ${Math.round(a.y)}) → (${Math.round(b.x)}, ${Math.round(b.y)})`;
    return shifts.flatMap((shift) => shift.sources.filter(moved).map(describe));
  });

/** Titles of the rows on a list page, top to bottom. */
export const rowTitles = (page: Page) => page.locator('.list-row__title').allTextContents();

/** Fails with the collected errors when the page logged any (other than blocked externals). */
export function expectNoConsoleErrors(t: TestPage, allowed: RegExp[] = []): void {
  const unexpected = t.consoleErrors.filter((e) => !allowed.some((re) => re.test(e)));
  expect(unexpected).toEqual([]);
}

export interface Video {
  _id: string;
  title: string;
  channel: string;
  channelId: string;
  category: string;
  views: string;
  likes: string;
  duration: string;
  description: string;
  thumbnail: string;
}

export interface Harness {
  url: string;
  /** The app under test, for what only the app itself does (making an operator: test/support/operators.ts). */
  server: RunningApp;
  browser: Browser;
  api: ApiClient;
  videos: Video[];
  /** A fresh user, signed up through the API, as the app stores it. */
  newUser(name?: string): Promise<{ token: string; user: { firstName: string; email: string }; email: string }>;
  close(): Promise<void>;
}

/** The real server (fresh data dir, built frontend at /) and one Chromium for a test file. */
/**
 * The hooks every browser suite shares: one server and browser per file (startHarness), a fresh
 * page per test. The callbacks hand them to the suite's own variables.
 */
export function useBrowserHarness(onHarness: (harness: Harness) => void, onPage: (page: TestPage) => void): void {
  let harness: Harness | undefined;
  let page: TestPage | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    onHarness(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(async () => {
    page = await openPage(harness!.browser, harness!.url);
    onPage(page);
  });
  afterEach(async () => {
    await page?.close();
  });
}

export async function startHarness(): Promise<Harness> {
  const dist = join(__dirname, '..', '..', 'frontend', 'dist', 'index.html');
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run "npm run build -w frontend" before the browser tests`);
  const app = await startApp();
  const browser = await launchBrowser().catch(async (error) => {
    await app.close();
    throw error;
  });
  const api = new ApiClient(app.url);
  const { body } = await api.get<{ videos: Video[] }>('/videos');
  return {
    url: app.url,
    server: app,
    browser,
    api,
    videos: body.videos,
    async newUser(name = 'Tester') {
      const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const res = await api.post('/auth/signup', { firstName: name, lastName: 'User', email, password: 'password123' });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.encodedToken, user: res.body.createdUser, email };
    },
    async close() {
      await browser.close();
      await app.close();
    },
  };
}

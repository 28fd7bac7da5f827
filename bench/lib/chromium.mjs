// The Chromium the benches start, and its flags.
import { readFileSync } from 'node:fs';

/** Debian's Chromium unless CHROMIUM_PATH names another build (e.g. /usr/bin/chromium-headless-shell). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (process.env.CHROME_PATH && !process.env.CHROMIUM_PATH) {
  // The setting's earlier name for `npm run lighthouse`: said out loud rather than ignored without a word.
  console.error(`CHROME_PATH is no longer read: CHROMIUM_PATH=${process.env.CHROME_PATH} names that build.`);
  process.exit(2);
}

/**
 * Headless, no sandbox, nothing fetched but what the page asks for: chromium-flags.json, which the browser tests
 * (test/support/browser.ts) start Chromium with too. Its last flag keeps out the desktop omnibox's popup, which
 * Chromium 156's headless mode still builds as pages of their own (chrome://omnibox-popup.top-chrome): their renderer
 * takes work on every navigation of the tab, during one load of home 143 ms of CPU on the two cores the page ran on,
 * and Lighthouse's simulation multiplies the page's tasks as the wall clock saw them (bench/RESULTS.md, "The
 * browser's own omnibox in the page's trace"). A phone's browser shows no such page, and headless has no omnibox.
 */
export const CHROMIUM_FLAGS = JSON.parse(readFileSync(new URL('./chromium-flags.json', import.meta.url), 'utf8'));

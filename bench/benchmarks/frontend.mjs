// Frontend: gzip bytes of the production JavaScript and CSS (zlib level 9, as
// frontend/scripts/measure-bundle.mjs), and the time from navigation to the first video card
// (`article.video-card`, components/video-card.tsx) visible, in headless Chromium on loopback:
// a fresh browser context (empty cache) per load, third-party hosts blocked so nothing waits on
// the network; median of the loads, after one unrecorded warm-up load.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { ROOT, median } from '../lib/util.mjs';

const require = createRequire(import.meta.url);

export function bundleSizes() {
  const dir = join(ROOT, 'frontend', 'dist', 'assets');
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  for (const file of readdirSync(dir)) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : undefined;
    if (!kind) continue;
    const bytes = readFileSync(join(dir, file));
    totals[kind].raw += bytes.length;
    totals[kind].gzip += gzipSync(bytes, { level: 9 }).length;
    totals[kind].files += 1;
  }
  return totals;
}

const EXTERNAL = /^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/;

/** Records, in the page, the time since navigation start at which the first card is visible. */
function recordFirstCard() {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const check = () => {
    if (window.__firstCard !== undefined) return true;
    const card = document.querySelector('article.video-card');
    if (card && visible(card)) {
      window.__firstCard = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => check() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
  // A card laid out after it was inserted (styles arriving late) is caught on a later frame.
  const frame = () => check() || requestAnimationFrame(frame);
  requestAnimationFrame(frame);
}

export async function frontendBenchmark({ cfg, app, log }) {
  const sizes = bundleSizes();
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const times = [];
  try {
    for (let i = 0; i <= cfg.pageLoads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.route(
        (url) => EXTERNAL.test(url.href),
        (route) => route.abort('blockedbyclient'),
      );
      await context.addInitScript(recordFirstCard);
      const page = await context.newPage();
      await page.goto(`${app.url}/`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__firstCard !== undefined, undefined, { timeout: 15_000 });
      const ms = await page.evaluate(() => window.__firstCard);
      await context.close();
      if (i > 0) times.push(ms); // load 0 warms the server's and the browser's code paths
    }
  } finally {
    await browser.close();
  }
  const result = { sizes, times, firstCardMedian: median(times) };
  log(
    `frontend: JS ${sizes.js.gzip} B gzip, CSS ${sizes.css.gzip} B gzip; first card visible, median of ${times.length}: ${result.firstCardMedian.toFixed(0)} ms`,
  );
  return result;
}

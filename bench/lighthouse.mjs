// `npm run lighthouse`: Lighthouse (mobile preset, default simulated throttling) against the production
// build served by the real backend on a free loopback port, in Debian's Chromium (CHROME_PATH, the
// flags of test/support/browser.ts). Audits `/` and `/videoPlay/<first video>` as a first-time guest (storage
// reset, cold cache) and `/like` signed in as the seeded guest user (token and user put in
// localStorage from a same-origin page first and the HTTP cache emptied; the audit keeps storage).
// Prints the four category scores and the main metrics per page, the audits that cost points, and
// writes each full JSON report to LIGHTHOUSE_REPORT_DIR (default: a temp dir). Not a test: the
// simulation multiplies the CPU time the page takes on this host, so scores move with the host's CPU.
//   LIGHTHOUSE_RUNS=1          runs per page; the median performance run is reported
//   LIGHTHOUSE_PAGES           only these pages, by name, comma-separated (e.g. "/,/like (signed in)")
//   LIGHTHOUSE_CPU_SLOWDOWN=4  the simulated CPU slowdown (the mobile preset's is 4): 8 or 16 show how
//                              the pages fare on a host two or four times slower than this one
//   LIGHTHOUSE_URL             audit the server already running there (e.g. one holding 100 000 videos:
//                              bench/benchmarks/catalogue-scale.mjs) instead of starting one on an empty store
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse, { defaultConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { MAIN, startNode } from './lib/processes.mjs';
import { ROOT, envNumber, sleep } from './lib/util.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const runs = envNumber('LIGHTHOUSE_RUNS', 1);
const cpuSlowdown = envNumber('LIGHTHOUSE_CPU_SLOWDOWN', 4);

const staticDir = process.env.STATIC_DIR || join(ROOT, 'frontend', 'dist');
const givenUrl = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
if (!givenUrl && (!existsSync(MAIN) || !existsSync(join(staticDir, 'index.html')))) {
  console.error('No production build: run "npm run build" first (npm run lighthouse does).');
  process.exit(1);
}
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR || mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-'));
mkdirSync(reportDir, { recursive: true });
const dataDir = mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-data-'));
const profileDir = mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-chrome-'));

const app = givenUrl
  ? { url: givenUrl, stop: async () => undefined }
  : await startNode(
      MAIN,
      { NODE_ENV: 'production', JWT_SECRET: 'l'.repeat(48), EMAIL_INDEX_SECRET: 'e'.repeat(48), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      { label: 'app' },
    );
const chrome = await startChrome(profileDir);
try {
  const { videos } = await (await fetch(`${app.url}/api/videos?limit=1`)).json();
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const pages = [
    { name: '/', path: '/', signedIn: false },
    { name: '/videoPlay/:id', path: `/videoPlay/${videos[0]._id}`, signedIn: false },
    { name: '/like (signed in)', path: '/like', signedIn: true },
  ].filter((page) => !only || only.includes(page.name));
  if (pages.length === 0) throw new Error(`LIGHTHOUSE_PAGES names none of the pages: ${process.env.LIGHTHOUSE_PAGES}`);
  // The seeded guest signs in only when a signed-in page is audited.
  let session;
  if (pages.some((page) => page.signedIn)) {
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'guest@example.com', password: 'guestpass123' }),
    });
    if (!login.ok) throw new Error(`login of the seeded guest failed: ${login.status} ${await login.text()}`);
    session = await login.json();
  }
  const rows = [];
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      if (page.signedIn) await putSession(chrome.port, app.url, session.encodedToken, session.foundUser);
      const result = await lighthouse(`${app.url}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Signed in: keep the localStorage session just written (the cache holds nothing of the app's).
        disableStorageReset: page.signedIn,
        ...(cpuSlowdown !== 4 && { throttling: { ...defaultConfig.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown } }),
      });
      results.push(result.lhr);
    }
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = results[Math.floor(results.length / 2)];
    const file = join(reportDir, `${page.path.replace(/\W+/g, '_') || 'home'}.json`);
    writeFileSync(file, JSON.stringify(lhr));
    rows.push({ page, lhr, file });
  }

  console.log(
    `\nLighthouse ${rows[0].lhr.lighthouseVersion}, ${rows[0].lhr.configSettings.formFactor}, throttling ${rows[0].lhr.configSettings.throttlingMethod} (CPU ×${rows[0].lhr.configSettings.throttling.cpuSlowdownMultiplier}); ${runs} run(s) per page, median; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(['page'.padEnd(20), 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS'].join('  '));
  for (const { page, lhr } of rows) {
    const score = (id) =>
      String(Math.round(lhr.categories[id].score * 100)).padEnd(
        id === 'best-practices' ? 14 : id === 'seo' ? 3 : id === 'performance' ? 11 : 13,
      );
    const metric = (id) => lhr.audits[id].displayValue ?? '';
    console.log(
      [
        page.name.padEnd(20),
        ...CATEGORIES.map(score),
        ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(metric),
      ].join('  '),
    );
  }
  for (const { page, lhr, file } of rows) {
    const losing = Object.values(lhr.categories)
      .flatMap((category) =>
        category.auditRefs.filter((ref) => ref.weight > 0 || category.id === 'performance').map((ref) => lhr.audits[ref.id]),
      )
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      );
    if (losing.length)
      console.log(`\n${page.name}: ${losing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`);
    console.log(`  report: ${file}`);
  }
} finally {
  await chrome.stop();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}

/** Debian's Chromium with a DevTools port of its own choosing (read back from DevToolsActivePort). */
async function startChrome(userDataDir) {
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: 'ignore',
  });
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const portFile = join(userDataDir, 'DevToolsActivePort');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`${CHROME_PATH} exited with ${child.exitCode}`);
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return { port, stop: () => (child.exitCode === null && child.kill('SIGTERM'), exited) };
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${CHROME_PATH} did not open its DevTools port within 30 s`);
}

/**
 * The app's session (localStorage `token` and `user`) for the app's origin, written from a page of that
 * origin that loads none of the app (/api/health), so that the audit's cache stays cold.
 */
async function putSession(port, origin, token, user) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    // Lighthouse keeps the HTTP cache along with storage: emptied here, so every run of the page is a cold one
    // (without it the second and later runs would load the app's scripts from the disk cache).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      [token, JSON.stringify(user)],
    );
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to this script's startChrome.
    await browser.close();
  }
}

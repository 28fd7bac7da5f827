// `npm run lighthouse`: Lighthouse (mobile preset, default simulated throttling) against the production
// build served by the real backend on a free loopback port, in Debian's Chromium (or CHROMIUM_PATH's, with
// the flags of bench/lib/chromium.mjs). Audits the seven pages of README "Speed on a phone", each cold (HTTP
// cache emptied, storage reset but for the signed-in session): `/`, the player (`/videoPlay/<first video>`),
// a channel (`/channel/<first channel>`) and search results (`/?q=<a word of a title>`) as a first-time guest;
// `/like` signed in as the seeded guest (who likes three videos first); a shared playlist
// (`/playlist/<id>`, an unlisted playlist of the guest's with three videos) as a guest; and `/studio` signed in
// as an operator (a user signed up here and granted the role with the `npm run operator` entry point on the
// server's DATA_DIR). Runs alternate between pages (page 1, 2, …, 7, then 1, 2, … again) so that the machine's
// load of the moment spreads over every page. Prints per page the median and min of performance, accessibility
// and best practices, the median and max of total blocking time, the median run's other metrics, the
// host's Lighthouse benchmark index (LHR environment.benchmarkIndex) and the 1-minute load; PASS or MISS
// against the targets (performance ≥ 95 median, TBT ≤ 150 ms median, accessibility 100, best practices ≥ 95);
// the audits that cost the median run points; and writes each page's median report (<page>.json) and
// every run's (<page>-run<n>.json) to LIGHTHOUSE_REPORT_DIR (default: a temp dir). Not a test: the
// simulation multiplies the CPU time the page takes on this host, so scores move with the host's CPU and load.
//   LIGHTHOUSE_RUNS=5          runs per page (the median and min are of these)
//   LIGHTHOUSE_PAGES           only these pages, by name, comma-separated (e.g. "/,/like (signed in)")
//   LIGHTHOUSE_CPU_SLOWDOWN=4  the simulated CPU slowdown (the mobile preset's is 4): 8 or 16 show how
//                              the pages fare on a host two or four times slower than this one
//   LIGHTHOUSE_URL             audit the server already running there (e.g. one holding 100 000 videos:
//                              bench/benchmarks/catalogue-scale.mjs) instead of starting one on an empty store;
//                              the studio is then audited only if LIGHTHOUSE_DATA_DIR names that server's
//                              DATA_DIR (to grant the operator role)
//   LIGHTHOUSE_TRACES=1        also write each run's unthrottled trace (<page>-run<n>.trace.json, for DevTools)
//   LIGHTHOUSE_ARTIFACTS=1     also keep each run's artifacts (<page>-run<n>.artifacts/, Lighthouse's -G), which
//                              Lighthouse can audit again: bench/experiments/lighthouse-cpu-time.mjs does, with
//                              every task of the page's main thread as long as its own CPU time
// The thumbnails (https://i.ytimg.com/vi/<id>/hqdefault.jpg) come from a loopback stand-in for that host
// (bench/lib/thumbnail-host.mjs, needs openssl): a 480×360 JPEG of about 30 kB for every video, over HTTP/2, as a
// phone would fetch them. Before 2026-11-27 every thumbnail failed here (the host is unreachable from these
// machines), and each card rendered again with its fallback: bench/RESULTS.md, "Thumbnails that load".
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse, { defaultConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { MAIN, pageServerEnv, startPageServer } from './lib/processes.mjs';
import { photographLikeJpeg, startThumbnailHost } from './lib/thumbnail-host.mjs';
import { DIST, ROOT, envNumber, sleep } from './lib/util.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const runs = envNumber('LIGHTHOUSE_RUNS', 5);
const cpuSlowdown = envNumber('LIGHTHOUSE_CPU_SLOWDOWN', 4);
const TARGET = { performance: 95, tbtMs: 150, accessibility: 100, bestPractices: 95 };
const GUEST = { email: 'guest@example.com', password: 'guestpass123' };
const OPERATOR = { name: 'Lighthouse Operator', email: 'lighthouse-operator@example.com', password: 'operatorpass123' };

const staticDir = process.env.STATIC_DIR || join(ROOT, 'frontend', 'dist');
const givenUrl = process.env.LIGHTHOUSE_URL?.replace(/\/+$/, '');
if (!givenUrl && (!existsSync(MAIN) || !existsSync(join(staticDir, 'index.html')))) {
  console.error('No production build: run "npm run build" first (npm run lighthouse does).');
  process.exit(1);
}
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR || mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-'));
mkdirSync(reportDir, { recursive: true });
const dataDir = givenUrl ? process.env.LIGHTHOUSE_DATA_DIR : mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-data-'));
const profileDir = mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-chrome-'));
const app = givenUrl
  ? { url: givenUrl, stop: async () => undefined }
  : await startPageServer({ dataDir, ...(process.env.STATIC_DIR && { staticDir }) });
// The cards' thumbnails load, as they do for a user, from a loopback stand-in for YouTube's thumbnail host.
const thumbnailDir = mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-thumbnails-'));
const thumbnailHost = await startThumbnailHost(thumbnailDir, await photographLikeJpeg(CHROMIUM_PATH));
const chrome = await startChrome(profileDir, thumbnailHost.chromeFlags);
try {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const wanted = (name) => !only || only.includes(name);
  const { videos } = await getJson('/api/videos?limit=24');
  const { channels } = await getJson('/api/channels');
  // A word of the first title long enough to be a search people type (e.g. "iphone").
  const word = videos[0].title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4) ?? videos[0].title.split(' ')[0];
  const guest = wanted('/like (signed in)') || wanted('/playlist/:id (shared)') ? await login(GUEST) : undefined;
  if (guest && wanted('/like (signed in)')) {
    for (const video of videos.slice(0, 3)) await send(guest, 'POST', '/api/user/likes', { video: { _id: video._id } }, [201, 202, 409]);
  }
  let playlistId;
  if (guest && wanted('/playlist/:id (shared)')) {
    const created = await send(guest, 'POST', '/api/user/playlists', { playlist: { title: 'Lighthouse shared playlist' } }, [201, 202]);
    playlistId = created.playlists?.at(-1)?._id ?? (await send(guest, 'GET', '/api/user/playlists')).playlists.at(-1)._id;
    for (const video of videos.slice(3, 6))
      await send(guest, 'POST', `/api/user/playlists/${playlistId}`, { video: { _id: video._id } }, [201, 202]);
    await send(guest, 'PATCH', `/api/user/playlists/${playlistId}`, { visibility: 'unlisted' }, [200, 202]);
  }
  let operator;
  if (wanted('/studio (operator)')) {
    if (!dataDir) console.error('Studio not audited: LIGHTHOUSE_URL without LIGHTHOUSE_DATA_DIR (the operator role cannot be granted).');
    else operator = await signUpOperator();
  }
  const pages = [
    { name: '/', path: '/' },
    { name: '/videoPlay/:id', path: `/videoPlay/${videos[0]._id}` },
    { name: '/like (signed in)', path: '/like', session: guest },
    { name: '/channel/:id', path: `/channel/${channels[0]._id}` },
    { name: '/?q= (search)', path: `/?q=${encodeURIComponent(word.toLowerCase())}` },
    playlistId && { name: '/playlist/:id (shared)', path: `/playlist/${playlistId}` },
    operator && { name: '/studio (operator)', path: '/studio', session: operator },
  ].filter((page) => page && wanted(page.name));
  if (pages.length === 0) throw new Error(`LIGHTHOUSE_PAGES names none of the pages: ${process.env.LIGHTHOUSE_PAGES}`);

  const results = new Map(pages.map((page) => [page, []]));
  const loads = [];
  for (let i = 0; i < runs; i++) {
    for (const page of pages) {
      // Every run cold: the HTTP cache emptied (Lighthouse's storage reset would keep it when a session is
      // kept), and a signed-in page's session written from a page that loads none of the app.
      loads.push(os.loadavg()[0]);
      let result;
      // A run Lighthouse could not record (its trace lost, e.g. NO_NAVSTART) scores 0 and would count in the median as
      // if the page had; it is run again, at most twice.
      for (let attempt = 1; attempt <= 3; attempt++) {
        await prepare(chrome.port, app.url, page.session);
        result = await lighthouse(`${app.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: !!page.session,
          ...(process.env.LIGHTHOUSE_ARTIFACTS && artifactsOf(page, i)),
          ...(cpuSlowdown !== 4 && { throttling: { ...defaultConfig.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown } }),
        });
        if (!result.lhr.runtimeError) break;
        console.error(
          `run ${i + 1}/${runs} ${page.name}: not recorded (${result.lhr.runtimeError.code})${attempt < 3 ? ', run again' : ''}`,
        );
      }
      const lhr = result.lhr;
      results.get(page).push(lhr);
      // Every run's report, to see what an outlier spent its time on (bootup-time, long-tasks).
      writeFileSync(join(reportDir, `${reportName(page)}-run${i + 1}.json`), JSON.stringify(lhr));
      if (process.env.LIGHTHOUSE_TRACES)
        writeFileSync(join(reportDir, `${reportName(page)}-run${i + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
      console.error(
        `run ${i + 1}/${runs} ${page.name}: performance ${pct(lhr, 'performance')}, TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms, ` +
          `a11y ${pct(lhr, 'accessibility')}, BP ${pct(lhr, 'best-practices')}, benchmark index ${lhr.environment.benchmarkIndex}, load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  }

  const rows = pages.map((page) => {
    const lhrs = results.get(page);
    const sorted = [...lhrs].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = sorted[Math.floor(sorted.length / 2)];
    const file = join(reportDir, `${reportName(page)}.json`);
    writeFileSync(file, JSON.stringify(lhr));
    const of = (fn) => lhrs.map(fn).sort((a, b) => a - b);
    const perf = of((r) => pct(r, 'performance'));
    const tbt = of((r) => r.audits['total-blocking-time'].numericValue);
    const a11y = of((r) => pct(r, 'accessibility'));
    const bp = of((r) => pct(r, 'best-practices'));
    const index = of((r) => r.environment.benchmarkIndex);
    const stats = {
      perf: { median: median(perf), min: perf[0] },
      tbt: { median: median(tbt), max: tbt.at(-1) },
      a11y: { median: median(a11y), min: a11y[0] },
      bp: { median: median(bp), min: bp[0] },
      index: { median: median(index), min: index[0], max: index.at(-1) },
    };
    const pass =
      stats.perf.median >= TARGET.performance &&
      stats.tbt.median <= TARGET.tbtMs &&
      stats.a11y.min >= TARGET.accessibility &&
      stats.bp.median >= TARGET.bestPractices;
    return { page, lhr, file, stats, pass };
  });

  const first = rows[0].lhr;
  const allIndex = rows.flatMap(({ page }) => results.get(page).map((r) => r.environment.benchmarkIndex)).sort((a, b) => a - b);
  loads.sort((a, b) => a - b);
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${first.configSettings.formFactor}, throttling ${first.configSettings.throttlingMethod} ` +
      `(CPU ×${first.configSettings.throttling.cpuSlowdownMultiplier}); ${runs} run(s) per page, pages alternated; ${os.cpus().length} cores (${os.cpus()[0].model.trim()}); ` +
      `benchmark index median ${median(allIndex)} (${allIndex[0]}–${allIndex.at(-1)}); 1-minute load median ${median(loads).toFixed(1)} (${loads[0].toFixed(1)}–${loads.at(-1).toFixed(1)})`,
  );
  console.log(
    '| Page | Performance median | min | TBT median | max | Accessibility median | min | Best practices median | min | FCP | LCP | CLS | Benchmark index | Target |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, lhr, stats, pass } of rows) {
    const metric = (id) => lhr.audits[id].displayValue ?? '';
    console.log(
      `| ${page.name} | **${stats.perf.median}** | ${stats.perf.min} | ${Math.round(stats.tbt.median)} ms | ${Math.round(stats.tbt.max)} ms | ` +
        `${stats.a11y.median} | ${stats.a11y.min} | ${stats.bp.median} | ${stats.bp.min} | ${metric('first-contentful-paint')} | ` +
        `${metric('largest-contentful-paint')} | ${metric('cumulative-layout-shift')} | ${stats.index.median} | ${pass ? 'PASS' : 'MISS'} |`,
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
    console.log(`  report (median run): ${file}`);
  }
} finally {
  await chrome.stop();
  await thumbnailHost.stop();
  await app.stop();
  if (!givenUrl) rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
  rmSync(thumbnailDir, { recursive: true, force: true });
}

/** Lighthouse's -GA: gather, save the artifacts in the report directory, and audit them. */
function artifactsOf(page, i) {
  const dir = join(reportDir, `${reportName(page)}-run${i + 1}.artifacts`);
  return { gatherMode: dir, auditMode: dir };
}

function reportName(page) {
  return page.path === '/' ? 'home' : page.path.replace(/\W+/g, '_');
}

function pct(lhr, category) {
  return Math.round(lhr.categories[category].score * 100);
}

function median(sorted) {
  return sorted[Math.floor(sorted.length / 2)];
}

async function getJson(path) {
  const response = await fetch(`${app.url}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function send(session, method, path, body, ok = [200]) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: session.encodedToken, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
  });
  if (!ok.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json().catch(() => ({}));
}

async function login({ email, password }) {
  const response = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status} ${await response.text()}`);
  const { encodedToken, foundUser } = await response.json();
  return { encodedToken, user: foundUser };
}

/** A user signed up here and made an operator by the `npm run operator` entry point on the server's store. */
async function signUpOperator() {
  const signup = await fetch(`${app.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (!signup.ok && signup.status !== 422) throw new Error(`signup of the operator failed: ${signup.status} ${await signup.text()}`);
  execFileSync(process.execPath, [join(DIST, 'entry-points', 'operator.main.js'), 'grant', OPERATOR.email], {
    env: { ...process.env, ...pageServerEnv({ dataDir }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return login(OPERATOR);
}

/** Debian's Chromium (with `extraFlags` besides the usual ones) and a DevTools port of its own choosing (read back from DevToolsActivePort). */
async function startChrome(userDataDir, extraFlags) {
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, ...extraFlags, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    // A group of its own, stopped as a whole: CHROMIUM_PATH may be a wrapper script (Debian's
    // /usr/bin/chromium-headless-shell runs the browser as its child), and a browser outliving its wrapper would
    // keep the thumbnail host's connections open and this script waiting for them.
    { stdio: 'ignore', detached: true },
  );
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // the group is gone already
    }
  };
  process.once('exit', () => signal('SIGKILL'));
  const portFile = join(userDataDir, 'DevToolsActivePort');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`${CHROMIUM_PATH} exited with ${child.exitCode}`);
    const port = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return { port, stop: () => (signal('SIGTERM'), exited) };
    }
  }
  signal('SIGKILL');
  throw new Error(`${CHROMIUM_PATH} did not open its DevTools port within 30 s`);
}

/**
 * Empties the HTTP cache, so that every run is a cold one (Lighthouse keeps the cache along with storage when
 * a session is kept), and the app's localStorage, then for a signed-in page writes the app's session
 * (`token` and `user`) for the app's origin, from a page of that origin that loads none of the app (/api/health).
 */
async function prepare(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    // Lighthouse's storage reset leaves localStorage alone: a guest's page must not inherit the session
    // a signed-in page before it wrote.
    await page.goto(`${origin}/api/health`);
    await page.evaluate(
      ([t, u]) => {
        localStorage.clear();
        if (t) {
          localStorage.setItem('token', t);
          localStorage.setItem('user', u);
        }
      },
      [session?.encodedToken, session && JSON.stringify(session.user)],
    );
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to this script's startChrome.
    await browser.close();
  }
}

// What-if A/B for the frontend (not used by `npm run bench`): does a change make a page's first load block less?
// Serves each build given (a `frontend/dist` made by `npx vite build --outDir <dir>` in frontend/) from a backend of
// its own, loads one page cold from each in turn in Debian's Chromium (a phone's viewport, the thumbnails from the
// loopback stand-in, as `npm run lighthouse`), traces every load, and prints per build the medians of:
//   block     Σ max(0, 4 × task − 50 ms) over the page's main-thread tasks after its first contentful paint, the
//             task as the wall clock saw it: what Lighthouse's simulation makes of the page at its 4× slowdown
//   blockCpu  the same with each task's own CPU time: the page's work without the time it waited for a core
//   cpu       the page's main thread's CPU over the load and 2.5 s after it; layout, style, paint: their share
//   longest   the longest task after the first paint, wall clock
// The difference between block and blockCpu is the host's share (bench/RESULTS.md, "Page work and waiting").
// Loads alternate between builds so that the machine's moments spread over all of them; the noise between
// loads is large on 2 cores (the block of one build ranged 85-381 ms over 12 loads), so use 12 or more.
//   node bench/experiments/frontend-ab.mjs <path> <loads> <dist dir> [<dist dir> …]
//   e.g. node bench/experiments/frontend-ab.mjs / 12 frontend/dist /tmp/variant-dist
// FRONTEND_AB_TRACES=<dir>: also writes each load's trace there (<build n>-<load n>.json, for DevTools).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { startPageServer } from '../lib/processes.mjs';
import { photographLikeJpeg, startThumbnailHost } from '../lib/thumbnail-host.mjs';
import { pageMainThread } from '../lib/trace.mjs';
import { median } from '../lib/util.mjs';

const [path, loadsArg, ...dirs] = process.argv.slice(2);
const loads = Number(loadsArg);
if (!path?.startsWith('/') || !(loads > 0) || dirs.length === 0) {
  console.error('usage: node bench/experiments/frontend-ab.mjs <path> <loads> <dist dir> [<dist dir> …]');
  process.exit(2);
}
const SLOWDOWN = 4;
// navigationStart is a user-timing mark; the first contentful paint is in `loading`.
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];
// Lighthouse's mobile preset's screen.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const scratch = mkdtempSync(join(os.tmpdir(), 'techtube-frontend-ab-'));
const builds = [];
let browser;
let thumbnails;
try {
  for (const dir of dirs) {
    const app = await startPageServer({ dataDir: mkdtempSync(join(scratch, 'data-')), staticDir: resolve(dir), label: dir });
    builds.push({ dir, app, rows: [] });
  }
  thumbnails = await startThumbnailHost(scratch, await photographLikeJpeg(CHROMIUM_PATH));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...thumbnails.chromeFlags] });
  const traceDir = process.env.FRONTEND_AB_TRACES;
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  for (let i = 0; i < loads; i++) {
    for (const [n, build] of builds.entries()) {
      const keep = traceDir && ((trace) => writeFileSync(join(traceDir, `${n + 1}-${i + 1}.json`), trace));
      build.rows.push(await tracedLoad(build.app.url, keep));
    }
  }
  for (const { dir, rows } of builds) {
    const of = (key) => median(rows.map((row) => row[key])).toFixed(1);
    console.log(
      `${dir}: block ${of('block')} ms, blockCpu ${of('blockCpu')} ms, cpu ${of('cpu')} ms (layout ${of('layout')}, ` +
        `style ${of('style')}, paint ${of('paint')}), longest ${of('longest')} ms, first paint ${of('firstPaint')} ms; ` +
        `medians of ${rows.length} loads`,
    );
    console.log(`  block per load: ${rows.map((row) => row.block.toFixed(0)).join(' ')}`);
  }
} finally {
  await browser?.close();
  await thumbnails?.stop();
  for (const { app } of builds) await app.stop();
  rmSync(scratch, { recursive: true, force: true });
}

/** One cold load of `path` (a fresh context: empty cache and storage), traced; its figures. `keep` takes the trace. */
async function tracedLoad(origin, keep, attempt = 1) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(origin + path, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const trace = await browser.stopTracing();
  await context.close();
  const figures = pageFigures(JSON.parse(trace.toString()).traceEvents);
  if (figures && keep) keep(trace);
  // A trace that lost the page's navigation or first paint (it happens) is taken again, at most twice.
  if (!figures && attempt < 3) return tracedLoad(origin, keep, attempt + 1);
  if (!figures) throw new Error(`three traces of ${path} without its navigation or first paint`);
  return figures;
}

function pageFigures(events) {
  const page = pageMainThread(events);
  const firstPaint = page && events.find((e) => e.name === 'firstContentfulPaint' && e.pid === page.pid);
  if (!firstPaint) return undefined;
  const { navigation, pid, tid } = page;
  const slices = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
  const ms = (us) => us / 1000;
  const blocking = (taskMs) => Math.max(0, SLOWDOWN * taskMs - 50);
  let block = 0;
  let blockCpu = 0;
  let cpu = 0;
  let longest = 0;
  for (const task of slices.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')) {
    cpu += ms(task.tdur ?? 0);
    if (task.ts < firstPaint.ts) continue;
    block += blocking(ms(task.dur));
    blockCpu += blocking(ms(task.tdur ?? 0));
    longest = Math.max(longest, ms(task.dur));
  }
  const cpuOf = (name) => ms(slices.filter((e) => e.name === name).reduce((sum, e) => sum + (e.tdur ?? 0), 0));
  return {
    block,
    blockCpu,
    cpu,
    layout: cpuOf('Layout'),
    style: cpuOf('UpdateLayoutTree'),
    paint: cpuOf('Paint'),
    longest,
    firstPaint: ms(firstPaint.ts - navigation.ts),
  };
}

// How much of a Lighthouse run's blocking time is the page's own work, and how much is time its main thread spent
// waiting for a core (not used by `npm run bench`). Lighthouse's simulation multiplies each task of the page's main
// thread as the wall clock saw it; on 2 cores a task often lasts several times its own CPU time, because the
// browser's other processes, Lighthouse's and the app server's take the cores meanwhile (bench/RESULTS.md, "Page
// work and waiting"). This audits a run's saved artifacts twice, with Lighthouse itself: as recorded, and with every
// task of the page's main thread shortened to its own CPU time (the events inside it drawn closer in proportion),
// nothing else changed. The second is what the same page would score on a host where its main thread never waited.
//   LIGHTHOUSE_ARTIFACTS=1 LIGHTHOUSE_REPORT_DIR=/tmp/lh node bench/lighthouse.mjs
//   node bench/experiments/lighthouse-cpu-time.mjs /tmp/lh/*.artifacts
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import lighthouse from 'lighthouse';
import { pageMainThread } from '../lib/trace.mjs';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: node bench/experiments/lighthouse-cpu-time.mjs <run>.artifacts […]');
  process.exit(2);
}
const TRACE = 'defaultPass.trace.json';
const scratch = mkdtempSync(join(os.tmpdir(), 'techtube-lighthouse-cpu-time-'));
try {
  console.log('| Run | Performance as recorded | TBT | Performance on CPU time | TBT | Main-thread tasks shortened |');
  console.log('|---|---|---|---|---|---|');
  for (const dir of dirs) {
    const recorded = await audit(dir);
    const copy = join(scratch, basename(dir));
    cpSync(dir, copy, { recursive: true });
    const trace = JSON.parse(readFileSync(join(dir, TRACE), 'utf8'));
    const shortened = onCpuTime(trace.traceEvents ?? trace);
    writeFileSync(join(copy, TRACE), JSON.stringify(trace));
    const onCpu = await audit(copy);
    console.log(
      `| ${basename(dir)} | ${recorded.score} | ${recorded.tbt} ms | ${onCpu.score} | ${onCpu.tbt} ms | ` +
        `${shortened.tasks} (${shortened.wallMs.toFixed(0)} → ${shortened.cpuMs.toFixed(0)} ms) |`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Lighthouse's audits of saved artifacts (its -A), with the settings they were gathered with (it insists). */
async function audit(dir) {
  const { settings } = JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8'));
  const { lhr } = await lighthouse(undefined, { ...settings, gatherMode: undefined, auditMode: dir, logLevel: 'error' });
  if (lhr.runtimeError) throw new Error(`${dir}: ${lhr.runtimeError.code}`);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
  };
}

/**
 * Shortens, in place, every top-level task of the page's main thread (the renderer that navigated to the audited
 * URL) to its thread CPU time, moving the events inside it closer to its start in proportion.
 */
function onCpuTime(events) {
  const page = pageMainThread(events);
  if (!page) throw new Error('no navigation of the page in the trace');
  const { pid, tid } = page;
  const thread = events.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const tasks = thread.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur > 0 && e.tdur >= 0 && e.tdur < e.dur);
  let wallMs = 0;
  let cpuMs = 0;
  let end = -Infinity;
  let shortenedTasks = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested inside an earlier task: moved with it
    const start = task.ts;
    end = start + task.dur;
    const factor = task.tdur / task.dur;
    wallMs += task.dur / 1000;
    cpuMs += task.tdur / 1000;
    shortenedTasks++;
    for (const event of thread) {
      if (event.ts < start || event.ts > end) continue;
      if (event !== task) event.ts = start + (event.ts - start) * factor;
      if (event.ph === 'X' && event.dur) event.dur *= factor;
    }
  }
  return { tasks: shortenedTasks, wallMs, cpuMs };
}

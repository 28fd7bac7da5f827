// A preload for what-if runs (BENCH_APP_PRELOAD=bench/experiments/gc-pauses.cjs): appends to GC_LOG_FILE, one JSON
// line each, every garbage collection of the server (its kind and pause) and every event-loop turn that came
// late by more than STALL_MS (15), with the time since the process started, to see what lands in a benchmark's
// tail (bench/RESULTS.md, "Catalogue at 100 000 videos"). Other processes started with it (the CLI tools) log nothing.
const { appendFileSync } = require('node:fs');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');

const file = process.env.GC_LOG_FILE;
const STALL_MS = Number(process.env.STALL_MS ?? 15);
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
if (file && /entry-points[/\\]main\.js$/.test(process.argv[1] ?? '')) {
  const log = (line) => appendFileSync(file, JSON.stringify({ pid: process.pid, ...line }) + '\n');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.duration >= 2) log({ at: Math.round(e.startTime), gc: KINDS[e.detail?.kind] ?? e.detail?.kind, ms: +e.duration.toFixed(2) });
    }
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last - 5 > STALL_MS) log({ at: Math.round(last), stall: Math.round(now - last - 5) });
    last = now;
  }, 5).unref();
}

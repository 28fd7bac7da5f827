// Loaded into a server with `node --require` by the kept-answers benchmark (measurement only: it changes
// nothing the server does): every BENCH_MEMORY_PROBE_MS (1000) it writes process.memoryUsage() (bytes:
// rss, heapTotal, heapUsed, external, arrayBuffers) and the time to BENCH_MEMORY_FILE, replacing the last.
// The main thread's only: a --require runs in every worker thread too (the store's append writer), whose
// own small heap would otherwise overwrite the figures.
const { renameSync, writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const file = process.env.BENCH_MEMORY_FILE;
if (file && isMainThread) {
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    renameSync(`${file}.tmp`, file);
  };
  write();
  setInterval(write, Number(process.env.BENCH_MEMORY_PROBE_MS) || 1000).unref();
}

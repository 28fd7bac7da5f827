// Loaded into a server with `node --require` by the library benchmark (measurement only: it changes
// nothing the server does). Two measures of how long anything held the event loop:
//   - perf_hooks.monitorEventLoopDelay (1 ms resolution): how late a timer ran, in wall-clock time.
//     On a shared machine that includes the time the process waited for a core.
//   - the process's CPU time (process.cpuUsage, all its threads) spent between two turns of a 1 ms
//     timer: the work done while the loop did not turn, whatever the waiting for a core. An upper
//     bound of what the main thread did (other threads' work in that stretch is counted too).
// On SIGUSR2 it writes the figures since the last signal (ms) to BENCH_LOOP_DELAY_FILE and starts again.
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');
const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = { at: performance.now(), cpu: cpuMs() };
  let holds = [];
  const turn = setInterval(() => {
    const now = { at: performance.now(), cpu: cpuMs() };
    // Only stretches where the loop was late count as holds (a 1 ms timer that ran on time held nothing).
    if (now.at - last.at > 2) holds.push(Math.min(now.cpu - last.cpu, now.at - last.at));
    last = now;
  }, 1);
  turn.unref();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const sorted = holds.sort((a, b) => a - b);
    const figures = {
      max: ms(histogram.max),
      p99: ms(histogram.percentile(99)),
      p50: ms(histogram.percentile(50)),
      cpuMax: sorted.at(-1) ?? 0,
      cpuP99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
      lateTurns: sorted.length,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
    holds = [];
    last = { at: performance.now(), cpu: cpuMs() };
  });
}

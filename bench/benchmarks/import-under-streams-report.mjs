// The import-under-streams benchmark's rows in the table and its section in the results (bench/run.mjs).
import { fmt } from '../lib/util.mjs';

const MIB = 2 ** 20;
const mib = (bytes) => `${(bytes / MIB).toFixed(0)} MiB`;

/** The scenarios by name, and those with streams open (the ones compared with the import alone). */
function scenarios(result) {
  const byName = Object.fromEntries(result.results.map((s) => [s.name, s]));
  return { alone: byName.none, withStreams: result.results.filter((s) => s.name !== 'none') };
}

export function importUnderStreamsRows(result, row) {
  const { cfg } = result;
  const { alone, withStreams } = scenarios(result);
  const videos = fmt.int(cfg.videos);
  const lived = result.results.filter((s) => s.alive && s.added === cfg.videos);
  row(
    'import-alive',
    `import: ${videos} videos with ${fmt.int(cfg.catalogueStreams)} catalogue + ${fmt.int(cfg.userStreams)} user streams, --max-old-space-size=${cfg.heapMb}: instance alive, every video added`,
    `${lived.length} of ${result.results.length}`,
    result.results.map((s) => `${s.name}: ${s.alive ? 'alive' : 'DEAD'}, ${s.added} added`).join('; '),
    '–',
    'all',
    lived.length === result.results.length,
  );
  if (!alone || withStreams.length === 0) return;
  const heap = Math.max(...withStreams.map((s) => s.heapGrowth));
  row(
    'import-heap',
    `import: ${videos} videos with the streams open, heap growth (highest of ${withStreams.map((s) => s.name).join(', ')})`,
    mib(heap),
    `alone ${mib(alone.heapGrowth)}; ${withStreams.map((s) => `${s.name} ${mib(s.heapGrowth)}`).join(', ')}`,
    '–',
    '≤ 100 MiB',
    heap <= 100 * MIB,
  );
  const slowest = Math.max(...withStreams.map((s) => s.importMs));
  row(
    'import-time',
    `import: ${videos} videos, time with the streams open / alone`,
    fmt.ms(slowest),
    `alone ${fmt.ms(alone.importMs)}; ${withStreams.map((s) => `${s.name} ${fmt.ms(s.importMs)}`).join(', ')}`,
    `${(slowest / alone.importMs).toFixed(2)}×`,
    '≤ 2×',
    slowest <= 2 * alone.importMs,
  );
  const worstRead = Math.max(...withStreams.map((s) => s.read.p99));
  row(
    'import-read',
    `import: another user's read p99 during it, with the streams open / alone`,
    fmt.ms(worstRead),
    `alone ${fmt.ms(alone.read.p99)}; ${withStreams.map((s) => `${s.name} ${fmt.ms(s.read.p99)}`).join(', ')}`,
    `${(worstRead / alone.read.p99).toFixed(2)}×`,
    '≤ 2×',
    worstRead <= 2 * alone.read.p99,
  );
  row(
    'import-read-alone',
    `import: another user's read p99 during an import of ${videos} videos, no streams (longest event-loop hold beside)`,
    fmt.ms(alone.read.p99),
    `p50 ${fmt.ms(alone.read.p50)}, ${alone.read.count} reads; loop held ${alone.loop ? fmt.ms(alone.loop.cpuMax) : '–'} at most (CPU)`,
    '–',
    '≤ 100 ms',
    alone.read.p99 <= 100,
  );
}

export function importUnderStreamsSection(result) {
  const { cfg } = result;
  const lines = [
    '### An import with visitors',
    '',
    `One request importing ${fmt.int(cfg.videos)} videos on a fresh instance (Redis read model, --max-old-space-size=${cfg.heapMb}) per scenario; ` +
      `streams: ${fmt.int(cfg.catalogueStreams)} catalogue streams (20 from each of ${cfg.catalogueStreams / 20} loopback addresses) and ${fmt.int(cfg.userStreams)} user streams (10 each), ` +
      `read by a process of their own (\`reading\`) or never read (\`stalled\`); another user reads their likes every ${cfg.readEveryMs} ms, one request at a time.`,
    '',
    '| Scenario | Import | Read p50 / p99 / max | Heap before → highest | Event loop held (CPU / wall) | Per stream (RSS / heap) | Streams saw | Alive |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const s of result.results) {
    lines.push(
      `| ${s.name} | ${fmt.ms(s.importMs)} | ${fmt.ms(s.read.p50)} / ${fmt.ms(s.read.p99)} / ${fmt.ms(s.read.max)} (${s.read.count}) | ` +
        `${mib(s.heapBefore)} → ${mib(s.heapMax)} (+${mib(s.heapGrowth)}) | ${s.loop ? `${fmt.ms(s.loop.cpuMax)} / ${fmt.ms(s.loop.max)}` : '–'} | ` +
        `${s.perStream ? `${(s.perStream.rss / 1024).toFixed(1)} / ${(s.perStream.heapUsed / 1024).toFixed(1)} KiB` : '–'} | ` +
        `${s.streams ? `${fmt.int(s.streams.changes)} changes, ${s.streams.resets} resets, ${s.streams.ended} ends` : '–'} | ${s.alive ? 'yes' : 'NO'} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

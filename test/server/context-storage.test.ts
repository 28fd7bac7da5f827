import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from '../support/server-process';

const DIST = join(__dirname, '..', '..', 'backend', 'dist');

/**
 * In a process of its own (Jest keeps async_hooks on in its own), the compiled contexts a write runs in
 * (http/write-context.ts: the correlation, the committed write, then the command's), as the server
 * nests them: async_hooks track promises while one is open and stop once the last one is done, so that
 * the reads between writes pay nothing for them (shared/context-storage.ts).
 */
const SCRIPT = `
const { executionAsyncId } = require('node:async_hooks');
const { withCorrelation, asCommand, currentCorrelation } = require(${JSON.stringify(join(DIST, 'tracing', 'correlation.js'))});
const { trackingCommittedWrites, recordCommittedWrite, committedPosition } = require(${JSON.stringify(join(DIST, 'errors', 'committed-writes.js'))});
const tracked = async () => { await null; return executionAsyncId() !== 0; };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const write = (id, ms) => {
  const request = { raw: {} };
  return withCorrelation(id, () => trackingCommittedWrites(request, () => asCommand('LikeVideo', async () => {
    await pause(ms);
    recordCommittedWrite(7n);
    return { correlation: currentCorrelation().correlationId, duringWrite: await tracked(), request };
  })));
};
(async () => {
  const before = await tracked();
  const [slow, fast] = await Promise.all([write('slow', 30), write('fast', 1)]);
  const after = await tracked();
  const again = await write('again', 1);
  console.log(JSON.stringify({
    before, after, afterAgain: await tracked(),
    slow: slow.correlation, fast: fast.correlation, again: again.correlation,
    duringWrite: slow.duringWrite && fast.duringWrite && again.duringWrite,
    committed: String(committedPosition(slow.request)),
  }));
})();
`;

describe('the write contexts in a process of its own', () => {
  beforeAll(() => ensureBuilt(join(DIST, 'tracing', 'correlation.js')));

  test('promises are tracked only while a write is at work; overlapping writes keep their own correlation', () => {
    const out = JSON.parse(execFileSync(process.execPath, ['-e', SCRIPT], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(out).toEqual({
      before: false,
      after: false,
      afterAgain: false,
      slow: 'slow',
      fast: 'fast',
      again: 'again',
      duringWrite: true,
      committed: '7',
    });
  });
});

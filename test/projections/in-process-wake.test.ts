import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../backend/src/config/app-config';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { Projector } from '../../backend/src/projections/projector';
import { ExclusiveLeases } from '../../backend/src/projector-leases/projector-lease';
import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';
import { ensureBuilt } from '../support/server-process';

// A write answers once the read model shows it (README, read-your-writes). An append made by this process
// must reach the projector's subscription, and so the waiting request, without waiting for the store's poll,
// which is only how appends of other processes are noticed (bench/RESULTS.md, Writes). Here the store polls
// once a minute and every wait gives up after 20 s: only the in-process notification can answer in time.
const POLL_MS = 60_000;
const WAIT_MS = 20_000;

describe('an append of this process wakes the projector and the read-your-writes waiter, not the poll', () => {
  let dir: string;
  let store: SqliteEventStore;
  let readModel: MemoryReadModel;
  let projector: Projector;

  beforeAll(() => ensureBuilt(), 120_000); // the append worker runs compiled

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-wake-'));
    store = SqliteEventStore.open(join(dir, 'events.sqlite'), { pollIntervalMs: POLL_MS });
    readModel = new MemoryReadModel();
    const config = { projector: 'auto', readYourWritesTimeoutMs: WAIT_MS } as AppConfig;
    projector = new Projector(store, readModel, new ExclusiveLeases(), config);
    await projector.start();
  });

  afterEach(async () => {
    await projector.onModuleDestroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const like = (userId: string, videoId: string, expected: 'no_stream' | number) =>
    store.appendToStream(`likes-${userId}`, [{ type: 'VideoLiked', data: { userId, videoId } }], expected);

  it('one write: the projector applies it and its waiter resolves, with a one-minute poll', async () => {
    // Let the subscription read the (empty) log and wait for the next append.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { position } = await like('u1', 'v1', 'no_stream');
    await expect(projector.waitFor(position, 'u1')).resolves.toBeUndefined();
    await expect(readModel.list('u1', 'likes')).resolves.toEqual(['v1']);
    expect(projector.checkpoint).toBe(position);
  }, 30_000);

  it('writes in a row and side by side: every one is shown to its waiter, none lost', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let i = 0; i < 5; i++) {
      const { position } = await like('u1', `v${i}`, i === 0 ? 'no_stream' : i - 1);
      await projector.waitFor(position, 'u1');
      expect(await readModel.list('u1', 'likes')).toContain(`v${i}`);
    }
    // Ten writers at once: their events may reach the projector in one batch or several.
    const results = await Promise.all(Array.from({ length: 10 }, (_, k) => like(`w${k}`, 'v1', 'no_stream')));
    await Promise.all(results.map(({ position }, k) => projector.waitFor(position, `w${k}`)));
    for (let k = 0; k < 10; k++) expect(await readModel.list(`w${k}`, 'likes')).toEqual(['v1']);
    expect(projector.checkpoint).toBe(results.reduce((max, { position }) => (position > max ? position : max), 0n));
  }, 60_000);
});

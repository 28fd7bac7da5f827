import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../backend/src/config/app-config';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { Projector } from '../../backend/src/projections/projector';
import type { ProjectorLeases } from '../../backend/src/projector-leases/projector-lease';
import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';

/**
 * Leases of two partitions whose `acquire` answers only when the test says so: the moment between
 * asking for a lease and getting it is where a stop used to slip through.
 */
function gatedLeases() {
  const pending: ((granted: boolean) => void)[] = [];
  const released: number[] = [];
  const leases: ProjectorLeases = {
    holderId: 'me',
    ttlMs: 300,
    partitions: 2,
    lease: (partition) => ({
      holderId: 'me',
      ttlMs: 300,
      acquire: () => new Promise<boolean>((resolve) => pending.push(resolve)),
      renew: async () => true,
      release: async () => void released.push(partition),
      close: async () => {},
    }),
    heartbeat: async () => ['me'],
    leave: async () => {},
    close: async () => {},
  };
  return { leases, pending, released };
}

test('a stop while a partition lease is being acquired ends with no partition projected and the lease given back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-projector-stop-'));
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const { leases, pending, released } = gatedLeases();
  const projector = new Projector(store, new MemoryReadModel(), leases, loadConfig({ DATA_DIR: dir }));
  try {
    await projector.start();
    // The supervisor asks for partition 0's lease and waits for the answer.
    for (let i = 0; i < 100 && pending.length === 0; i++) await sleep(10);
    expect(pending).toHaveLength(1);

    const stopping = projector.onModuleDestroy();
    pending[0]!(true); // granted just after the stop began
    await stopping;

    // Nothing projects after the stop, so closing the store leaves no loop retrying on it for ever.
    expect(projector.heldPartitions).toEqual([]);
    expect(released).toContain(0);
    expect(pending).toHaveLength(1); // and the stopped supervisor asked for no other lease
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

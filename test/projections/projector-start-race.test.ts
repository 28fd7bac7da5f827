import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../backend/src/config/app-config';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { projectEvent } from '../../backend/src/projections/user-lists.projection';
import { Projector } from '../../backend/src/projections/projector';
import type { ProjectorLeases } from '../../backend/src/projector-leases/projector-lease';
import { MemoryReadModel } from '../../backend/src/read-model/memory/memory-read-model';

/** Leases another live instance holds: this one projects nothing itself, as the third of three starting together. */
const heldElsewhere: ProjectorLeases = {
  holderId: 'me',
  ttlMs: 1000,
  partitions: 1,
  lease: () => ({
    holderId: 'me',
    ttlMs: 1000,
    acquire: async () => false,
    renew: async () => false,
    release: async () => {},
    close: async () => {},
  }),
  heartbeat: async () => ['other', 'me'],
  leave: async () => {},
  close: async () => {},
};

// Three instances starting on one fresh store: while this one checks its read model against the store,
// another appends (the guest's signup) and projects it. A checkpoint read then is past a head read just
// before; that is not a replaced store, and must not send this instance rebuilding into a namespace of its
// own (it waited there for the others, who project into the old one, until the 60 s start-up gave up).
test('a checkpoint that moved past the head while the two were read is not taken for a replaced store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'techtube-projector-start-'));
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const readModel = new MemoryReadModel();
  let appendedMeanwhile = false;
  const checkpoint = readModel.checkpoint.bind(readModel);
  readModel.checkpoint = async () => {
    if (!appendedMeanwhile) {
      appendedMeanwhile = true;
      // The other instance's append and its projection land while this read is on its way.
      const data = {
        userId: 'u1',
        email: 'a@example.com',
        passwordHash: 'x',
        firstName: 'A',
        lastName: 'B',
        createdAt: '2026-11-25T10:00:00Z',
      };
      await store.appendToStream('user-u1', [{ type: 'UserSignedUp', data }], 'no_stream');
      const [event] = await store.readStream('user-u1');
      await readModel.apply(projectEvent(event!), event!.position);
    }
    return checkpoint();
  };
  let startedAfresh = false;
  const startAfresh = readModel.startAfresh.bind(readModel);
  readModel.startAfresh = async () => ((startedAfresh = true), startAfresh());
  const projector = new Projector(store, readModel, heldElsewhere, loadConfig({ DATA_DIR: dir }));
  try {
    await projector.start();
    expect(startedAfresh).toBe(false);
    expect(await readModel.followedStoreId()).toBe(await store.storeId());
  } finally {
    await projector.onModuleDestroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

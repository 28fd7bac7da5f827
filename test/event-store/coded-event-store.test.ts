import type { EventStoreDBClient } from '@eventstore/db-client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodedEventStore } from '../../backend/src/event-store/coded-event-store';
import { EventStore } from '../../backend/src/event-store/event-store.port';
import { EventStoreDbEventStore } from '../../backend/src/event-store/eventstoredb/eventstoredb-event-store';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { AppEventCodec } from '../../backend/src/personal-data/app-event-codec';
import { SqliteKeyStore } from '../../backend/src/personal-data/sqlite-key-store';
import { FakeEsdbClient } from '../support/fake-esdb-client';

/**
 * The app's event store (sealed personal fields, versioned events) over each adapter: SQLite, and
 * EventStoreDB through its fake client (no server here). What the adapter stores is checked raw.
 */
const ADAPTERS: [string, (dir: string) => EventStore][] = [
  ['SQLite', (dir) => SqliteEventStore.open(join(dir, 'events.sqlite'))],
  ['EventStoreDB over a fake client', () => new EventStoreDbEventStore(new FakeEsdbClient() as unknown as EventStoreDBClient)],
];

describe.each(ADAPTERS)('the app’s event store over %s', (_name, openRaw) => {
  let dir: string;
  let raw: EventStore;
  let keys: SqliteKeyStore;
  let store: EventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-coded-'));
    raw = openRaw(dir);
    keys = new SqliteKeyStore(join(dir, 'keys.sqlite'));
    store = new CodedEventStore(raw, new AppEventCodec(keys), () => keys.close());
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const profile = {
    userId: 'u-1',
    email: 'ada@example.com',
    passwordHash: 'scrypt$1$2',
    firstName: 'Ada',
    lastName: 'Lovelace',
    createdAt: 't',
  };

  test('personal fields are stored sealed, read back open (stream reads and the subscription), and unreadable once the key is destroyed', async () => {
    await store.appendToStream('user-u-1', [{ type: 'UserSignedUp', data: profile }], 'no_stream');
    await store.appendToStream('likes-u-1', [{ type: 'VideoLiked', data: { userId: 'u-1', videoId: 'v' } }], 'no_stream');
    const [stored] = await raw.readStream('user-u-1');
    for (const plain of ['ada@example.com', 'scrypt$1$2', 'Ada', 'Lovelace'])
      expect(JSON.stringify([stored!.data, stored!.metadata])).not.toContain(plain);
    expect(stored!.metadata).toMatchObject({ schemaVersion: 1, personal: { subject: 'u-1' } });
    expect((await store.readStream('user-u-1'))[0]!.data).toEqual(profile);
    const stop = new AbortController();
    for await (const batch of store.subscribeToAll({ signal: stop.signal })) {
      expect(batch.find((e) => e.type === 'UserSignedUp')?.data).toEqual(profile);
      stop.abort();
    }

    await keys.destroy('u-1');
    expect((await store.readStream('user-u-1'))[0]!.data).toEqual({ userId: 'u-1', createdAt: 't', erased: true });
    expect((await store.readStream('likes-u-1'))[0]!.data).toEqual({ userId: 'u-1', videoId: 'v' });
    await expect(store.appendToStream('user-u-1', [{ type: 'UserSignedUp', data: profile }], 'any')).rejects.toThrow(/destroyed/);
  });

  test('a VideoWatched of version 1 (no watch time, no version) is read as version 2; new ones are stored at version 2', async () => {
    await raw.appendToStream('history-u-1', [{ type: 'VideoWatched', data: { userId: 'u-1', videoId: 'old' } }], 'no_stream');
    await store.appendToStream('history-u-1', [{ type: 'VideoWatched', data: { userId: 'u-1', videoId: 'new', watchedAt: 'w' } }], 0);
    const [old, fresh] = await store.readStream('history-u-1');
    expect(old!.data).toEqual({ userId: 'u-1', videoId: 'old', watchedAt: old!.createdAt });
    expect(fresh!.data).toEqual({ userId: 'u-1', videoId: 'new', watchedAt: 'w' });
    expect((await raw.readStream('history-u-1')).map((e) => e.metadata.schemaVersion)).toEqual([undefined, 2]);
  });
});

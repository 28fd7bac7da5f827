import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { openAppStore } from '../support/app-store';
import { readLists } from '../support/library-actions';
import { exportedToday, rebuildInMemory, recordedPartsOf, snapshot, withNewerLists } from '../support/read-model-snapshot';

/**
 * test/fixtures/store-v1 holds an events.sqlite written by the commit before versioned events and
 * encrypted profiles (3aa45b9, by generate.fixture.test.ts: the guest and two users, plaintext
 * profiles, UUIDv5 ids, VideoWatched of version 1) and what that version served from it. Today's
 * code reads it through the same codec as any store (upcasters, no sealed fields to open): the same
 * read model, the same logins, lists and export, with no migration.
 */
const FIXTURE = join(__dirname, '..', 'fixtures', 'store-v1');
const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8'));

describe('a store written before event versions and encrypted profiles (store-v1)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-store-v1-'));
    cpSync(join(FIXTURE, 'events.sqlite'), join(dir, 'events.sqlite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('replays to exactly the read model the previous version built', async () => {
    const store = openAppStore(dir);
    const { model, userIds } = await rebuildInMemory(store);
    const recorded = withNewerLists(expected.readModel);
    expect(recordedPartsOf(JSON.parse(JSON.stringify(await snapshot(model, userIds))), recorded)).toEqual(recorded);
    await store.close();
  });

  test('the app on it logs its users in and serves the same lists and export; the emails stay taken', async () => {
    const app = await startApp({ dataDir: dir });
    try {
      for (const { email, password } of expected.users) {
        const login = await new ApiClient(app.url).post('/auth/login', { email, password });
        expect(login.status).toBe(200);
        const client = new ApiClient(app.url, login.body.encodedToken);
        expect(await readLists(client)).toEqual(expected.lists[email]);
        const { exportedAt: _at, profile: _p, activity: _a, ...exported } = (await client.get('/user/export')).body;
        expect(exported).toEqual(exportedToday(expected.exports[email]));
        expect((await new ApiClient(app.url).post('/auth/signup', { email, password: 'someone-else-1' })).status).toBe(422);
      }
      // New events are stamped with their type's version; the old ones have none (version 1) and read as today's shape.
      const login = await new ApiClient(app.url).post('/auth/login', expected.users[0]);
      const client = new ApiClient(app.url, login.body.encodedToken);
      const [video] = (await client.get('/videos')).body.videos;
      await client.delete('/user/history/all');
      expect((await client.post('/user/history', { video: { _id: video._id } })).status).toBe(201);
      const raw = SqliteEventStore.open(join(dir, 'events.sqlite'));
      const stored = (await raw.readStream(`history-${login.body.foundUser._id}`)).filter((e) => e.type === 'VideoWatched');
      await raw.close();
      expect(stored.map((e) => e.metadata.schemaVersion)).toEqual([...stored.slice(1).map(() => undefined), 2]);
      const read = (await app.store.readStream(`history-${login.body.foundUser._id}`)).filter((e) => e.type === 'VideoWatched');
      for (const event of read) expect(event.data).toMatchObject({ watchedAt: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { openAppStore } from '../support/app-store';
import { readLists } from '../support/library-actions';
import { exportedToday, rebuildInMemory, recordedPartsOf, snapshot, withNewerLists } from '../support/read-model-snapshot';

/**
 * test/fixtures/store-before-lists holds an events.sqlite written by the commit before the lists
 * were defined once (53adc63: three users, 367 events of every stored type, from 450 random API
 * actions with undos and imports) and what that version served from it. Stored events never
 * change shape, so this code must replay the same store to the same read model, with no migration.
 */
const FIXTURE = join(__dirname, '..', 'fixtures', 'store-before-lists');
const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8'));

describe('a store written before the lists were defined once', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-old-store-'));
    cpSync(join(FIXTURE, 'events.sqlite'), join(dir, 'events.sqlite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('replays to exactly the read model the previous version built', async () => {
    // Read as the app reads it (VideoWatched of version 1 upcast), as a replay of the app would.
    const store = openAppStore(dir);
    const { model, userIds } = await rebuildInMemory(store);
    const recorded = withNewerLists(expected.readModel);
    expect(recordedPartsOf(JSON.parse(JSON.stringify(await snapshot(model, userIds))), recorded)).toEqual(recorded);
    await store.close();
  });

  test('the app on it serves the same lists and export, and commands (undo included) go on from there', async () => {
    const app = await startApp({ dataDir: dir });
    try {
      for (const { email, password } of expected.users) {
        const login = await new ApiClient(app.url).post('/auth/login', { email, password });
        const client = new ApiClient(app.url, login.body.encodedToken);
        expect(await readLists(client)).toEqual(expected.lists[email]);
        // The library part: the profile and timeline were not in the export then, nor subscriptions.
        const { exportedAt: _at, profile: _p, activity: _a, ...exported } = (await client.get('/user/export')).body;
        expect(exported).toEqual(exportedToday(expected.exports[email]));
        // The old events are folded by today's deciders: an undo and a new like are decided on them.
        expect([200, 404]).toContain((await client.post('/user/undo')).status);
        const { likes } = await readLists(client);
        const unliked = (await client.get('/videos')).body.videos.find((v: { _id: string }) => !likes.includes(v._id));
        expect((await client.post('/user/likes', { video: { _id: unliked._id } })).status).toBe(201);
        expect((await client.post('/user/likes', { video: { _id: unliked._id } })).status).toBe(409);
      }
    } finally {
      await app.close();
    }
  });
});

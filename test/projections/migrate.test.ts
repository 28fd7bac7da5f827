import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../backend/src/config/app-config';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { migrateStore } from '../../backend/src/migrate/migrate-store';
import { comparable, verifyMigration } from '../../backend/src/migrate/verify-migration';
import { EmailIndex } from '../../backend/src/personal-data/email-index';
import { userIdForEmail } from '../../backend/src/shared/user-id';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';
import { openAppStore } from '../support/app-store';
import { readLists } from '../support/library-actions';
import { rebuildInMemory, recordedPartsOf, snapshot, withNewerListsOf } from '../support/read-model-snapshot';

const FIXTURE = join(__dirname, '..', 'fixtures', 'store-v1');
const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8'));

describe('npm run migrate: a store of the previous form copied into the new form', () => {
  let dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  test('replaying the new store gives each user the old read model (modulo ids), their profile sealed, their logins working', async () => {
    const [from, to] = [mkdtempSync(join(tmpdir(), 'migrate-from-')), mkdtempSync(join(tmpdir(), 'migrate-to-'))];
    dirs.push(from, to);
    cpSync(join(FIXTURE, 'events.sqlite'), join(from, 'events.sqlite'));
    const config = loadConfig({ DATA_DIR: to });
    const source = SqliteEventStore.open(join(from, 'events.sqlite'));
    const target = openAppStore(to);
    const report = await migrateStore(source, target, new EmailIndex(config.emailIndexSecret));
    await source.close();
    expect(report).toMatchObject({ events: 25, users: 3 });

    const { model, userIds } = await rebuildInMemory(target);
    await target.close();
    const back = new Map([...report.ids].map(([old, fresh]) => [fresh, old]));
    expect(userIds.map((id) => back.get(id)).sort()).toEqual(Object.keys(expected.readModel.users).sort());
    const migrated = await snapshot(model, userIds);
    for (const id of userIds) {
      expect(id).not.toBe(back.get(id));
      // Lists added after the fixture was written (subscriptions) are empty for its users.
      const recorded = withNewerListsOf(expected.readModel.users[back.get(id)!]);
      expect(comparable(recordedPartsOf(migrated.users[id], recorded), back)).toEqual(comparable(recorded, back));
    }

    // Personal data sealed: no email or name of the fixture anywhere in the new data directory.
    const bytes = readdirSync(to).map((name) => readFileSync(join(to, name)).toString('latin1').toLowerCase());
    for (const needle of ['grace.hopper@example.com', 'linus@example.org', 'hopper', 'torvalds', 'scrypt$']) {
      expect({ needle, found: bytes.some((b) => b.includes(needle)) }).toEqual({ needle, found: false });
    }

    const app = await startApp({ dataDir: to });
    try {
      for (const { email, password } of expected.users) {
        const login = await new ApiClient(app.url).post('/auth/login', { email, password });
        expect(login.status).toBe(200);
        expect(login.body.foundUser._id).not.toBe(userIdForEmail(email));
        const { playlists, ...lists } = await readLists(new ApiClient(app.url, login.body.encodedToken));
        const { playlists: oldPlaylists, ...oldLists } = expected.lists[email];
        expect({ ...lists, playlists: playlists.length }).toEqual({ ...oldLists, playlists: oldPlaylists.length });
        expect((await new ApiClient(app.url).post('/auth/signup', { email, password: 'someone-else-1' })).status).toBe(422);
      }
    } finally {
      await app.close();
    }
  });

  test('the check of `--verify` finds every user equal in a faithful copy, and names the user whose read model differs', async () => {
    const [from, to] = [mkdtempSync(join(tmpdir(), 'migrate-from-')), mkdtempSync(join(tmpdir(), 'migrate-to-'))];
    dirs.push(from, to);
    cpSync(join(FIXTURE, 'events.sqlite'), join(from, 'events.sqlite'));
    const source = SqliteEventStore.open(join(from, 'events.sqlite'));
    const target = openAppStore(to);
    const report = await migrateStore(source, target, new EmailIndex(loadConfig({ DATA_DIR: to }).emailIndexSecret), {
      eventsPerCommit: 4,
    });
    const original = openAppStore(from); // read as the app reads it: nothing sealed, events upcast
    try {
      expect(await verifyMigration(original, target)).toEqual({ users: 3, mismatches: [] });

      const [old, fresh] = [...report.ids][0]!;
      await target.appendToStream(`likes-${fresh}`, [{ type: 'VideoLiked', data: { userId: fresh, videoId: 'not-liked-before' } }], 'any');
      expect(await verifyMigration(original, target)).toEqual({ users: 3, mismatches: [`${old}: lists, activity differ`] });
    } finally {
      await Promise.all([source.close(), original.close(), target.close()]);
    }
  });
});

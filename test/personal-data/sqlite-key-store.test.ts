import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_KEY_BYTES, SubjectErasedError } from '../../backend/src/personal-data/key-store.port';
import { SqliteKeyStore } from '../../backend/src/personal-data/sqlite-key-store';

/** The embedded key store makes the keys asked for in one tick together (one transaction): each asker must still get exactly its subject's key. */
describe('SqliteKeyStore: keys asked for together', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-keys-'));
    file = join(dir, 'keys.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('each subject gets one key, the same for every asker and after reopening the file', async () => {
    const keys = new SqliteKeyStore(file);
    const subjects = Array.from({ length: 300 }, (_, i) => `subject-${i}`);
    const given = await Promise.all([...subjects, ...subjects].map((subject) => keys.keyFor(subject)));
    const [first, second] = [given.slice(0, subjects.length), given.slice(subjects.length)];
    expect(second).toEqual(first);
    expect(first.every((key) => key.length === DATA_KEY_BYTES)).toBe(true);
    expect(new Set(first.map((key) => key.toString('hex'))).size).toBe(subjects.length);
    await keys.close();

    const reopened = new SqliteKeyStore(file);
    expect(await Promise.all(subjects.map((subject) => reopened.find(subject)))).toEqual(first);
    expect(await reopened.keyFor(subjects[7]!)).toEqual(first[7]);
    await reopened.close();
  });

  test('a subject erased before its group is written is refused; the others of the group get their keys', async () => {
    const keys = new SqliteKeyStore(file);
    const [erased, kept] = [keys.keyFor('erased'), keys.keyFor('kept')];
    await keys.destroy('erased'); // a deletion racing the write that asked for the key
    await expect(erased).rejects.toBeInstanceOf(SubjectErasedError);
    await expect(kept).resolves.toHaveLength(DATA_KEY_BYTES);
    await expect(keys.find('erased')).resolves.toBeUndefined();
    await keys.close();
  });

  test('when the group cannot be written, every asker is answered with the error', async () => {
    const keys = new SqliteKeyStore(file);
    const asked = [keys.keyFor('a'), keys.keyFor('b')];
    await keys.close();
    for (const key of asked) await expect(key).rejects.toThrow(/not open/);
  });
});

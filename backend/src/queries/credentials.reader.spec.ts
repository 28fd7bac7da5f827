import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadStreamOptions } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { streams } from '../events/app-events';
import { EmailIndex } from '../personal-data/email-index';
import { CredentialsReader } from './credentials.reader';

const USER = 'b1f0c3a2-0000-4000-8000-000000000001';
const signedUp = {
  type: 'UserSignedUp',
  data: {
    userId: USER,
    email: 'ada@example.com',
    passwordHash: 'h',
    firstName: 'Ada',
    lastName: 'L',
    createdAt: '2024-01-01T00:00:00.000Z',
  },
};
const role = (type: 'OperatorGranted' | 'OperatorRevoked') => ({ type, data: { userId: USER, by: 'cli' } });

describe('CredentialsReader.isOperator: the role as of the store’s latest position, reading only what is new', () => {
  let dir: string;
  let app: SqliteEventStore;
  let tool: SqliteEventStore;
  let reads: ReadStreamOptions[];
  let reader: CredentialsReader;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'credentials-reader-'));
    // Two connections to one file: the app's, and another process's (`npm run operator`).
    app = SqliteEventStore.open(join(dir, 'events.sqlite'));
    tool = SqliteEventStore.open(join(dir, 'events.sqlite'));
    reads = [];
    const readStream = app.readStream.bind(app);
    app.readStream = (stream, options) => (reads.push(options ?? {}), readStream(stream, options));
    reader = new CredentialsReader(app, new EmailIndex('e'.repeat(32)));
  });
  afterEach(async () => {
    await tool.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts a grant and a revoke appended by another connection at the very next call', async () => {
    expect(await reader.isOperator(USER)).toBe(false);
    await tool.appendToStream(streams.user(USER), [signedUp], 'no_stream');
    expect(await reader.isOperator(USER)).toBe(false);
    await tool.appendToStream(streams.user(USER), [role('OperatorGranted')], 0);
    expect(await reader.isOperator(USER)).toBe(true);
    expect(await reader.isOperator(USER)).toBe(true);
    await tool.appendToStream(streams.user(USER), [role('OperatorRevoked')], 1);
    expect(await reader.isOperator(USER)).toBe(false);
    await tool.appendToStream(streams.user(USER), [{ type: 'AccountDeleted', data: { userId: USER } }], 2);
    expect(await reader.isOperator(USER)).toBe(false);
    // Each call read from the revision after the one it had folded, never the whole stream again.
    expect(reads.map((options) => options.fromRevision)).toEqual([0, 0, 1, 2, 2, 3]);
  });
});

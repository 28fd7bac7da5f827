import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppendResult, StreamAppend } from '../../backend/src/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { generateActivity } from '../support/event-generator';
import { ensureBuilt } from '../support/server-process';

const ROOT = join(__dirname, '..', '..');
const MIGRATE = join(ROOT, 'backend', 'dist', 'entry-points', 'migrate.main.js');

/** About `events` generated events in the previous form (plaintext profiles, UUIDv5 ids, no versions), written in one batch. */
async function writePreviousFormStore(dir: string, events: number): Promise<{ users: number; events: number }> {
  const appends: StreamAppend[] = [];
  const collect = {
    appendToStream: async (stream: string, events: StreamAppend['events'], expectedRevision: StreamAppend['expectedRevision']) => {
      appends.push({ stream, events, expectedRevision });
      return { nextExpectedRevision: events.length - 1, position: 0n } satisfies AppendResult;
    },
  };
  const generated = await generateActivity(collect, events);
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  await store.appendBatch(appends);
  await store.close();
  return { users: generated.userIds.length, events: generated.events };
}

interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node backend/dist/entry-points/migrate.main.js …args` (what `npm run migrate -- …` runs after building); `killAt`: SIGKILL it when its stderr first matches. */
function migrate(args: string[], killAt?: RegExp): Promise<Run> {
  const child = spawn(process.execPath, [MIGRATE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
    if (killAt?.test(stderr)) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

describe('npm run migrate, the command: a copy is published only once complete', () => {
  let dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `migrate-${name}-`));
    dirs.push(dir);
    return dir;
  };
  beforeAll(() => ensureBuilt(MIGRATE));
  afterEach(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  test('killed midway, it leaves only events.sqlite.migrating, which a re-run refuses; started over, it copies and verifies every user', async () => {
    const [from, to] = [tempDir('from'), tempDir('to')];
    // Three commits of 10 000 events: the kill lands after the first, long before the last.
    const generated = await writePreviousFormStore(from, 30_000);

    const killed = await migrate([from, to], /\d+ events copied/);
    expect({ signal: killed.signal, stdout: killed.stdout }).toEqual({ signal: 'SIGKILL', stdout: '' });
    const staging = join(to, 'events.sqlite.migrating');
    expect(existsSync(join(to, 'events.sqlite'))).toBe(false); // an app started on `to` would find no store, not a part of one
    expect(existsSync(staging)).toBe(true);
    const left = statSync(staging);

    const refused = await migrate([from, to]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${staging} is a copy that did not finish`);
    expect(refused.stderr).toContain(`delete ${to}`);
    expect(statSync(staging)).toMatchObject({ size: left.size, mtimeMs: left.mtimeMs });
    expect(existsSync(join(to, 'events.sqlite'))).toBe(false);

    rmSync(to, { recursive: true });
    const done = await migrate([from, to, '--verify']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`migrated ${generated.events} events of ${generated.users} users`);
    expect(done.stdout).toContain(`verified: the read model of each of the ${generated.users} users is the same in the copy`);
    // Published whole: no staging file, and no write-ahead log holding commits the file lacks.
    expect(readdirSync(to).filter((name) => name.startsWith('events.sqlite'))).toEqual(['events.sqlite']);

    const again = await migrate([from, to]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has an event store');
  }, 180_000);
});

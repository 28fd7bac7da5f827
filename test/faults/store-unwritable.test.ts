import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ApiClient } from '../support/api-client';
import { RunningApp, startApp } from '../support/app';

/**
 * Fault: the event store cannot take writes — the disk is full (a 16 MB tmpfs filled up) or
 * its files are read-only (`chattr +i`: root ignores file modes, not the immutable flag).
 * Expected: every write answers 503 with the catalogue's STORE_UNAVAILABLE message, reads keep
 * working (lists, catalogue, login), nothing is half-written (head position, lists, and the
 * file's integrity), and once the fault is removed writes work again, on this process and after
 * a restart. Both faults need root (mount, chattr); without it the scenario is skipped with the
 * reason printed.
 */

const UNAVAILABLE = 'Changes cannot be saved right now. Try again later.';
const [V1, V2, V3] = ['BJrsmM6aEYE', 'pa2J3liXvuA', 'OlapSPEs5YI'];
const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id);

function tryRun(command: string, args: string[]): string | undefined {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    return (e.stderr?.toString().trim() || e.message).split('\n')[0];
  }
}

/** Fills the file system holding `dir` with one file, until the kernel answers ENOSPC. */
function fill(file: string): number {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  // The last partial blocks: smaller writes until not even one byte fits.
  const small = openSync(file, 'a');
  try {
    for (const size of [4096, 512, 1]) {
      try {
        for (;;) written += writeSync(small, Buffer.alloc(size, 0x5a));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(small);
  }
  return written;
}

interface Fault {
  readonly name: string;
  /** Why it cannot run here, or undefined. */
  available(): string | undefined;
  /** A data directory on the medium (set up once). */
  prepare(): string;
  inject(dataDir: string): void;
  remove(dataDir: string): void;
  cleanup(): void;
}

const root = mkdtempSync(join(tmpdir(), 'techtube-unwritable-'));

const diskFull: Fault = (() => {
  const mountPoint = join(root, 'tmpfs');
  let mounted = false;
  return {
    name: 'the disk is full (16 MB tmpfs filled up)',
    available() {
      mkdirSync(mountPoint, { recursive: true });
      const failure = tryRun('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', mountPoint]);
      if (failure) return `mount -t tmpfs failed (${failure}): needs root with CAP_SYS_ADMIN`;
      mounted = true;
      return undefined;
    },
    prepare: () => join(mountPoint, 'data'),
    inject: () => void fill(join(mountPoint, 'filler')),
    remove: () => rmSync(join(mountPoint, 'filler'), { force: true }),
    cleanup() {
      if (mounted) tryRun('umount', ['-l', mountPoint]);
      mounted = false;
    },
  };
})();

const readOnlyFiles: Fault = (() => {
  const dir = join(root, 'immutable', 'data');
  const files = (dataDir: string) => ['events.sqlite', 'events.sqlite-wal'].map((f) => join(dataDir, f)).filter((f) => existsSync(f));
  let locked: string[] = [];
  return {
    name: 'the store files are read-only (chattr +i on the database and its WAL)',
    available() {
      mkdirSync(dir, { recursive: true });
      const probe = join(dir, 'probe');
      closeSync(openSync(probe, 'w'));
      const failure = tryRun('chattr', ['+i', probe]);
      tryRun('chattr', ['-i', probe]);
      rmSync(probe, { force: true });
      return failure ? `chattr +i failed (${failure}): needs root and a file system with the immutable flag` : undefined;
    },
    prepare: () => dir,
    inject(dataDir) {
      locked = files(dataDir);
      for (const f of locked) execFileSync('chattr', ['+i', f]);
    },
    remove() {
      for (const f of locked) tryRun('chattr', ['-i', f]);
      locked = [];
    },
    cleanup() {
      this.remove('');
    },
  };
})();

afterAll(() => {
  for (const fault of [diskFull, readOnlyFiles]) fault.cleanup();
  rmSync(root, { recursive: true, force: true });
});

describe.each([diskFull, readOnlyFiles])('fault: $name', (fault) => {
  let skip: string | undefined;
  let dataDir: string;
  let server: RunningApp | undefined;

  beforeAll(() => {
    skip = fault.available();
    if (skip) console.log(`SKIPPED "${fault.name}": ${skip}`);
    else dataDir = fault.prepare();
  });
  afterAll(async () => {
    await server?.close();
    if (!skip) fault.remove(dataDir);
  });

  test('writes answer 503 with a clear message, reads keep working, nothing is half-written, and writes recover', async () => {
    if (skip) return;
    server = await startApp({ dataDir });
    const api = new ApiClient(server.url);
    const { client, email } = await api.signUpUser('Unwritable');
    expect((await client.post('/user/likes', { video: { _id: V1 } })).status).toBe(201);
    const playlistId = (await client.post('/user/playlists', { playlist: { title: 'Before the fault' } })).body.playlists[0]._id;
    const lists = async () => ({
      likes: (await client.get('/user/likes')).body,
      history: (await client.get('/user/history')).body,
      playlists: (await client.get('/user/playlists')).body,
      playlist: (await client.get(`/user/playlists/${playlistId}`)).body,
    });
    const before = { head: await server.store.headPosition(), lists: await lists() };

    const writes: Array<[string, () => Promise<{ status: number; body: unknown; headers: Headers }>]> = [
      ['like', () => client.post('/user/likes', { video: { _id: V2 } })],
      ['unlike', () => client.delete(`/user/likes/${V1}`)],
      ['watch later', () => client.post('/user/watchlater', { video: { _id: V2 } })],
      ['history', () => client.post('/user/history', { video: { _id: V3 } })],
      ['create playlist', () => client.post('/user/playlists', { playlist: { title: 'During the fault' } })],
      ['add to playlist', () => client.post(`/user/playlists/${playlistId}`, { video: { _id: V2 } })],
      ['delete playlist', () => client.delete(`/user/playlists/${playlistId}`)],
      ['signup', () => api.post('/auth/signup', { firstName: 'New', email: `new-${Date.now()}@example.com`, password: 'password123' })],
    ];
    fault.inject(dataDir);
    try {
      for (const [name, write] of writes) {
        const res = await write();
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 503,
          body: { errors: [UNAVAILABLE], error: UNAVAILABLE },
        });
        expect(res.headers.get('retry-after')).toBe('1');
      }
      // Reads keep working, from the read model and from the store itself (login reads the user's stream).
      expect(await lists()).toEqual(before.lists);
      expect((await api.get('/videos')).status).toBe(200);
      expect((await api.post('/auth/login', { email, password: 'password123' })).status).toBe(200);
      // Nothing half-written: no event was appended by any failed write.
      expect(await server.store.headPosition()).toBe(before.head);
    } finally {
      fault.remove(dataDir);
    }

    // The fault is gone: the same process writes again, and each write is there exactly once.
    const liked = await client.post('/user/likes', { video: { _id: V2 } });
    expect(liked.status).toBe(201);
    expect(ids(liked.body.likes)).toEqual([V1, V2]);
    expect((await client.post(`/user/playlists/${playlistId}`, { video: { _id: V3 } })).status).toBe(201);
    const after = await lists();
    await server.close();
    server = undefined;

    // The file is intact and holds exactly the writes that were acknowledged.
    const db = new Database(join(dataDir, 'events.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    server = await startApp({ dataDir });
    const again = new ApiClient(server.url, client.token);
    expect(ids((await again.get('/user/likes')).body.likes)).toEqual([V1, V2]);
    expect((await again.get(`/user/playlists/${playlistId}`)).body).toEqual(after.playlist);
    expect((await again.get('/user/history')).body.history).toEqual([]);
    console.log(`store unwritable (${fault.name}): ${writes.length} kinds of write refused with 503, 0 half-written, writes recovered`);
  }, 60_000);
});

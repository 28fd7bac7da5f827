import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandRunner } from '../../backend/src/commands/shared/command-runner';
import { likesList as likesDecider } from '../../backend/src/domain/video-set/video-set.list';
import { EventStore, ReadStreamOptions } from '../../backend/src/event-store/event-store.port';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { Snapshot, SnapshotStore } from '../../backend/src/snapshots/snapshot-store.port';
import { SqliteSnapshotStore } from '../../backend/src/snapshots/sqlite-snapshot-store';

/**
 * Snapshots keep the first command after a restart cheap on a long stream, and can never make it
 * decide wrongly: a snapshot that does not check out is ignored. Real SQLite files throughout; a
 * "restart" is a new runner (empty cache) on the same files.
 */
const SNAPSHOT_EVERY = 50;
const stream = 'likes-u1';
const key = `likes:${stream}`;
const like = (videoId: string) => ({ type: 'AddVideo' as const, userId: 'u1', videoId });
const unlike = (videoId: string) => ({ type: 'RemoveVideo' as const, userId: 'u1', videoId });

/** The same store, counting how many events commands read from it. */
function counting(store: EventStore): { store: EventStore; eventsRead: () => number } {
  let read = 0;
  const wrapped = Object.assign(Object.create(store) as EventStore, {
    readStream: async (s: string, options?: ReadStreamOptions) => {
      const events = await store.readStream(s, options);
      read += events.length;
      return events;
    },
  });
  return { store: wrapped, eventsRead: () => read };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('command runner with snapshots', () => {
  let dir: string;
  let events: SqliteEventStore;
  let snapshots: SqliteSnapshotStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-runner-snapshots-'));
    events = SqliteEventStore.open(join(dir, 'events.sqlite'));
    snapshots = new SqliteSnapshotStore(join(dir, 'snapshots.sqlite'));
  });
  afterEach(async () => {
    await events.close();
    await snapshots.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** 301 events: "keep" liked first, then 150 like/unlike pairs of "churn". */
  async function longStream(runner: CommandRunner): Promise<void> {
    await runner.run(stream, likesDecider, like('keep'));
    for (let i = 0; i < 150; i++) {
      await runner.run(stream, likesDecider, like('churn'));
      await runner.run(stream, likesDecider, unlike('churn'));
    }
  }

  test('after a restart the first command reads only the events since the last snapshot, and decides right', async () => {
    await longStream(new CommandRunner(events, snapshots, SNAPSHOT_EVERY));
    const saved = await until(async () => {
      const s = await snapshots.load(key);
      return s && s.revision >= 300 - SNAPSHOT_EVERY ? s : undefined;
    }, 'a recent snapshot');

    const restarted = counting(events);
    const runner = new CommandRunner(restarted.store, snapshots, SNAPSHOT_EVERY);
    await expect(runner.run(stream, likesDecider, like('keep'))).rejects.toMatchObject({ code: 'ALREADY_LIKED' });
    // The snapshot's own event (to check it) and those after it: not the 301 of the stream.
    expect(restarted.eventsRead()).toBe(301 - saved.revision);
    expect(restarted.eventsRead()).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);

    await runner.run(stream, likesDecider, like('churn'));
    const liked = (await events.readStream(stream)).at(-1);
    expect(liked).toMatchObject({ type: 'VideoLiked', revision: 301, data: { videoId: 'churn' } });
  });

  test('without snapshots the same restart reads the whole stream (what snapshots save)', async () => {
    await longStream(new CommandRunner(events));
    const restarted = counting(events);
    await new CommandRunner(restarted.store).run(stream, likesDecider, like('other'));
    expect(restarted.eventsRead()).toBe(301);
  });

  test.each<[string, (real: Snapshot) => Snapshot]>([
    ['belongs to another store (its event id differs)', (real) => ({ ...real, eventId: 'some-other-event' })],
    ['was written by another codec version', (real) => ({ ...real, version: real.version + 1 })],
    ['holds a state the codec cannot read', (real) => ({ ...real, state: { videoIds: 'keep' } })],
    ['claims a revision the stream does not have', (real) => ({ ...real, revision: 10_000 })],
  ])('a snapshot that %s is ignored and the stream folded from its start', async (_what, spoil) => {
    await longStream(new CommandRunner(events, snapshots, SNAPSHOT_EVERY));
    const real = await until(() => snapshots.load(key), 'a snapshot');
    // A lying snapshot says "nothing liked": if believed, liking "keep" again would be accepted.
    const lies = new SqliteSnapshotStore(join(dir, 'lies.sqlite'));
    await lies.save(key, spoil({ ...real, state: { videoIds: [] } }));

    const restarted = counting(events);
    const runner = new CommandRunner(restarted.store, lies, SNAPSHOT_EVERY);
    await expect(runner.run(stream, likesDecider, like('keep'))).rejects.toMatchObject({ code: 'ALREADY_LIKED' });
    expect(restarted.eventsRead()).toBeGreaterThanOrEqual(301);
    await lies.close();
  });

  test('a snapshot store that fails costs a full read, never a command', async () => {
    writeFileSync(join(dir, 'not-a-dir'), '');
    const broken: SnapshotStore = new SqliteSnapshotStore(join(dir, 'not-a-dir', 'snapshots.sqlite'));
    const runner = new CommandRunner(events, broken, SNAPSHOT_EVERY);
    await longStream(runner);
    await expect(runner.run(stream, likesDecider, like('keep'))).rejects.toMatchObject({ code: 'ALREADY_LIKED' });
    const restarted = counting(events);
    await new CommandRunner(restarted.store, broken, SNAPSHOT_EVERY).run(stream, likesDecider, like('new'));
    expect(restarted.eventsRead()).toBeGreaterThanOrEqual(301);
    expect((await events.readStream(stream)).at(-1)).toMatchObject({ data: { videoId: 'new' } });
    await broken.close();
  });
});

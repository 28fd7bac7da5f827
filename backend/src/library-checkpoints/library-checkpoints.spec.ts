import type { StoredEvent } from '../events/event';
import { findUndoTarget, planUndo, planUndoAt } from '../commands/library/undo-plan';
import type { EventStore, ReadStreamOptions } from '../event-store/event-store.port';
import { foldLibrary, snapshotOf } from '../domain/library/library';
import { EventLog, USER, decideOn, ev } from '../domain/library/library-events.spec-helper';
import type { ReadModel } from '../read-model/read-model.port';
import type { Snapshot, SnapshotStore } from '../snapshots/snapshot-store.port';
import { LibraryCheckpoints } from './library-checkpoints';

/** The store as the checkpoints see it: the log's events with ids, readable a page at a time; counts what is read. */
class LogStore {
  read = 0;
  constructor(
    private readonly log: EventLog,
    private readonly idPrefix = 'e',
    private readonly times: string[] = [],
  ) {}

  private cached: StoredEvent[] = [];

  events(): StoredEvent[] {
    if (this.cached.length === this.log.events.length) return this.cached;
    return (this.cached = this.log.events.map((e, i) => ({
      ...e,
      id: `${this.idPrefix}${e.position}`,
      metadata: {},
      createdAt: this.times[i] ?? e.createdAt,
    })));
  }

  asEventStore(): EventStore {
    return {
      readStream: async (stream: string, { fromRevision = 0, maxCount }: ReadStreamOptions = {}) => {
        const page = this.events()
          .filter((e) => e.streamId === stream && e.revision >= fromRevision)
          .slice(0, maxCount);
        this.read += page.length;
        return page;
      },
      headPosition: async () => this.log.events.at(-1)?.position,
    } as unknown as EventStore;
  }

  readModel(): ReadModel {
    const ids = () => [
      ...new Set(
        this.log.events.flatMap((e) =>
          (e.data as { playlistId?: string }).playlistId ? [(e.data as { playlistId: string }).playlistId] : [],
        ),
      ),
    ];
    return { checkpoint: async () => this.log.events.at(-1)?.position, playlistIdsEver: async () => ids() } as unknown as ReadModel;
  }
}

class MemorySnapshots implements SnapshotStore {
  readonly docs = new Map<string, Snapshot>();
  async drop(keys: readonly string[], prefixes: readonly string[] = []) {
    for (const key of [...this.docs.keys()]) if (keys.includes(key) || prefixes.some((p) => key.startsWith(p))) this.docs.delete(key);
  }
  async load(key: string) {
    return this.docs.get(key);
  }
  async save(key: string, snapshot: Snapshot) {
    const current = this.docs.get(key);
    if (!current || snapshot.revision > current.revision) this.docs.set(key, structuredClone(snapshot));
  }
  async close() {}
}

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const VIDEOS = ['a', 'b', 'c', 'd', 'e'];

/** One plausible user action (or an undo, decided on the whole log as before checkpoints). */
function act(log: EventLog, next: () => number): void {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const library = foldLibrary(log.events);
  const video = pick(VIDEOS);
  const playlists = [...library.playlists].filter(([, p]) => p.status === 'active').map(([id]) => id);
  const playlist = playlists.length > 0 ? pick(playlists) : undefined;
  const choice = Math.floor(next() * 12);
  if (choice <= 1) {
    const plan = planUndo(log.events);
    if (plan) log.append(...decideOn(log, plan.stream, plan.command));
    return;
  }
  if (choice === 2) log.append(library.likes.videos.has(video) ? ev.unliked(video) : ev.liked(video));
  else if (choice === 3) log.append(library.watchlater.videos.has(video) ? ev.unsaved(video) : ev.saved(video));
  else if (choice === 4) log.append(library.history.watched.has(video) ? ev.unwatched(video) : ev.watched(video));
  else if (choice === 5 && library.history.watched.size > 0)
    log.append(next() < 0.5 ? ev.cleared() : ev.removedBefore('2030-01-01T00:00:00Z', [...library.history.watched.keys()].slice(0, 2)));
  else if (choice === 6) log.append(library.history.paused ? ev.resumed() : ev.paused());
  else if (choice === 7 || !playlist) log.append(ev.created(`p${log.events.length}`));
  else if (choice === 8) log.append(ev.deleted(playlist));
  else if (choice === 9) {
    const videos = library.playlists.get(playlist)!.videos;
    log.append(videos.has(video) ? ev.removed(playlist, video) : ev.added(playlist, video));
  } else if (choice === 10) log.append(ev.renamed(playlist, `t${log.events.length}`, next() < 0.5 ? 'd' : undefined));
  else {
    const ids = [...library.playlists.get(playlist)!.videos.keys()];
    if (ids.length > 1) log.append(ev.reordered(playlist, ids[0]!, [...ids.slice(1), ids[0]!]));
    else log.append(ev.added(playlist, video));
  }
}

/** The undo the checkpoints plan, as a comparable value: target, revision expected and the events it decides. */
async function undoVia(checkpoints: LibraryCheckpoints, log: EventLog) {
  const reverted = new Set<string>();
  const { found } = await checkpoints.walkBack(USER, ({ start, events }, marks) => {
    const i = findUndoTarget(events, reverted);
    return i < 0 ? undefined : planUndoAt(start, events, i, marks.get(events[i]!.streamId)!.revision);
  });
  return found && { target: found.target.position, expected: found.expectedRevision, events: decideOn(log, found.stream, found.command) };
}

function undoOfWholeLog(log: EventLog, store: LogStore) {
  const plan = planUndo(store.events());
  return plan && { target: plan.target.position, expected: plan.expectedRevision, events: decideOn(log, plan.stream, plan.command) };
}

describe('library checkpoints give exactly what folding the whole history gives', () => {
  test.each([
    [1, 2],
    [2, 3],
    [3, 5],
    [4, 8],
    [5, 13],
  ])('seed %i, a checkpoint every %i events: now, as of random moments, and the undo plan', async (seed, every) => {
    const next = random(seed);
    const log = new EventLog();
    // A clock that sometimes goes back (another process, a corrected clock): asOf must stay exact.
    const times: string[] = [];
    const store = new LogStore(log, 'e', times);
    const snapshots = new MemorySnapshots();
    const checkpoints = new LibraryCheckpoints(store.asEventStore(), store.readModel(), snapshots, every);
    let clock = Date.parse('2026-01-01T00:00:00.000Z');
    while (log.events.length < 300) {
      const batch = 1 + Math.floor(next() * every * 3);
      for (let i = 0; i < batch; i++) {
        act(log, next);
        while (times.length < log.events.length) {
          clock += next() < 0.05 ? -3 : 1;
          times.push(new Date(clock).toISOString());
        }
      }
      const all = store.events();
      expect(snapshotOf(await checkpoints.current(USER))).toEqual(snapshotOf(foldLibrary(all)));
      for (let probe = 0; probe < 3; probe++) {
        const asOf = new Date(Date.parse(times[Math.floor(next() * times.length)]!) + Math.floor(next() * 3) - 1);
        expect(snapshotOf(await checkpoints.asOf(USER, asOf))).toEqual(snapshotOf(foldLibrary(all, asOf)));
      }
      expect(await undoVia(checkpoints, log)).toEqual(undoOfWholeLog(log, store));
    }
    expect(snapshots.docs.size).toBeGreaterThan(300 / every / 2);
  });

  test('once caught up, a read costs at most one checkpoint interval of events, however long the history', async () => {
    const next = random(7);
    const log = new EventLog();
    const store = new LogStore(log);
    const checkpoints = new LibraryCheckpoints(store.asEventStore(), store.readModel(), new MemorySnapshots(), 50);
    while (log.events.length < 1000) act(log, next);
    await checkpoints.current(USER);
    const streams = new Set(log.events.map((e) => e.streamId)).size;
    store.read = 0;
    await checkpoints.current(USER);
    // The events after the newest checkpoint, and each stream's checked event.
    expect(store.read).toBeLessThanOrEqual(50 + streams);
    store.read = 0;
    await checkpoints.asOf(USER, log.timeOf(400));
    expect(store.read).toBeLessThanOrEqual(2 * (50 + streams) + 32 * streams);
  });

  test('checkpoints of another store (same keys, other event ids) are detected and built again', async () => {
    const next = random(11);
    const log = new EventLog();
    while (log.events.length < 200) act(log, next);
    const snapshots = new MemorySnapshots();
    const first = new LogStore(log, 'first-');
    await new LibraryCheckpoints(first.asEventStore(), first.readModel(), snapshots, 20).current(USER);
    const other = new LogStore(log, 'other-');
    const checkpoints = new LibraryCheckpoints(other.asEventStore(), other.readModel(), snapshots, 20);
    expect(snapshotOf(await checkpoints.current(USER))).toEqual(snapshotOf(foldLibrary(other.events())));
    expect(snapshotOf(await checkpoints.asOf(USER, log.timeOf(50)))).toEqual(snapshotOf(foldLibrary(other.events(), log.timeOf(50))));
    other.read = 0;
    await checkpoints.current(USER);
    expect(other.read).toBeLessThan(100);
  });

  test('without a snapshot store every read is still exact', async () => {
    const next = random(5);
    const log = new EventLog();
    while (log.events.length < 120) act(log, next);
    const store = new LogStore(log);
    const checkpoints = new LibraryCheckpoints(store.asEventStore(), store.readModel(), undefined, 10);
    expect(snapshotOf(await checkpoints.asOf(USER, log.timeOf(60)))).toEqual(snapshotOf(foldLibrary(store.events(), log.timeOf(60))));
    expect(await undoVia(checkpoints, log)).toEqual(undoOfWholeLog(log, store));
  });
});

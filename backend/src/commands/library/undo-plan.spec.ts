import fc from 'fast-check';
import type { AppEvent } from '../../events/app-events';
import { foldLibrary, snapshotOf } from '../../domain/library/library';
import { EventLog, decideOn, ev } from '../../domain/library/library-events.spec-helper';
import { UndoPlan, findUndoTarget, planUndo } from './undo-plan';

/** The events the target list's decider decides for the plan's compensation. */
const decided = (log: EventLog, plan: UndoPlan) => decideOn(log, plan.stream, plan.command);
const undone = (log: EventLog) => decided(log, planUndo(log.events)!);

const lists = (log: EventLog) => {
  const { settings: _settings, ...rest } = snapshotOf(foldLibrary(log.events));
  return rest;
};

/** A library with something in every list, a playlist with an image and a description, and a second playlist. */
function base(): EventLog {
  return new EventLog().append(
    ev.liked('a'),
    ev.liked('b'),
    ev.liked('c'),
    ev.saved('x'),
    ev.saved('y'),
    ev.watched('h1', { watchedAt: '2025-06-01T08:00:00.000Z' }),
    ev.watched('h2'),
    ev.watched('h3'),
    ev.created('p1', 'One', { description: 'first', playlistImg: 'https://example.com/p1.png' }),
    ev.added('p1', 'a'),
    ev.added('p1', 'b'),
    ev.added('p1', 'c'),
    ev.reordered('p1', 'c', ['c', 'a', 'b']),
    ev.created('p2', 'Two'),
  );
}

/** One action of every kind undo knows, each valid on base(). */
const ACTIONS: Record<string, AppEvent> = {
  like: ev.liked('d'),
  unlike: ev.unliked('b'),
  save: ev.saved('z'),
  unsave: ev.unsaved('x'),
  watch: ev.watched('h4'),
  'remove from history': ev.unwatched('h2'),
  'clear history': ev.cleared(),
  'remove history before a date': ev.removedBefore('2026-01-01T00:00:00.007Z', ['h1', 'h2']),
  'create playlist': ev.created('p3'),
  'delete playlist': ev.deleted('p1'),
  'change playlist details': ev.renamed('p1', 'Renamed'),
  reorder: ev.reordered('p1', 'b', ['b', 'c', 'a']),
  'add to playlist': ev.added('p1', 'd'),
  'remove from playlist': ev.removed('p1', 'a'),
};

describe('planUndo', () => {
  test.each(Object.entries(ACTIONS))('undoing "%s" restores the lists the user had before it', (_name, action) => {
    const before = lists(base());
    const log = base().append(action);
    const target = log.events[log.events.length - 1]!;
    const plan = planUndo(log.events)!;
    expect(plan.target).toBe(target);
    expect(plan.stream).toBe(target.streamId);
    expect(plan.expectedRevision).toBe(target.revision);
    const events = decided(log, plan);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ undoes: target.position.toString() });
    log.append(...events);
    expect(lists(log)).toEqual(before);
  });

  test('undo walks back through the actions like a stack, and never undoes an undo', () => {
    const log = base();
    const states = [lists(log)];
    for (const action of [ev.removed('p1', 'a'), ev.reordered('p1', 'b', ['b', 'c']), ev.deleted('p1'), ev.unliked('a')]) {
      log.append(action);
      states.push(lists(log));
    }
    for (let i = states.length - 2; i >= 0; i--) {
      log.append(...undone(log));
      expect(lists(log)).toEqual(states[i]);
    }
  });

  test('settings changes are walked past: the undone action is the last list action', () => {
    const log = base().append(ev.liked('d'), ev.paused(), ev.resumed(), ev.paused());
    expect(planUndo(log.events)!.target.data).toMatchObject({ videoId: 'd' });
    log.append(...undone(log));
    expect(snapshotOf(foldLibrary(log.events))).toMatchObject({ likes: ['a', 'b', 'c'], settings: { historyPaused: true } });
  });

  test('the expected revision is the stream’s newest, even when the target is older in it', () => {
    const log = base().append(ev.liked('d'), ev.paused());
    const plan = planUndo(log.events)!;
    expect(plan.stream).toBe('likes-user-1');
    expect(plan.expectedRevision).toBe(3);
    const history = base().append(ev.watched('h4'), ev.paused());
    expect(planUndo(history.events)).toMatchObject({ stream: 'history-user-1', expectedRevision: 4 });
  });

  test('kept to the videos still in the catalogue, a plan leaves the others out and names them', () => {
    const available = (videoId: string) => videoId !== 'b' && videoId !== 'h2';
    const keptOf = (action: AppEvent) => {
      const log = base().append(action);
      const { command, skipped } = planUndo(log.events)!.command.keeping(available);
      return { log, command, skipped };
    };
    // A single video retired since: nothing is left to put back.
    expect(keptOf(ev.unliked('b'))).toMatchObject({ command: undefined, skipped: ['b'] });
    expect(keptOf(ev.unwatched('h2'))).toMatchObject({ command: undefined, skipped: ['h2'] });
    expect(keptOf(ev.removed('p1', 'b'))).toMatchObject({ command: undefined, skipped: ['b'] });
    // Several: the rest come back, in their places.
    for (const [action, expected] of [
      [ev.cleared(), { history: [expect.objectContaining({ videoId: 'h1' }), expect.objectContaining({ videoId: 'h3' })] }],
      [ev.deleted('p1'), { playlists: [expect.objectContaining({ _id: 'p1', videoIds: ['c', 'a'] }), expect.anything()] }],
    ] as const) {
      const { log, command, skipped } = keptOf(action);
      expect(skipped).toEqual(action.type === 'HistoryCleared' ? ['h2'] : ['b']);
      log.append(...decideOn(log, log.events[log.events.length - 1]!.streamId, command!));
      expect(lists(log)).toMatchObject(expected);
    }
    // An available video, or an action that puts none back, is planned as it was.
    expect(keptOf(ev.unliked('a'))).toMatchObject({ skipped: [] });
    expect(keptOf(ev.liked('b')).command).toBeDefined();
  });

  test('with no list action left (none yet, or all undone) there is nothing to undo', () => {
    expect(planUndo([])).toBeUndefined();
    expect(planUndo(new EventLog().append(ev.paused(), ev.resumed()).events)).toBeUndefined();
    const log = new EventLog().append(ev.liked('a'), ev.saved('b'));
    log.append(...undone(log));
    log.append(...undone(log));
    expect(findUndoTarget(log.events)).toBe(-1);
    expect(lists(log)).toMatchObject({ likes: [], watchlater: [] });
  });
});

const VIDEOS = ['a', 'b', 'c', 'd'];
const PLAYLISTS = ['p', 'q'];
type Step = { kind: number; video: number; playlist: number; index: number };

/** Turns a random step into an action that is valid on the current library, or none. */
function actionFor(log: EventLog, { kind, video, playlist, index }: Step): AppEvent | undefined {
  const library = foldLibrary(log.events);
  const v = VIDEOS[video]!;
  const p = PLAYLISTS[playlist]!;
  const inPlaylist = library.playlists.get(p)?.status === 'active' ? library.playlists.get(p) : undefined;
  const everCreated = log.events.some((e) => e.type === 'PlaylistCreated' && (e.data as { playlistId: string }).playlistId === p);
  switch (kind) {
    case 0:
      return library.likes.videos.has(v) ? ev.unliked(v) : ev.liked(v);
    case 1:
      return library.watchlater.videos.has(v) ? ev.unsaved(v) : ev.saved(v);
    case 2:
      return library.history.watched.has(v) ? ev.unwatched(v) : ev.watched(v);
    case 3:
      return library.history.watched.size > 0 ? ev.cleared() : undefined;
    case 4:
      return library.history.watched.size > 0 ? ev.removedBefore('later', [...library.history.watched.keys()].slice(0, 1)) : undefined;
    case 5:
      if (!inPlaylist) return everCreated ? undefined : ev.created(p);
      return ev.deleted(p);
    case 6:
      if (!inPlaylist) return undefined;
      return inPlaylist.videos.has(v) ? ev.removed(p, v) : ev.added(p, v);
    case 7:
      return inPlaylist ? ev.renamed(p, `title ${index}`, index % 2 ? 'described' : undefined) : undefined;
    default: {
      if (!inPlaylist || !inPlaylist.videos.has(v)) return undefined;
      const order = snapshotOf(library)
        .playlists.find((x) => x._id === p)!
        .videoIds.filter((id) => id !== v);
      order.splice(index % (order.length + 1), 0, v);
      return ev.reordered(p, v, order);
    }
  }
}

test('for random action sequences, each undo restores the lists as they were one action earlier', () => {
  const step = fc.record({
    kind: fc.integer({ min: 0, max: 8 }),
    video: fc.integer({ min: 0, max: VIDEOS.length - 1 }),
    playlist: fc.integer({ min: 0, max: PLAYLISTS.length - 1 }),
    index: fc.nat(5),
  });
  fc.assert(
    fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      const log = new EventLog();
      const states = [lists(log)];
      for (const s of steps) {
        const action = actionFor(log, s);
        if (!action) continue;
        log.append(action);
        states.push(lists(log));
      }
      for (let i = states.length - 2; i >= 0; i--) {
        log.append(...undone(log));
        expect(lists(log)).toEqual(states[i]);
      }
      expect(planUndo(log.events)).toBeUndefined();
    }),
    { numRuns: 200 },
  );
});

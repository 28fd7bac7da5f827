import { EventLog, ev } from './library-events.spec-helper';
import { foldLibrary, snapshotOf } from './library';

const snapshot = (log: EventLog, asOf?: Date) => snapshotOf(foldLibrary(log.events, asOf));

describe('foldLibrary', () => {
  test('lists are oldest first; a removed video is gone and, added again, goes last', () => {
    const log = new EventLog().append(ev.liked('a'), ev.liked('b'), ev.liked('c'), ev.unliked('a'), ev.liked('a'));
    log.append(ev.saved('x'), ev.saved('y'), ev.unsaved('x'));
    expect(snapshot(log)).toMatchObject({ likes: ['b', 'c', 'a'], watchlater: ['y'] });
  });

  test('an addition carrying `order` takes that sort key, so an undone removal is back in its place', () => {
    const log = new EventLog().append(ev.liked('a'), ev.liked('b'), ev.liked('c'), ev.unliked('b'));
    log.append(ev.liked('b', { order: '2' }));
    expect(snapshot(log).likes).toEqual(['a', 'b', 'c']);
  });

  test('history keeps each watch time: the event’s watchedAt, or its createdAt for older events', () => {
    const log = new EventLog().append(ev.watched('a'), ev.watched('b', { watchedAt: '2020-05-01T10:00:00.000Z' }));
    expect(snapshot(log).history).toEqual([
      { videoId: 'a', watchedAt: log.timeOf(1).toISOString() },
      { videoId: 'b', watchedAt: '2020-05-01T10:00:00.000Z' },
    ]);
  });

  test('history: clearing empties it, a removal by date removes the listed videos, a restore puts entries back in place', () => {
    const log = new EventLog().append(
      ev.watched('a'),
      ev.watched('b'),
      ev.watched('c'),
      ev.removedBefore('2026-01-01T00:00:00.002Z', ['a']),
    );
    expect(snapshot(log).history.map((h) => h.videoId)).toEqual(['b', 'c']);
    log.append(ev.cleared());
    expect(snapshot(log).history).toEqual([]);
    log.append({
      type: 'HistoryRestored',
      data: {
        userId: 'user-1',
        undoes: '5',
        entries: [
          { videoId: 'c', watchedAt: 'tc', order: '3' },
          { videoId: 'b', watchedAt: 'tb', order: '2' },
        ],
      },
    });
    expect(snapshot(log).history).toEqual([
      { videoId: 'b', watchedAt: 'tb' },
      { videoId: 'c', watchedAt: 'tc' },
    ]);
  });

  test('pausing and resuming history set the setting; other lists are untouched by them', () => {
    const log = new EventLog().append(ev.watched('a'), ev.paused());
    expect(snapshot(log)).toMatchObject({ settings: { historyPaused: true }, history: [{ videoId: 'a' }] });
    log.append(ev.resumed());
    expect(snapshot(log).settings).toEqual({ historyPaused: false, historyRetention: 'off' });
  });

  test('asOf counts only the events stored at or before it', () => {
    const log = new EventLog().append(ev.liked('a'), ev.liked('b'), ev.unliked('a'), ev.created('p'), ev.added('p', 'a'));
    expect(snapshot(log, new Date(log.timeOf(1).getTime() - 1)).likes).toEqual([]);
    expect(snapshot(log, log.timeOf(2)).likes).toEqual(['a', 'b']);
    expect(snapshot(log, log.timeOf(4))).toMatchObject({ likes: ['b'], playlists: [{ _id: 'p', videoIds: [] }] });
    expect(snapshot(log, log.timeOf(5)).playlists).toEqual([{ _id: 'p', title: 'p', videoIds: ['a'] }]);
  });

  test('playlists are in creation order with their videos in order; a deleted one is gone with its videos', () => {
    const log = new EventLog().append(ev.created('p1', 'One', { description: 'd' }), ev.created('p2', 'Two'), ev.added('p1', 'a'));
    log.append(ev.added('p1', 'b'), ev.added('p2', 'c'), ev.deleted('p2'));
    expect(snapshot(log).playlists).toEqual([{ _id: 'p1', title: 'One', description: 'd', videoIds: ['a', 'b'] }]);
  });

  test('a details change keeps the playlist’s place and image; the event holds the resulting title and description', () => {
    const log = new EventLog().append(ev.created('p1', 'One', { description: 'old', playlistImg: 'https://img/1.png' }), ev.created('p2'));
    log.append(ev.renamed('p1', 'Renamed'));
    expect(snapshot(log).playlists).toEqual([
      { _id: 'p1', title: 'Renamed', playlistImg: 'https://img/1.png', videoIds: [] },
      { _id: 'p2', title: 'p2', videoIds: [] },
    ]);
  });

  test('a reorder sets the resulting order; a later addition still goes last; `orders` restores exact keys', () => {
    const log = new EventLog().append(ev.created('p'), ev.added('p', 'a'), ev.added('p', 'b'), ev.added('p', 'c'));
    log.append(ev.reordered('p', 'c', ['c', 'a', 'b']), ev.added('p', 'd'));
    expect(snapshot(log).playlists[0]!.videoIds).toEqual(['c', 'a', 'b', 'd']);
    log.append({
      type: 'PlaylistReordered',
      data: { playlistId: 'p', userId: 'user-1', videoId: 'c', toIndex: 2, videoIds: ['a', 'b', 'c', 'd'], orders: ['2', '3', '4', '6'] },
    });
    log.append(ev.added('p', 'e'));
    expect(snapshot(log).playlists[0]!.videoIds).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('a restored playlist comes back at its order, with its meta and videos in their places', () => {
    const log = new EventLog().append(ev.created('p1'), ev.created('p2'), ev.deleted('p1'));
    log.append({
      type: 'PlaylistRestored',
      data: { playlistId: 'p1', userId: 'user-1', title: 'p1', order: '1', undoes: '3', videos: [{ videoId: 'b', order: '9' }] },
    });
    expect(snapshot(log).playlists.map((p) => [p._id, p.videoIds])).toEqual([
      ['p1', ['b']],
      ['p2', []],
    ]);
  });

  test('equal sort keys are broken by the ids’ bytes, as the read models order them', () => {
    const log = new EventLog().append(ev.created('p'), ev.reordered('p', 'b', ['b', 'a']));
    log.append({ type: 'VideoAddedToPlaylist', data: { userId: 'user-1', playlistId: 'p', videoId: 'Z', order: '1' } });
    expect(snapshot(log).playlists[0]!.videoIds).toEqual(['b', 'Z', 'a']);
  });

  test('events of unknown types are ignored', () => {
    const log = new EventLog().append(ev.liked('a'), { type: 'SomethingNew', data: { userId: 'user-1', videoId: 'b' } });
    expect(snapshot(log).likes).toEqual(['a']);
  });
});

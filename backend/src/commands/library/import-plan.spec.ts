import { foldLibrary, snapshotOf } from '../../domain/library/library';
import { libraryDocument } from '../../domain/library/library-document';
import { EventLog, USER, decideOn, ev } from '../../domain/library/library-events.spec-helper';
import { CapReached } from '../../errors/cap-reached';
import { ImportRequest, planImport } from './import-plan';

const NO_CAPS = { playlistsPerUser: 1000, videosPerPlaylist: 1000, importEntries: 1000 };

const CATALOGUE = new Set(['a', 'b', 'c', 'd', 'e']);

/**
 * Plans the import on the log's current state, then decides each command on its stream and appends
 * what the decider decided, as the handler does through the command runner.
 */
function importInto(log: EventLog, request: ImportRequest, caps = NO_CAPS, activePlaylists?: number) {
  let next = 0;
  const plan = planImport(request, {
    caps,
    userId: USER,
    library: foldLibrary(log.events),
    activePlaylists,
    isKnownVideo: (id) => CATALOGUE.has(id),
    isKnownChannel: () => true,
    newPlaylistId: () => `new-${++next}`,
    now: '2026-11-24T12:00:00.000Z',
  });
  const appends = [];
  for (const { stream, command, count } of plan.commands) {
    const events = decideOn(log, stream, command);
    if (events.length === 0) continue;
    log.append(...events);
    appends.push({ stream, events, counts: count(events) });
  }
  return { ...plan, appends };
}

const doc: ImportRequest = {
  likes: ['b', 'a'],
  watchlater: ['c'],
  history: [
    { videoId: 'd', watchedAt: '2025-01-02T03:04:05.006Z' },
    { videoId: 'a', watchedAt: '2025-02-01T00:00:00.000Z' },
  ],
  playlists: [
    { title: 'Mix', description: 'mine', playlistImg: 'https://example.com/m.png', videoIds: ['e', 'a'] },
    { title: 'Mix', videoIds: [] },
    { title: 'Later', videoIds: ['c'] },
  ],
  settings: { historyPaused: true, historyRetention: 36 },
};

describe('planImport', () => {
  test('into an empty library it writes everything, in the document’s order, keeping watch times', () => {
    const log = new EventLog();
    const plan = importInto(log, doc);
    expect(plan.unknownVideoIds).toEqual([]);
    const { exportedAt: _at, ...exported } = libraryDocument(snapshotOf(foldLibrary(log.events)), new Date());
    expect(exported).toEqual({
      format: 'techtube-library',
      version: 1,
      ...doc,
      playlists: doc.playlists.map((p, i) => ({ _id: `new-${i + 1}`, ...p })),
      subscriptions: [],
    });
    const counts = plan.appends.map((a) => a.counts);
    expect(counts).toEqual([
      { likes: 2 },
      { watchlater: 1 },
      { history: 2 },
      ...[2, 0, 1].map((n) => ({ playlists: 1, playlistVideos: n })),
    ]);
  });

  test('importing the same document again plans nothing', () => {
    const log = new EventLog();
    importInto(log, doc);
    expect(importInto(log, doc).appends).toEqual([]);
  });

  test('only what is missing is added: existing entries keep their place, playlists are matched by title', () => {
    const log = new EventLog().append(
      ev.liked('a'),
      ev.watched('a'),
      ev.created('p', 'Later'),
      ev.added('p', 'b'),
      ev.created('q', 'Other'),
    );
    const plan = importInto(log, doc);
    expect(plan.appends.map((a) => [a.stream, a.events.map((e) => e.type)])).toEqual([
      ['likes-user-1', ['VideoLiked']],
      ['watchlater-user-1', ['VideoAddedToWatchLater']],
      ['history-user-1', ['HistoryRetentionChanged', 'VideoWatched', 'HistoryPaused']],
      ['playlist-new-1', ['PlaylistCreated', 'VideoAddedToPlaylist', 'VideoAddedToPlaylist']],
      ['playlist-new-2', ['PlaylistCreated']],
      ['playlist-p', ['VideoAddedToPlaylist']],
    ]);
    expect(snapshotOf(foldLibrary(log.events))).toMatchObject({
      likes: ['a', 'b'],
      history: [{ videoId: 'a' }, { videoId: 'd', watchedAt: '2025-01-02T03:04:05.006Z' }],
      playlists: [
        { _id: 'p', title: 'Later', videoIds: ['b', 'c'] },
        { _id: 'q', title: 'Other', videoIds: [] },
        { _id: 'new-1', title: 'Mix' },
        { _id: 'new-2', title: 'Mix' },
      ],
    });
  });

  test('ids unknown to the catalogue are reported once each and never written', () => {
    const log = new EventLog();
    const plan = importInto(log, {
      likes: ['zz', 'a', 'zz'],
      watchlater: [],
      history: [{ videoId: 'yy', watchedAt: '2025-01-01T00:00:00.000Z' }],
      playlists: [{ title: 'T', videoIds: ['xx', 'b', 'zz'] }],
    });
    expect(plan.unknownVideoIds).toEqual(['zz', 'yy', 'xx']);
    expect(snapshotOf(foldLibrary(log.events))).toMatchObject({ likes: ['a'], history: [], playlists: [{ title: 'T', videoIds: ['b'] }] });
  });

  test('a video listed twice is added once; a document without settings leaves them as they are', () => {
    const log = new EventLog().append(ev.paused());
    importInto(log, { likes: ['a', 'a'], watchlater: [], history: [], playlists: [{ title: 'T', videoIds: ['b', 'b'] }] });
    expect(snapshotOf(foldLibrary(log.events))).toMatchObject({
      likes: ['a'],
      playlists: [{ videoIds: ['b'] }],
      settings: { historyPaused: true },
    });
  });

  test('a deleted playlist is not matched: a playlist of its title is created', () => {
    const log = new EventLog().append(ev.created('p', 'T'), ev.deleted('p'));
    importInto(log, { likes: [], watchlater: [], history: [], playlists: [{ title: 'T', videoIds: ['a'] }] });
    expect(snapshotOf(foldLibrary(log.events)).playlists).toEqual([{ _id: 'new-1', title: 'T', videoIds: ['a'] }]);
  });

  describe('caps: an import past one is refused before anything is planned', () => {
    const refused = (log: EventLog, request: ImportRequest, caps: typeof NO_CAPS) => {
      try {
        importInto(log, request, caps);
      } catch (error) {
        return error instanceof CapReached ? [error.code, error.cap, error.message] : error;
      }
      return 'imported';
    };
    const none = { likes: [], watchlater: [], history: [] };

    test('more entries than importEntries (videos, history entries and playlists together) is IMPORT_TOO_LARGE', () => {
      // doc: 2 likes + 1 watch later + 2 history + 3 playlists with 3 videos = 11 entries.
      expect(refused(new EventLog(), doc, { ...NO_CAPS, importEntries: 10 })).toEqual([
        'IMPORT_TOO_LARGE',
        10,
        expect.stringContaining('at most 10 '),
      ]);
      expect(refused(new EventLog(), doc, { ...NO_CAPS, importEntries: 11 })).toBe('imported');
    });

    test('new playlists past playlistsPerUser are PLAYLIST_CAP_REACHED; matched ones do not count', () => {
      const log = new EventLog().append(ev.created('p', 'Later'));
      // Two new "Mix" playlists besides p: three in all.
      expect(refused(log, doc, { ...NO_CAPS, playlistsPerUser: 2 })).toEqual([
        'PLAYLIST_CAP_REACHED',
        2,
        expect.stringContaining('at most 2 '),
      ]);
      expect(log.events).toHaveLength(1);
      expect(refused(log, doc, { ...NO_CAPS, playlistsPerUser: 3 })).toBe('imported');
    });

    test('a playlist taken past videosPerPlaylist is PLAYLIST_VIDEO_CAP_REACHED; videos it already holds do not count twice', () => {
      const log = new EventLog().append(ev.created('p', 'T'), ev.added('p', 'a'), ev.added('p', 'b'));
      const request = { ...none, playlists: [{ title: 'T', videoIds: ['a', 'b', 'c', 'd'] }] };
      expect(refused(log, request, { ...NO_CAPS, videosPerPlaylist: 3 })).toEqual(['PLAYLIST_VIDEO_CAP_REACHED', 3, expect.any(String)]);
      expect(log.events).toHaveLength(3);
      expect(refused(log, request, { ...NO_CAPS, videosPerPlaylist: 4 })).toBe('imported');
    });

    test('playlists being made active elsewhere (activePlaylists) count too; the plan names the playlists it creates', () => {
      const log = new EventLog().append(ev.created('p', 'Later'));
      // p, and one not in the library yet: with the two new "Mix" playlists, four.
      expect(() => importInto(log, doc, { ...NO_CAPS, playlistsPerUser: 3 }, 2)).toThrow(CapReached);
      expect(log.events).toHaveLength(1);
      expect(importInto(log, doc, { ...NO_CAPS, playlistsPerUser: 4 }, 2).newPlaylistIds).toEqual(['new-1', 'new-2']);
    });
  });
});

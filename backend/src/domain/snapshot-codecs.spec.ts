import type { NewEvent } from '../events/event';
import fc from 'fast-check';
import { DomainError } from '../errors/domain-error';
import { HISTORY_RETENTIONS } from '../events/app-events';
import { Decider, fold } from './decider';
import { stored } from './given-when-then.spec-helper';
import { HistoryCommand, historyList as historyDecider } from './history/history.list';
import { PlaylistCommand } from './playlist/playlist.decide';
import { playlistList as playlistDecider } from './playlist/playlist.list';
import {
  VideoSetCommand as VideoListCommand,
  likesList as likesDecider,
  watchLaterList as watchLaterDecider,
} from './video-set/video-set.list';

/**
 * A snapshot must stand in for the events it replaces: after encode → JSON text → decode, the state
 * equals the folded one and every next command is decided exactly as on the folded state.
 */
type AnyDecider<C> = Decider<C, NewEvent, unknown>;

function run<C>(decider: AnyDecider<C>, commands: readonly C[]): unknown {
  let state = decider.initialState();
  let position = 0n;
  for (const command of commands) {
    try {
      // As the store would: each appended event gets the next position.
      const appended = decider.decide(command, state).map((event) => stored(event, ++position, ''));
      state = fold(decider, state, appended);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return state;
}

function outcome<C>(decider: AnyDecider<C>, command: C, state: unknown): unknown {
  try {
    return decider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

function roundTrip<C>(decider: AnyDecider<C>, state: unknown): unknown {
  const codec = decider.snapshot!;
  return codec.decode(JSON.parse(JSON.stringify(codec.encode(state))));
}

function checkCodec<C>(decider: AnyDecider<C>, command: fc.Arbitrary<C>, history = fc.array(command, { maxLength: 60 })): void {
  fc.assert(
    fc.property(history, command, (commands, next) => {
      const state = run(decider, commands);
      const decoded = roundTrip(decider, state);
      expect(decoded).toEqual(state);
      expect(outcome(decider, next, decoded)).toEqual(outcome(decider, next, state));
    }),
    { numRuns: 300 },
  );
}

const userId = 'u1';
const videoId = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const isoTime = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString());

const videoListCommand: fc.Arbitrary<VideoListCommand> = fc.oneof(
  videoId.map((v) => ({ type: 'AddVideo' as const, userId, videoId: v })),
  videoId.map((v) => ({ type: 'RemoveVideo' as const, userId, videoId: v })),
);

const historyCommand: fc.Arbitrary<HistoryCommand> = fc.oneof(
  fc.tuple(videoId, isoTime).map(([v, watchedAt]) => ({ type: 'AddVideo' as const, userId, videoId: v, watchedAt })),
  videoId.map((v) => ({ type: 'RemoveVideo' as const, userId, videoId: v })),
  fc.tuple(videoId, isoTime).map(([v, watchedAt]) => ({ type: 'RecordWatch' as const, userId, videoId: v, watchedAt })),
  fc.constant({ type: 'ClearList' as const, userId }),
  isoTime.map((before) => ({ type: 'RemoveBefore' as const, userId, before })),
  fc.tuple(fc.boolean(), isoTime).map(([paused, at]) => ({ type: 'ChangeSettings' as const, userId, paused, at })),
  fc
    .tuple(fc.constantFrom(...HISTORY_RETENTIONS), isoTime)
    .map(([retention, at]) => ({ type: 'ChangeSettings' as const, userId, retention, at })),
  isoTime.map((at) => ({ type: 'ExpireEntries' as const, userId, at })),
);

const owned = { userId, playlistId: 'p1' };
const createPlaylist = fc
  .tuple(fc.string({ maxLength: 8 }), fc.option(fc.string({ maxLength: 8 }), { nil: undefined }))
  .map(([title, description]) => ({ type: 'CreatePlaylist' as const, ...owned, title, ...(description !== undefined && { description }) }));
/** What can happen to a playlist once it exists (ids are fresh: it is created at most once). */
const playlistCommand: fc.Arbitrary<PlaylistCommand> = fc.oneof(
  videoId.map((v) => ({ type: 'AddVideoToPlaylist' as const, ...owned, videoId: v })),
  videoId.map((v) => ({ type: 'RemoveVideoFromPlaylist' as const, ...owned, videoId: v })),
  fc.tuple(videoId, fc.nat(5)).map(([v, toIndex]) => ({ type: 'Reorder' as const, ...owned, videoId: v, toIndex })),
  fc.string({ maxLength: 8 }).map((description) => ({ type: 'ChangeDetails' as const, ...owned, description })),
  fc.constant({ type: 'DeletePlaylist' as const, ...owned }),
);

describe('snapshot codecs', () => {
  test('likes and watch later: a decoded snapshot decides like the folded state', () => {
    checkCodec(likesDecider as AnyDecider<VideoListCommand>, videoListCommand);
    checkCodec(watchLaterDecider as AnyDecider<VideoListCommand>, videoListCommand);
  });

  test('history (watch times, order, pause, auto-delete): a decoded snapshot decides like the folded state', () => {
    checkCodec(historyDecider as AnyDecider<HistoryCommand>, historyCommand);
  });

  test('playlist (details, order after reorders, deletion): a decoded snapshot decides like the folded state', () => {
    const history = fc
      .tuple(fc.option(createPlaylist, { nil: undefined }), fc.array(playlistCommand, { maxLength: 60 }))
      .map(([create, rest]): PlaylistCommand[] => (create ? [create, ...rest] : rest));
    checkCodec(playlistDecider as AnyDecider<PlaylistCommand>, playlistCommand, history);
  });

  test('a document the codec did not write is refused, so the runner ignores it', () => {
    for (const doc of [null, [], 'x', { videoIds: 'a' }, { videoIds: [1] }]) expect(() => likesDecider.snapshot!.decode(doc)).toThrow();
    for (const doc of [
      { watched: [['a']], paused: false },
      { watched: [], paused: 'no' },
      { watched: [], paused: false },
      { watched: [], paused: false, retention: 6 },
    ]) {
      expect(() => historyDecider.snapshot!.decode(doc)).toThrow();
    }
    for (const doc of [
      { status: 'gone', videos: [] },
      { status: 'active', videos: [['a', 'x']] },
      { status: 'active', videos: [], title: 3 },
    ]) {
      expect(() => playlistDecider.snapshot!.decode(doc)).toThrow();
    }
  });
});

import { ProgressEvent, streams } from '../../events/app-events';
import { ListDefinition, SnapshotCodec } from '../decider';
import type { StoredEvent } from '../../events/event';
import { asObject } from '../snapshot-json';

/**
 * How far a playing video must move from the stored second before a report is stored. The player
 * reports every 15 s while playing; storing each would be 240 events per hour of
 * watching. With this step an hour of uninterrupted playing stores 60, a 10-minute video about 11
 * (test/api/progress.test.ts), and resuming starts at most this far before where playback was
 * last reported playing — a stop (pause, leaving the page) is stored exactly.
 */
export const PROGRESS_STEP_SECONDS = 60;

/** A report this close to the end means "watched": the stored progress is cleared instead. */
export const NEAR_END_SECONDS = 30;

export type ProgressCommand =
  | {
      readonly type: 'RecordProgress';
      readonly userId: string;
      readonly videoId: string;
      /** Whole seconds, from 0 to `durationSeconds` (the API checks). */
      readonly seconds: number;
      readonly durationSeconds: number;
      /** Playback stopped there (pause, leaving the page): stored whenever it differs. */
      readonly stopped: boolean;
      readonly at: string;
    }
  | { readonly type: 'ClearProgress'; readonly userId: string; readonly videoId: string };

export interface ProgressState {
  /** Video id → the stored second. */
  readonly seconds: ReadonlyMap<string, number>;
}

function evolve(state: ProgressState, event: StoredEvent<ProgressEvent>): ProgressState {
  const seconds = new Map(state.seconds);
  if (event.type === 'PlaybackProgressRecorded') seconds.set(event.data.videoId, event.data.seconds);
  else seconds.delete(event.data.videoId);
  return { seconds };
}

function decide(command: ProgressCommand, state: ProgressState): ProgressEvent[] {
  const { userId, videoId } = command;
  const stored = state.seconds.get(videoId);
  const cleared: ProgressEvent[] = stored === undefined ? [] : [{ type: 'PlaybackProgressCleared', data: { userId, videoId } }];
  switch (command.type) {
    case 'ClearProgress':
      return stored === undefined ? [] : [{ type: 'PlaybackProgressCleared', data: { userId, videoId, removed: true } }];
    case 'RecordProgress': {
      const { seconds, durationSeconds, stopped, at } = command;
      if (seconds >= durationSeconds - NEAR_END_SECONDS) return cleared;
      const worthStoring = stored === undefined || Math.abs(seconds - stored) >= PROGRESS_STEP_SECONDS || (stopped && seconds !== stored);
      return worthStoring ? [{ type: 'PlaybackProgressRecorded', data: { userId, videoId, seconds, at } }] : [];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const progressSnapshot: SnapshotCodec<ProgressState> = {
  version: 1,
  encode: (state) => ({ seconds: [...state.seconds] }),
  decode: (json) => {
    const pairs = asObject(json).seconds;
    if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'number')) {
      throw new TypeError('snapshot: progress');
    }
    return { seconds: new Map(pairs as [string, number][]) };
  },
};

/**
 * Resume where you left off. Projected like any list, but it is playback state, not a
 * library the user curates: undo walks past it (compensate: undefined), export, import and
 * time-travel leave it out. Of its events only the user's own "Remove from Continue watching" is a
 * line of the activity timeline: neither a position saved every few seconds nor the clear at a video's end.
 */
export const progressList: ListDefinition<ProgressCommand, ProgressEvent, ProgressState> = {
  name: 'progress',
  eventTypes: ['PlaybackProgressRecorded', 'PlaybackProgressCleared'],
  initialState: () => ({ seconds: new Map() }),
  evolve,
  decide,
  snapshot: progressSnapshot,
  streamOf: (command) => streams.progress(command.userId),
  videoOf: (command) => command.videoId,
  project: (event) =>
    event.type === 'PlaybackProgressRecorded'
      ? [
          {
            op: 'putProgress',
            userId: event.data.userId,
            entry: { videoId: event.data.videoId, seconds: event.data.seconds, updatedAt: event.data.at, position: event.position },
          },
        ]
      : [{ op: 'removeProgress', userId: event.data.userId, videoId: event.data.videoId }],
  compensate: () => undefined,
  inActivity: (event) => event.type === 'PlaybackProgressCleared' && event.data.removed === true,
};

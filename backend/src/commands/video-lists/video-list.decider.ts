import { ErrorCode } from '../../errors/error-catalogue';
import { DomainError } from '../../errors/domain-error';
import { VideoRef } from '../../events/app-events';
import { Decider, SnapshotCodec, StoredEvent } from '../shared/decider';
import { asObject, asStrings } from '../shared/snapshot-json';

/** Likes and watch later share one rule set; they differ in names and messages. */
export interface VideoListSpec {
  readonly name: 'likes' | 'watchlater';
  readonly added: string;
  readonly removed: string;
  readonly cleared?: string;
  /** The 409 a client sees when the video is already in this list. */
  readonly duplicate: ErrorCode;
  readonly stream: (userId: string) => string;
}

export type VideoListCommand =
  | { readonly type: 'AddVideo'; readonly userId: string; readonly videoId: string }
  | { readonly type: 'RemoveVideo'; readonly userId: string; readonly videoId: string }
  | { readonly type: 'ClearList'; readonly userId: string };

export interface VideoListState {
  readonly videoIds: ReadonlySet<string>;
}

type VideoListEvent = { readonly type: string; readonly data: VideoRef | { readonly userId: string } };

export function videoListDecider(spec: VideoListSpec): Decider<VideoListCommand, VideoListEvent, VideoListState> {
  const evolve = (state: VideoListState, event: StoredEvent): VideoListState => {
    if (event.type === spec.added) {
      return { videoIds: new Set(state.videoIds).add((event.data as VideoRef).videoId) };
    }
    if (event.type === spec.removed) {
      const videoIds = new Set(state.videoIds);
      videoIds.delete((event.data as VideoRef).videoId);
      return { videoIds };
    }
    if (spec.cleared && event.type === spec.cleared) return { videoIds: new Set() };
    return state;
  };

  const decide = (command: VideoListCommand, state: VideoListState): VideoListEvent[] => {
    switch (command.type) {
      case 'AddVideo':
        if (state.videoIds.has(command.videoId)) throw new DomainError(spec.duplicate);
        return [{ type: spec.added, data: { userId: command.userId, videoId: command.videoId } }];
      case 'RemoveVideo':
        // Removing what is not there changes nothing: answer with the list as it is.
        if (!state.videoIds.has(command.videoId)) return [];
        return [{ type: spec.removed, data: { userId: command.userId, videoId: command.videoId } }];
      case 'ClearList':
        if (!spec.cleared) throw new Error(`${spec.name} cannot be cleared`);
        if (state.videoIds.size === 0) return [];
        return [{ type: spec.cleared, data: { userId: command.userId } }];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  };

  return { name: spec.name, initialState: () => ({ videoIds: new Set() }), evolve, decide, snapshot: videoListSnapshot };
}

/** Ids in the set's (insertion) order, so that a decoded state iterates as the folded one did. */
const videoListSnapshot: SnapshotCodec<VideoListState> = {
  version: 1,
  encode: (state) => ({ videoIds: [...state.videoIds] }),
  decode: (json) => ({ videoIds: new Set(asStrings(asObject(json).videoIds)) }),
};

import { ErrorCode } from '../../errors/error-catalogue';
import { DomainError } from '../../errors/domain-error';
import { ListVideoRef, streams } from '../../events/app-events';
import type { ListName } from '../../read-model/read-model.port';
import { ListDefinition, SnapshotCodec, keepingOne } from '../decider';
import type { StoredEvent } from '../../events/event';
import { asObject, asStringPairs } from '../snapshot-json';
import { keysFromJson, keysToJson, sortKey } from '../sort-keys';

/** Likes and watch later: a set of videos with the same rules, differing in names and messages. */
export type VideoSetCommand =
  /** `order` and `undoes`: an undo putting a removed video back in its place. */
  | { readonly type: 'AddVideo'; readonly userId: string; readonly videoId: string; readonly order?: string; readonly undoes?: string }
  | { readonly type: 'RemoveVideo'; readonly userId: string; readonly videoId: string; readonly undoes?: string }
  /** An import: adds the videos not already there, in this order; the rest is no error. */
  | { readonly type: 'ImportVideos'; readonly userId: string; readonly videoIds: readonly string[] };

type VideoSetEvent<Added extends string, Removed extends string> =
  { readonly type: Added; readonly data: ListVideoRef } | { readonly type: Removed; readonly data: ListVideoRef };

export interface VideoSetState {
  /** Video id → sort key (`order ?? position`), as the read model orders the list. */
  readonly videos: ReadonlyMap<string, bigint>;
}

interface VideoSetSpec<Added extends string, Removed extends string> {
  readonly name: ListName & ('likes' | 'watchlater');
  readonly added: Added;
  readonly removed: Removed;
  /** The 409 a client sees when the video is already in this list. */
  readonly duplicate: ErrorCode;
  readonly stream: (userId: string) => string;
  /** Each command's readable name, as the events it causes name it (docs/design/operating.md). */
  readonly commandNames: Readonly<Record<VideoSetCommand['type'], string>>;
}

const withUndo = (order: string | undefined, undoes: string | undefined) => ({
  ...(order !== undefined && { order }),
  ...(undoes !== undefined && { undoes }),
});

/** A video-set list's definition: its name is the read model's list (and the API's path and answer key). */
export type VideoSetList<Added extends string = string, Removed extends string = string> = ListDefinition<
  VideoSetCommand,
  VideoSetEvent<Added, Removed>,
  VideoSetState
> & { readonly name: VideoSetSpec<Added, Removed>['name'] };

function videoSetList<Added extends string, Removed extends string>(spec: VideoSetSpec<Added, Removed>): VideoSetList<Added, Removed> {
  type Event = VideoSetEvent<Added, Removed>;
  const added = (data: ListVideoRef): Event => ({ type: spec.added, data });
  const removed = (data: ListVideoRef): Event => ({ type: spec.removed, data });

  const evolve = (state: VideoSetState, event: StoredEvent<Event>): VideoSetState => {
    const videos = new Map(state.videos);
    if (event.type === spec.added) videos.set(event.data.videoId, sortKey(event.data.order, event.position));
    else videos.delete(event.data.videoId);
    return { videos };
  };

  const decide = (command: VideoSetCommand, { videos }: VideoSetState): Event[] => {
    const { userId } = command;
    switch (command.type) {
      case 'AddVideo':
        if (videos.has(command.videoId)) throw new DomainError(spec.duplicate);
        return [added({ userId, videoId: command.videoId, ...withUndo(command.order, command.undoes) })];
      case 'RemoveVideo':
        // Removing what is not there changes nothing: answer with the list as it is.
        if (!videos.has(command.videoId)) return [];
        return [removed({ userId, videoId: command.videoId, ...withUndo(undefined, command.undoes) })];
      case 'ImportVideos':
        return [...new Set(command.videoIds)].filter((videoId) => !videos.has(videoId)).map((videoId) => added({ userId, videoId }));
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  };

  return {
    name: spec.name,
    eventTypes: [spec.added, spec.removed],
    initialState: () => ({ videos: new Map() }),
    evolve,
    decide,
    snapshot: videoSetSnapshot,
    streamOf: (command) => spec.stream(command.userId),
    // Imports are checked video by video by the import itself: unknown ids are reported, not refused.
    videoOf: (command) => (command.type === 'ImportVideos' ? undefined : command.videoId),
    takesOut: (command) => command.type === 'RemoveVideo',
    keepingVideos: (command, keep) => (command.type === 'AddVideo' ? keepingOne(command, command.videoId, keep) : { command, skipped: [] }),
    commandName: (command) => spec.commandNames[command.type],
    project: ({ type, data: { userId, videoId, order }, position }) =>
      type === spec.added
        ? [{ op: 'addToList', userId, list: spec.name, videoId, position: sortKey(order, position) }]
        : [{ op: 'removeFromList', userId, list: spec.name, videoId }],
    compensate: (event) => {
      const { userId, videoId } = event.data;
      const undoes = event.position.toString();
      if (event.type === spec.added) return () => ({ type: 'RemoveVideo', userId, videoId, undoes });
      return (before) => ({ type: 'AddVideo', userId, videoId, order: keyBefore(before.videos, videoId, event).toString(), undoes });
    },
  };
}

/** The sort key an entry had just before the event that removed it. */
export function keyBefore<T>(entries: ReadonlyMap<string, T>, id: string, event: Pick<StoredEvent, 'type' | 'position'>): T {
  const value = entries.get(id);
  if (value === undefined) throw new Error(`Cannot undo ${event.type} at ${event.position}: ${id} was not there before`);
  return value;
}

/** Entries in the map's (insertion) order, so that a decoded state iterates as the folded one did. */
const videoSetSnapshot: SnapshotCodec<VideoSetState> = {
  version: 2,
  encode: (state) => ({ videos: keysToJson(state.videos) }),
  decode: (json) => ({ videos: keysFromJson(asStringPairs(asObject(json).videos)) }),
};

export const likesList = videoSetList({
  name: 'likes',
  added: 'VideoLiked',
  removed: 'VideoUnliked',
  duplicate: 'ALREADY_LIKED',
  stream: streams.likes,
  commandNames: { AddVideo: 'LikeVideo', RemoveVideo: 'UnlikeVideo', ImportVideos: 'ImportLikes' },
});

export const watchLaterList = videoSetList({
  name: 'watchlater',
  added: 'VideoAddedToWatchLater',
  removed: 'VideoRemovedFromWatchLater',
  duplicate: 'ALREADY_IN_WATCH_LATER',
  stream: streams.watchLater,
  commandNames: { AddVideo: 'AddToWatchLater', RemoveVideo: 'RemoveFromWatchLater', ImportVideos: 'ImportWatchLater' },
});

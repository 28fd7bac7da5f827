import { PlaylistCreatedData, PlaylistEvent, PlaylistVisibility, streams } from '../../events/app-events';
import type { PlaylistMeta, ReadModelChange } from '../../read-model/read-model.port';
import type { StoredEvent } from '../../events/event';
import type { CappedList } from '../capped';
import { KeptVideos, keepingOne } from '../decider';
import { PlaylistsInLibrary, playlistCap } from './playlist-cap';
import { PlaylistCommand, decidePlaylist } from './playlist.decide';
import { PlaylistState, playlistSnapshot } from './playlist.state';
import { byKey, reorderedKeys, sortKey } from '../sort-keys';
import { keyBefore } from '../video-set/video-set.list';

function evolve(state: PlaylistState, event: StoredEvent<PlaylistEvent>): PlaylistState {
  switch (event.type) {
    case 'PlaylistCreated':
      return { status: 'active', ...details(event.data), order: event.position, videos: new Map() };
    case 'PlaylistRestored': {
      const videos = new Map(event.data.videos.map((v) => [v.videoId, BigInt(v.order)] as const));
      const { visibility } = event.data;
      return { status: 'active', ...details(event.data), visibility, order: BigInt(event.data.order), videos };
    }
    case 'PlaylistVisibilityChanged':
      return { ...state, visibility: event.data.visibility };
    case 'PlaylistDeleted':
      return { ...state, status: 'deleted', videos: new Map() };
    case 'VideoAddedToPlaylist':
      return { ...state, videos: new Map(state.videos).set(event.data.videoId, sortKey(event.data.order, event.position)) };
    case 'VideoRemovedFromPlaylist': {
      const videos = new Map(state.videos);
      videos.delete(event.data.videoId);
      return { ...state, videos };
    }
    case 'PlaylistDetailsChanged':
      // The event carries the resulting title and description; the image is not part of the details.
      return { ...state, title: event.data.title, description: event.data.description };
    case 'PlaylistReordered':
      return { ...state, videos: new Map(reorderedKeys(event.data)) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

const details = ({ userId, title, description, playlistImg }: PlaylistCreatedData) => ({
  ownerId: userId,
  title,
  description,
  playlistImg,
});

/** The playlist's meta as the read model keeps it: absent fields stay absent. */
export function playlistMeta({
  playlistId,
  title,
  description,
  playlistImg,
  visibility,
}: Omit<PlaylistCreatedData, 'userId'> & { readonly visibility?: PlaylistVisibility }): PlaylistMeta {
  return {
    _id: playlistId,
    title,
    ...(description !== undefined && { description }),
    ...(playlistImg !== undefined && { playlistImg }),
    // Private is the default and is never written out.
    ...(visibility !== undefined && visibility !== 'private' && { visibility }),
  };
}

function project(event: StoredEvent<PlaylistEvent>): ReadModelChange[] {
  const { userId, playlistId } = event.data;
  switch (event.type) {
    case 'PlaylistCreated':
      return [{ op: 'putPlaylist', userId, playlist: playlistMeta(event.data), position: event.position }];
    case 'PlaylistRestored':
      return [
        { op: 'putPlaylist', userId, playlist: playlistMeta(event.data), position: BigInt(event.data.order) },
        ...visibilityChange(event.data.visibility, event),
        ...event.data.videos.map((v): ReadModelChange => ({
          op: 'addToPlaylist',
          userId,
          playlistId,
          videoId: v.videoId,
          position: BigInt(v.order),
        })),
      ];
    case 'PlaylistDetailsChanged': {
      const { title, description } = event.data;
      return [
        { op: 'updatePlaylistMeta', userId, playlist: { _id: playlistId, title, ...(description !== undefined && { description }) } },
      ];
    }
    case 'PlaylistReordered': {
      const entries = reorderedKeys(event.data).map(([videoId, order]) => ({ videoId, order }));
      return [{ op: 'setPlaylistOrder', userId, playlistId, entries }];
    }
    case 'PlaylistDeleted':
      return [{ op: 'deletePlaylist', userId, playlistId }];
    case 'PlaylistVisibilityChanged':
      return visibilityChange(event.data.visibility, event);
    case 'VideoAddedToPlaylist': {
      const position = sortKey(event.data.order, event.position);
      return [{ op: 'addToPlaylist', userId, playlistId, videoId: event.data.videoId, position }];
    }
    case 'VideoRemovedFromPlaylist':
      return [{ op: 'removeFromPlaylist', userId, playlistId, videoId: event.data.videoId }];
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** `position` orders the public listing: newest made public first. */
function visibilityChange(
  visibility: PlaylistVisibility | undefined,
  { data: { userId, playlistId }, position }: StoredEvent<PlaylistEvent>,
): ReadModelChange[] {
  if (visibility === undefined) return [];
  return [{ op: 'setPlaylistVisibility', userId, playlistId, visibility, position }];
}

function compensate(event: StoredEvent<PlaylistEvent>): ((before: PlaylistState) => PlaylistCommand) | undefined {
  const { userId, playlistId } = event.data;
  const undoes = event.position.toString();
  switch (event.type) {
    case 'PlaylistCreated':
      return () => ({ type: 'DeletePlaylist', userId, playlistId, undoes });
    case 'PlaylistDeleted':
      return ({ title, description, playlistImg, visibility, order, videos }) => ({
        type: 'RestorePlaylist',
        userId,
        playlistId,
        title: title!,
        ...(description !== undefined && { description }),
        ...(playlistImg !== undefined && { playlistImg }),
        ...(visibility !== undefined && { visibility }),
        order: order.toString(),
        videos: [...videos].map(([videoId, key]) => ({ videoId, order: key.toString() })),
        undoes,
      });
    case 'VideoAddedToPlaylist':
      return () => ({ type: 'RemoveVideoFromPlaylist', userId, playlistId, videoId: event.data.videoId, undoes });
    case 'VideoRemovedFromPlaylist': {
      const { videoId } = event.data;
      return (before) => ({
        type: 'AddVideoToPlaylist',
        userId,
        playlistId,
        videoId,
        order: keyBefore(before.videos, videoId, event).toString(),
        undoes,
      });
    }
    case 'PlaylistDetailsChanged':
      return ({ title, description }) => ({ type: 'RestoreDetails', userId, playlistId, title: title!, description, undoes });
    case 'PlaylistReordered':
      return ({ videos }) => {
        const videoIds = byKey(videos);
        const orders = videoIds.map((videoId) => videos.get(videoId)!.toString());
        return { type: 'RestoreOrder', userId, playlistId, videoId: event.data.videoId, videoIds, orders, undoes };
      };
    case 'PlaylistVisibilityChanged':
      return ({ visibility }) => ({ type: 'RestoreVisibility', userId, playlistId, visibility: visibility ?? 'private', undoes });
    case 'PlaylistRestored':
      return undefined;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** An undo's put-back without the videos `keep` turns down: a restored playlist comes back with the others. */
function keepingVideos(command: PlaylistCommand, keep: (videoId: string) => boolean): KeptVideos<PlaylistCommand> {
  if (command.type === 'AddVideoToPlaylist') return keepingOne(command, command.videoId, keep);
  if (command.type !== 'RestorePlaylist') return { command, skipped: [] };
  const skipped = command.videos.filter(({ videoId }) => !keep(videoId)).map(({ videoId }) => videoId);
  return skipped.length === 0
    ? { command, skipped }
    : { command: { ...command, videos: command.videos.filter(({ videoId }) => keep(videoId)) }, skipped };
}

export const playlistList: CappedList<PlaylistCommand, PlaylistEvent, PlaylistState, PlaylistsInLibrary> = {
  name: 'playlist',
  eventTypes: [
    'PlaylistCreated',
    'PlaylistDeleted',
    'VideoAddedToPlaylist',
    'VideoRemovedFromPlaylist',
    'PlaylistDetailsChanged',
    'PlaylistReordered',
    'PlaylistRestored',
    'PlaylistVisibilityChanged',
  ],
  initialState: () => ({ status: 'absent', order: 0n, videos: new Map() }),
  evolve,
  decide: decidePlaylist,
  snapshot: playlistSnapshot,
  streamOf: (command) => streams.playlist(command.playlistId),
  // A reorder only moves ids already in the playlist, even one that left the catalogue.
  videoOf: (command) => (command.type === 'AddVideoToPlaylist' || command.type === 'RemoveVideoFromPlaylist' ? command.videoId : undefined),
  takesOut: (command) => command.type === 'RemoveVideoFromPlaylist',
  keepingVideos,
  project,
  compensate,
  capped: playlistCap,
};

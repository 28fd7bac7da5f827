import { LIST_TAGS, PLAYLISTS_LIST, VIDEOS_LIST } from '../api';
import type { LiveChange } from './live-change';

type Tag =
  | (typeof LIST_TAGS)[number]
  | 'Progress'
  | 'Profile'
  | 'Categories'
  | 'Videos'
  | { type: 'Playlists'; id: string }
  | { type: 'Videos'; id: string };

/** Everything of the user: what a `reset` (the server cannot say what changed) reads again. */
export const USER_TAGS: readonly Tag[] = [...LIST_TAGS, 'Progress', 'Profile'];

/** Everything of the catalogue: what its stream's `reset` (an import larger than its memory) reads again. */
export const CATALOGUE_TAGS: readonly Tag[] = ['Videos', 'Categories'];

/**
 * The RTK Query tags of the answers a change changed: exactly these are read again (a like refetches the
 * likes, not everything; docs/design/live-updates.md). A `what` this client does not know changes nothing
 * it shows.
 */
export function tagsOf(change: LiveChange): Tag[] {
  switch (change.what) {
    case 'likes':
      return ['Likes'];
    case 'watchlater':
      return ['WatchLater'];
    case 'history':
      return ['History', 'HistorySearch'];
    case 'playlist':
      // The list of playlists (titles, counts) and the one playlist; created or deleted ones too.
      return change.playlistId ? [PLAYLISTS_LIST, { type: 'Playlists', id: change.playlistId }] : ['Playlists'];
    case 'progress':
      return ['Progress'];
    case 'subscriptions':
      return ['Subscriptions'];
    case 'settings':
      return ['Settings'];
    case 'account':
      return ['Profile'];
    case 'video':
      // That video's own answer, and every page of videos (home, a category, up next) that may show it.
      return change.videoId ? [VIDEOS_LIST, { type: 'Videos', id: change.videoId }] : ['Videos'];
    case 'categories':
      return ['Categories'];
    case 'catalogue': {
      // Several changes of one log batch (an import): the videos named, or every page of videos when it names none.
      const videos: Tag[] = change.videoIds ? [VIDEOS_LIST, ...change.videoIds.map((id) => ({ type: 'Videos' as const, id }))] : ['Videos'];
      return change.categories ? [...videos, 'Categories'] : videos;
    }
    default:
      return [];
  }
}

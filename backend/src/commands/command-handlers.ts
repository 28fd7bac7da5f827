import { ClearHistoryHandler } from './history/clear-history.handler';
import { RecordWatchHandler } from './history/record-watch.handler';
import { RemoveFromHistoryHandler } from './history/remove-from-history.handler';
import { RemoveHistoryBeforeHandler } from './history/remove-history-before.handler';
import { SetHistoryPausedHandler } from './history/set-history-paused.handler';
import { LikeVideoHandler } from './likes/like-video.handler';
import { UnlikeVideoHandler } from './likes/unlike-video.handler';
import { AddVideoToPlaylistHandler } from './playlists/add-video-to-playlist.handler';
import { ChangePlaylistDetailsHandler } from './playlists/change-playlist-details.handler';
import { CreatePlaylistHandler } from './playlists/create-playlist.handler';
import { DeletePlaylistHandler } from './playlists/delete-playlist.handler';
import { RemoveVideoFromPlaylistHandler } from './playlists/remove-video-from-playlist.handler';
import { ReorderPlaylistHandler } from './playlists/reorder-playlist.handler';
import { SignUpHandler } from './users/sign-up.handler';
import { AddToWatchLaterHandler } from './watch-later/add-to-watch-later.handler';
import { RemoveFromWatchLaterHandler } from './watch-later/remove-from-watch-later.handler';

/** One handler per user action. */
export const commandHandlers = [
  SignUpHandler,
  LikeVideoHandler,
  UnlikeVideoHandler,
  AddToWatchLaterHandler,
  RemoveFromWatchLaterHandler,
  RecordWatchHandler,
  RemoveFromHistoryHandler,
  ClearHistoryHandler,
  RemoveHistoryBeforeHandler,
  SetHistoryPausedHandler,
  CreatePlaylistHandler,
  DeletePlaylistHandler,
  AddVideoToPlaylistHandler,
  RemoveVideoFromPlaylistHandler,
  ChangePlaylistDetailsHandler,
  ReorderPlaylistHandler,
];

import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/link';
import { EmptyState } from '@/components/empty-state';
import { ListSummary } from '@/components/list-page';
import { RowSkeletons } from '@/components/row-skeletons';
import { Icon } from '@/components/icons';
import { useDocumentTitle } from '@/lib/document-title';
import { totalDuration } from '@/lib/duration';
import { useToken } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import type { Video } from '@/lib/types';
import { undoableOnSuccess } from '@/lib/undo';
import { PlaylistDetails } from './playlist-details';
import { PlaylistUnavailable } from '@/components/playlist-unavailable';
import { useRemoveFromPlaylistMutation } from './playlists-api';
import { ReorderableRows } from './reorderable-rows';
import { useChangedElsewhere } from './use-changed-elsewhere';
import { findPlaylist, usePlaylist, usePlaylists } from './use-playlists';
import './playlist-page.css';

const isNotFound = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 404;

/**
 * /Playlist/:_id for its owner. Guests and other users see a shared playlist's page instead (the
 * route picks, app/routes/playlist-route.tsx); `actions` are the owner's extra controls (sharing).
 */
export function PlaylistView({ actions }: { actions?: (playlist: NonNullable<ReturnType<typeof usePlaylist>['data']>) => ReactNode }) {
  const { _id: playlistId } = useParams();
  const guest = !useToken();
  const { data: read, isLoading, error } = usePlaylist(playlistId);
  // The user's playlists, already read to choose this page, hold this one too: it is shown from them at once, not
  // after a loading state whose placeholders the page's own read would then move (its title, its count).
  const listed = findPlaylist(usePlaylists().data, playlistId);
  const playlist = read ?? listed;
  const [removeFromPlaylist] = useRemoveFromPlaylistMutation();
  const changedElsewhere = useChangedElsewhere(playlistId);
  const title = playlist?.title ?? '';
  const videos = playlist?.videos ?? [];
  // Play all starts at the first video still in the catalogue (a retired one is a tombstone: docs/design/catalogue.md).
  const first = videos.find((video) => video.available !== false);
  const unavailable = guest || (!playlist && isNotFound(error));
  useDocumentTitle(unavailable ? 'Playlist not available' : title || 'Playlist');

  if (unavailable) return <PlaylistUnavailable guest={guest} />;

  const onRemove = (video: Video) =>
    playlistId && removeFromPlaylist({ playlistId, video }).then(undoableOnSuccess('Remove from Playlist'));
  const loading = isLoading && !playlist;

  return (
    <main className="list-page">
      <ListSummary
        title={title || 'Playlist'}
        videos={videos}
        loading={loading}
        extra={videos.length > 0 && <p className="list-page__count">{totalDuration(videos.map((v) => v.duration))} in total</p>}
      >
        {first && (
          <Link className="btn btn--primary playlist-page__play" to={paths.videoPlay.to(first._id)}>
            <Icon name="play" size={18} />
            Play all
          </Link>
        )}
        {playlist && <PlaylistDetails playlist={playlist} />}
        {playlist && actions?.(playlist)}
      </ListSummary>
      {/* Always in the page, so that screen readers announce the cue when it appears. */}
      <p className="playlist-page__cue" role="status">
        {changedElsewhere && 'Updated on another device'}
      </p>
      {loading ? (
        <RowSkeletons />
      ) : !playlist || videos.length === 0 ? (
        <EmptyState message={`${title} Playlist is empty`.trim()} action="Watch Some videos" />
      ) : (
        <>
          {videos.length > 1 && <p className="playlist-page__hint">Drag a video, or use its arrow buttons, to change the order.</p>}
          <ReorderableRows playlistId={playlist._id} videos={videos} onRemove={onRemove} />
        </>
      )}
    </main>
  );
}

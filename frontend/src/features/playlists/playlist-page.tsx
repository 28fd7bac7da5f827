import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ListSummary } from '@/components/list-page';
import { Loader } from '@/components/loader';
import type { Video } from '@/lib/types';
import { undoableOnSuccess } from '@/lib/undo';
import { PlaylistDetails } from './playlist-details';
import { useRemoveFromPlaylistMutation } from './playlists-api';
import { ReorderableRows } from './reorderable-rows';
import { usePlaylist } from './use-playlists';
import './playlist-page.css';

/**
 * /Playlist/:_id for its owner. Guests and other users see a shared playlist's page instead (the
 * route picks, app/routes/playlist-route.tsx); `actions` are the owner's extra controls (sharing).
 */
export function PlaylistPage({ actions }: { actions?: (playlist: NonNullable<ReturnType<typeof usePlaylist>['data']>) => ReactNode }) {
  const { _id: playlistId } = useParams();
  const { data: playlist, isLoading } = usePlaylist(playlistId);
  const [removeFromPlaylist] = useRemoveFromPlaylistMutation();
  const title = playlist?.title ?? '';
  const videos = playlist?.videos ?? [];

  const onRemove = (video: Video) =>
    playlistId && removeFromPlaylist({ playlistId, video }).then(undoableOnSuccess('Remove from Playlist'));

  return (
    <main className="list-page">
      <ListSummary title={title || 'Playlist'} videos={videos}>
        {playlist && <PlaylistDetails playlist={playlist} />}
        {playlist && actions?.(playlist)}
      </ListSummary>
      {isLoading && !playlist ? (
        <Loader />
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

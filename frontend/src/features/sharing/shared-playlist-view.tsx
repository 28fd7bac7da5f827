import { skipToken } from '@reduxjs/toolkit/query';
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { GoneVideo, ListSummary } from '@/components/list-page';
import { Loader } from '@/components/loader';
import { notify } from '@/lib/notify';
import { VideoThumbnail } from '@/components/video-thumbnail';
import { Link } from '@/components/link';
import { useSignedInAction, useToken } from '@/lib/hooks';
import { PlaylistUnavailable } from '@/components/playlist-unavailable';
import { paths } from '@/lib/paths';
import { useGetSharedPlaylistQuery, useSaveCopyMutation } from './sharing-api';
import './sharing.css';

/** Playlist ids are UUIDs: anything else cannot exist, and is not asked for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Someone else's shared playlist (or any, for a guest): read-only, with "Save to my playlists". A
 * private or unknown one is "not available" (SECURITY.md §11), the same for both: a private one never leaks.
 */
export function SharedPlaylistView({ playlistId }: { playlistId: string }) {
  const { data: playlist, isLoading, isError } = useGetSharedPlaylistQuery(UUID.test(playlistId) ? playlistId : skipToken);
  const [saveCopy, { isLoading: saving }] = useSaveCopyMutation();
  const signedIn = useSignedInAction();
  const token = useToken();
  const navigate = useNavigate();

  if (isLoading) return <Loader />;
  if (isError || !playlist) return <PlaylistUnavailable guest={!token} />;

  const save = () =>
    signedIn(async () => {
      const result = await saveCopy(playlist);
      if (result.error) return;
      notify.success('Saved to your playlists');
      navigate(paths.playlist.to(result.data));
    });

  return (
    <main className="list-page">
      <ListSummary title={playlist.title} videos={playlist.videos}>
        <p className="shared-playlist__owner">Shared by {playlist.owner.firstName || 'a TechTube user'}</p>
        {playlist.description && <p className="playlist-details__description">{playlist.description}</p>}
        <button type="button" className="btn btn--primary" onClick={save} disabled={saving}>
          Save to my playlists
        </button>
      </ListSummary>
      {playlist.videos.length === 0 ? (
        <EmptyState message={`${playlist.title} Playlist is empty`} action="Watch Some videos" />
      ) : (
        <ol className="list-page__rows" aria-label="Videos">
          {playlist.videos.map((video) =>
            // A retired video (docs/design/catalogue.md): its last title and picture, greyed, with nothing to play.
            video.available === false ? (
              <li key={video._id} className="list-row list-row--gone">
                <GoneVideo video={video} />
              </li>
            ) : (
              <li key={video._id} className="list-row">
                <Link className="list-row__thumb" to={paths.videoPlay.to(video._id)} tabIndex={-1} aria-hidden="true">
                  <VideoThumbnail src={video.thumbnail} title={video.title} duration={video.duration} />
                </Link>
                <div className="list-row__text">
                  <h2 className="list-row__title">
                    <Link to={paths.videoPlay.to(video._id)}>{video.title}</Link>
                  </h2>
                  <p className="list-row__channel">{video.channel}</p>
                </div>
              </li>
            ),
          )}
        </ol>
      )}
    </main>
  );
}

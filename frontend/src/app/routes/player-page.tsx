import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { ErrorPage } from '@/components/error-page';
import { Loader } from '@/components/loader';
import { useRecordWatch } from '@/features/history/use-history';
import { useLikeToggle } from '@/features/likes/use-like-toggle';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { VideoPlayer } from '@/features/videos/video-player';
import { useGetVideoQuery } from '@/features/videos/videos-api';
import { useWatchLaterToggle } from '@/features/watch-later/use-watch-later-toggle';

export function PlayerPage() {
  const { videoId } = useParams();
  const { data: video, isLoading, isError } = useGetVideoQuery(videoId ?? skipToken);
  const like = useLikeToggle(video);
  const watchLater = useWatchLaterToggle(video);
  const playlistModal = usePlaylistModal();
  useRecordWatch(video);

  if (isLoading) return <Loader />;
  if (isError || !video) return <ErrorPage message="This video could not be found." />;

  return (
    <main>
      <VideoPlayer
        video={video}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={like.toggle}>
              {like.isLiked ? 'Unlike' : 'Like'}
            </button>
            <button type="button" className="btn btn--outline" onClick={watchLater.toggle}>
              {watchLater.isSaved ? 'Remove WatchLater' : 'WatchLater'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => playlistModal.openFor(video)}>
              Playlist
            </button>
          </>
        }
      />
      {playlistModal.modal}
    </main>
  );
}

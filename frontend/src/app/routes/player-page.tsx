import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { ErrorPage } from '@/components/error-page';
import { Loader } from '@/components/loader';
import { useRecordWatch } from '@/features/history/use-history';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { usePlaybackProgress } from '@/features/progress/use-playback-progress';
import { VideoPlayer } from '@/features/videos/video-player';
import { useGetVideoQuery } from '@/features/videos/videos-api';
import { useVideoListToggle } from '@/features/video-lists/use-video-list';
import { likes, watchLater } from '@/features/video-lists/video-lists-api';

/** SPEC §2 "Player page": the video, with the actions of the user's lists and playlists, and recorded in history. */
export function PlayerPage() {
  const { videoId } = useParams();
  const { data: video, isLoading, isError } = useGetVideoQuery(videoId ?? skipToken);
  const like = useVideoListToggle(likes, video);
  const later = useVideoListToggle(watchLater, video);
  const playlistModal = usePlaylistModal();
  useRecordWatch(video);
  const resume = usePlaybackProgress(video);

  // The saved second goes into the embed URL, so the frame waits for it.
  if (isLoading || !resume.ready) return <Loader />;
  if (isError || !video) return <ErrorPage message="This video could not be found." />;

  return (
    <main>
      <VideoPlayer
        video={video}
        embedQuery={resume.embedQuery}
        frame={resume.frame}
        onFrameLoad={resume.onFrameLoad}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={like.toggle}>
              {like.isIn ? 'Unlike' : 'Like'}
            </button>
            <button type="button" className="btn btn--outline" onClick={later.toggle}>
              {later.isIn ? 'Remove WatchLater' : 'WatchLater'}
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

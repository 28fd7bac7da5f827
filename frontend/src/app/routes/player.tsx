import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { ErrorPage } from '@/components/error-page';
import { Loader } from '@/components/loader';
import { useRecordWatch } from '@/features/history/use-history';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { PlayerActions } from '@/features/video-sets/player-actions';
import { UpNext } from '@/features/videos/up-next';
import { usePlaybackProgress } from '@/features/progress/use-playback-progress';
import { useViewReport } from '@/features/videos/use-view-report';
import { VideoPlayer } from '@/features/videos/video-player';
import { useGetVideoQuery } from '@/features/videos/videos-api';
import { useDocumentTitle } from '@/lib/document-title';
import type { Video } from '@/lib/types';

/** GET /api/video/:id answers 410 for a retired video, with its tombstone as `video` (docs/design/catalogue.md). */
const isRetired = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 410;
const tombstoneOf = (error: unknown): Video | undefined => (error as { data?: { video?: Video } } | undefined)?.data?.video;

/** The player page: the video, with the actions of the user's lists and playlists, recorded in history; then what to watch next. */
export function PlayerPage() {
  const { videoId } = useParams();
  // This video's own answer (not the previous video's while this one loads); kept when a refetch fails, so
  // that a video retired while on screen stays shown with a line saying so.
  const { currentData: video, isFetching, isError, error } = useGetVideoQuery(videoId ?? skipToken);
  const playlistModal = usePlaylistModal();
  useRecordWatch(video);
  const retired = !video && isRetired(error);
  useDocumentTitle(video?.title ?? (retired ? 'Video not available' : isError ? 'Video not found' : undefined));
  const onPlaying = useViewReport(video?._id);
  const resume = usePlaybackProgress(video, onPlaying);

  // The saved second goes into the embed URL, so the frame waits for it.
  if ((isFetching && !video) || !resume.ready) return <Loader />;
  if (retired) {
    // What it was, so that a link followed from elsewhere still makes sense; up next from its category.
    const gone = tombstoneOf(error);
    return (
      <main className="player-page">
        <div className="player">
          <h1 className="player__title">This video is no longer available</h1>
          {gone && (
            <p className="player__gone">
              “{gone.title}” by {gone.channel} was withdrawn from the catalogue.
            </p>
          )}
        </div>
        <UpNext video={gone} />
      </main>
    );
  }
  if (!video) return <ErrorPage message="This video could not be found." />;
  // Retired while on screen (read again on the catalogue's live change, docs/design/live-updates.md): the
  // page stays as it was, with a line saying so, rather than swapping the player for the retired page.
  const withdrawn = isRetired(error);

  return (
    <main className="player-page">
      <VideoPlayer
        video={video}
        embedQuery={resume.embedQuery}
        frame={resume.frame}
        onFrameLoad={resume.onFrameLoad}
        actions={<PlayerActions video={video} onPlaylist={() => playlistModal.openFor(video)} />}
        notice={
          withdrawn && (
            <p className="player__withdrawn" role="status">
              This video was just withdrawn from the catalogue.
            </p>
          )
        }
      />
      <UpNext video={video} />
      {playlistModal.modal}
    </main>
  );
}

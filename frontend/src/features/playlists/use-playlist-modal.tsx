import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadFailureBoundary } from '@/components/load-failure-boundary';
import { notify } from '@/lib/notify';
import { whenFirstInteraction } from '@/lib/first-interaction';
import { useSignedInAction, useToken } from '@/lib/hooks';
import { usePendingAction } from '@/lib/pending-action';
import type { Video } from '@/lib/types';

// The modal (with its playlists, new-playlist form and undo toasts) is not part of the first screen:
// its chunk is fetched at the first key or pointer press, so that it is there by the time a menu asks for it.
const loadPlaylistModal = () => import('./playlist-modal');
const PlaylistModal = lazy(async () => ({ default: (await loadPlaylistModal()).PlaylistModal }));
const MODAL_FAILED = 'Your playlists could not be opened. Reload the page and try again.';

/**
 * Lets any page open the playlist modal for a video. Guests are sent to /login with the reason;
 * back signed in, the modal opens for that video.
 */
export function usePlaylistModal() {
  const [video, setVideo] = useState<Video | null>(null);
  const signedIn = useSignedInAction();
  const token = useToken();
  usePendingAction(!!token, 'playlist', undefined, setVideo);
  // Only a signed-in user can open it (a guest goes to /login first).
  useEffect(() => (token ? whenFirstInteraction(() => void loadPlaylistModal().catch(() => undefined)) : undefined), [token]);
  return {
    openFor: (target: Video) =>
      signedIn(() => setVideo(target), {
        reason: 'Log in to save videos to your playlists. We will open your playlists for this video right after.',
        pending: { kind: 'playlist', video: target },
      }),
    modal: video ? (
      <LoadFailureBoundary
        fallback={null}
        onFailure={() => {
          setVideo(null);
          notify.error(MODAL_FAILED);
        }}
      >
        <Suspense fallback={null}>
          <PlaylistModal video={video} onClose={() => setVideo(null)} />
        </Suspense>
      </LoadFailureBoundary>
    ) : null,
  };
}

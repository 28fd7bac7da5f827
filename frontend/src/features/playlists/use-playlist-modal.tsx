import { useState } from 'react';
import { useSignedInAction, useToken } from '@/lib/hooks';
import { usePendingAction } from '@/lib/pending-action';
import type { Video } from '@/lib/types';
import { PlaylistModal } from './playlist-modal';

/**
 * Lets any page open the playlist modal for a video. Guests are sent to /login with the reason;
 * back signed in, the modal opens for that video.
 */
export function usePlaylistModal() {
  const [video, setVideo] = useState<Video | null>(null);
  const signedIn = useSignedInAction();
  usePendingAction(!!useToken(), 'playlist', undefined, setVideo);
  return {
    openFor: (target: Video) =>
      signedIn(() => setVideo(target), {
        reason: 'Log in to save videos to your playlists. We will open your playlists for this video right after.',
        pending: { kind: 'playlist', video: target },
      }),
    modal: video ? <PlaylistModal video={video} onClose={() => setVideo(null)} /> : null,
  };
}

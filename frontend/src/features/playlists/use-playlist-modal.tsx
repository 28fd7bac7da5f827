import { useState } from 'react';
import { useSignedInAction } from '@/lib/hooks';
import type { Video } from '@/lib/types';
import { PlaylistModal } from './playlist-modal';

/** Lets any page open the playlist modal for a video; guests are sent to /login instead. */
export function usePlaylistModal() {
  const [video, setVideo] = useState<Video | null>(null);
  const signedIn = useSignedInAction();
  return {
    openFor: (target: Video) => signedIn(() => setVideo(target)),
    modal: video ? <PlaylistModal video={video} onClose={() => setVideo(null)} /> : null,
  };
}

import { skipToken } from '@reduxjs/toolkit/query';
import { useSignedInAction, useToken } from '@/app/hooks';
import type { Video } from '@/app/types';
import { useAddToWatchLaterMutation, useGetWatchLaterQuery, useRemoveFromWatchLaterMutation } from './watch-later-api';
import { notifyUndoable } from '@/features/undo/undo-toast';

export function useWatchLaterVideos() {
  const token = useToken();
  return useGetWatchLaterQuery(token ?? skipToken);
}

export function useRemoveFromWatchLater() {
  const [remove] = useRemoveFromWatchLaterMutation();
  return (video: Video) =>
    remove(video)
      .unwrap()
      .then(() => notifyUndoable('Video Removed From Watch Later'))
      .catch(() => undefined);
}

/** Save / unsave one video; guests are sent to /login instead. */
export function useWatchLaterToggle(video: Video | undefined) {
  const { data: saved } = useWatchLaterVideos();
  const [add] = useAddToWatchLaterMutation();
  const remove = useRemoveFromWatchLater();
  const signedIn = useSignedInAction();
  const isSaved = !!video && !!saved?.some((v) => v._id === video._id);

  const toggle = () =>
    signedIn(() => {
      if (!video) return;
      if (isSaved) return void remove(video);
      add(video)
        .unwrap()
        .then(() => notifyUndoable('Video added to Watch Later'))
        .catch(() => undefined);
    });

  return { isSaved, toggle };
}

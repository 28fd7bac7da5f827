import { skipToken } from '@reduxjs/toolkit/query';
import { useSignedInAction, useToken } from '@/app/hooks';
import type { Video } from '@/app/types';
import { useAddLikeMutation, useGetLikesQuery, useRemoveLikeMutation } from './likes-api';
import { notifyUndoable } from '@/features/undo/undo-toast';

export function useLikedVideos() {
  const token = useToken();
  return useGetLikesQuery(token ?? skipToken);
}

/** Like / unlike one video; guests are sent to /login instead. */
export function useLikeToggle(video: Video | undefined) {
  const { data: likes } = useLikedVideos();
  const [addLike] = useAddLikeMutation();
  const [removeLike] = useRemoveLikeMutation();
  const signedIn = useSignedInAction();
  const isLiked = !!video && !!likes?.some((v) => v._id === video._id);

  const toggle = () =>
    signedIn(() => {
      if (!video) return;
      // Failures are toasted by the API error middleware; only success is announced here.
      const done = isLiked
        ? removeLike(video)
            .unwrap()
            .then(() => notifyUndoable('Video Removed From Likes'))
        : addLike(video)
            .unwrap()
            .then(() => notifyUndoable('Video added to Likes'));
      done.catch(() => undefined);
    });

  return { isLiked, toggle };
}

export function useRemoveLike() {
  const [removeLike] = useRemoveLikeMutation();
  return (video: Video) =>
    removeLike(video)
      .unwrap()
      .then(() => notifyUndoable('Video Removed From Likes'))
      .catch(() => undefined);
}

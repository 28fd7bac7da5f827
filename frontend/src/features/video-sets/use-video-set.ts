import { useCallback } from 'react';
import { useSignedInAction, useToken, useUserArg } from '@/lib/hooks';
import { usePendingAction } from '@/lib/pending-action';
import type { Video } from '@/lib/types';
import { undoableOnSuccess } from '@/lib/undo';
import type { VideoList } from './video-lists-api';

export function useVideoList(list: VideoList) {
  return list.endpoints.read.useQuery(useUserArg(undefined));
}

/** Removes a video, saying so with "Undo"; a failure is toasted by the endpoint. */
export function useRemoveFromVideoList(list: VideoList) {
  const [remove] = list.endpoints.remove.useMutation();
  return (video: Video) => remove(video).then(undoableOnSuccess(list.removed));
}

/**
 * Adds or removes one video (Like / Unlike, WatchLater / Remove WatchLater). Guests are sent to
 * /login with the reason; back signed in, the video is added (once the list is known: never a removal).
 */
export function useVideoListToggle(list: VideoList, video: Video | undefined) {
  const { data: videos } = useVideoList(list);
  const [add] = list.endpoints.add.useMutation();
  const remove = useRemoveFromVideoList(list);
  const signedIn = useSignedInAction();
  const isIn = !!video && !!videos?.some((v) => v._id === video._id);

  const addOnce = useCallback(
    (target: Video) => {
      if (!videos?.some((v) => v._id === target._id)) void add(target).then(undoableOnSuccess(list.added));
    },
    [videos, add, list.added],
  );
  usePendingAction(!!useToken(), list.field, video?._id, video && videos ? addOnce : undefined);

  const toggle = () =>
    signedIn(
      () => {
        if (!video) return;
        if (isIn) void remove(video);
        else addOnce(video);
      },
      video && { reason: list.loginReason, pending: { kind: list.field, video } },
    );

  return { isIn, toggle };
}

import { useCallback } from 'react';
import { useSignedInAction, useToken, useUserArg } from '@/lib/hooks';
import { usePendingAction } from '@/lib/pending-action';
import type { Video } from '@/lib/types';
import { undoableOnSuccess } from '@/lib/undo';
import type { VideoSet } from './video-sets-api';

export function useVideoSet(videoSet: VideoSet) {
  return videoSet.endpoints.read.useQuery(useUserArg(undefined));
}

/** Removes a video, saying so with "Undo"; a failure is toasted by the endpoint. */
export function useRemoveFromVideoSet(videoSet: VideoSet) {
  const [remove] = videoSet.endpoints.remove.useMutation();
  return (video: Video) => remove(video).then(undoableOnSuccess(videoSet.removed));
}

/** Adds `target` unless the set already holds it, saying so with "Undo"; nothing before the set is known. */
function useAddOnce(videoSet: VideoSet, videos: Video[] | undefined) {
  const [add] = videoSet.endpoints.add.useMutation();
  return useCallback(
    (target: Video) => {
      if (!videos?.some((v) => v._id === target._id)) void add(target).then(undoableOnSuccess(videoSet.added));
    },
    [videos, add, videoSet.added],
  );
}

/**
 * The set read (so that a card's menu opens with the right labels), and a guest's "like this video" or "watch it
 * later", asked before logging in, done once back (lib/pending-action.ts).
 */
export function usePendingVideoSetAdd(videoSet: VideoSet): void {
  const { data: videos } = useVideoSet(videoSet);
  const addOnce = useAddOnce(videoSet, videos);
  usePendingAction(!!useToken(), videoSet.field, undefined, videos ? addOnce : undefined);
}

/**
 * Adds or removes one video (Like / Unlike, WatchLater / Remove WatchLater). Guests are sent to
 * /login with the reason; back signed in, the video is added (once the set is known: never a removal).
 */
export function useVideoSetToggle(videoSet: VideoSet, video: Video | undefined) {
  const { data: videos } = useVideoSet(videoSet);
  const remove = useRemoveFromVideoSet(videoSet);
  const signedIn = useSignedInAction();
  const isIn = !!video && !!videos?.some((v) => v._id === video._id);

  const addOnce = useAddOnce(videoSet, videos);
  usePendingAction(!!useToken(), videoSet.field, video?._id, video && videos ? addOnce : undefined);

  const toggle = () =>
    signedIn(
      () => {
        if (!video) return;
        if (isIn) void remove(video);
        else addOnce(video);
      },
      video && { reason: videoSet.loginReason, pending: { kind: videoSet.field, video } },
    );

  return { isIn, toggle };
}

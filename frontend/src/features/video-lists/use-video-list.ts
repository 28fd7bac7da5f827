import { useSignedInAction, useUserArg } from '@/lib/hooks';
import type { Video } from '@/lib/types';
import { undoableOnSuccess } from '@/lib/undo';
import type { VideoList } from './video-lists-api';

export function useVideoList(list: VideoList) {
  return list.endpoints.read.useQuery(useUserArg(undefined));
}

/** Removes a video, saying so with "Undo"; a failure is toasted by the endpoint (SPEC §8). */
export function useRemoveFromVideoList(list: VideoList) {
  const [remove] = list.endpoints.remove.useMutation();
  return (video: Video) => remove(video).then(undoableOnSuccess(list.removed));
}

/** Adds or removes one video (Like / Unlike, WatchLater / Remove WatchLater); guests are sent to /login instead. */
export function useVideoListToggle(list: VideoList, video: Video | undefined) {
  const { data: videos } = useVideoList(list);
  const [add] = list.endpoints.add.useMutation();
  const remove = useRemoveFromVideoList(list);
  const signedIn = useSignedInAction();
  const isIn = !!video && !!videos?.some((v) => v._id === video._id);

  const toggle = () =>
    signedIn(() => {
      if (!video) return;
      if (isIn) void remove(video);
      else void add(video).then(undoableOnSuccess(list.added));
    });

  return { isIn, toggle };
}

import { ListPage } from '@/components/list-page';
import { useRemoveFromVideoSet, useVideoSet } from './use-video-set';
import type { VideoSet } from './video-sets-api';

/** Liked or WatchLater: the video set's videos, each with its remove button. */
export function VideoSetView({ videoSet }: { videoSet: VideoSet }) {
  const { data, isLoading } = useVideoSet(videoSet);
  const remove = useRemoveFromVideoSet(videoSet);
  return <ListPage title={videoSet.page.title} videos={data} isLoading={isLoading} empty={videoSet.page.empty} onRemove={remove} />;
}

import { ListPage } from '@/components/list-page';
import { useRemoveFromVideoList, useVideoList } from './use-video-list';
import type { VideoList } from './video-lists-api';

/** Liked or WatchLater: the list's videos, each with its remove button. */
export function VideoListView({ list }: { list: VideoList }) {
  const { data, isLoading } = useVideoList(list);
  const remove = useRemoveFromVideoList(list);
  return <ListPage title={list.page.title} videos={data} isLoading={isLoading} empty={list.page.empty} onRemove={remove} />;
}

import { ListPage } from '@/components/list-page';
import { useRemoveFromVideoList, useVideoList } from './use-video-list';
import { likes, watchLater, type VideoList } from './video-lists-api';

function VideoListPage({ list }: { list: VideoList }) {
  const { data, isLoading } = useVideoList(list);
  const remove = useRemoveFromVideoList(list);
  return <ListPage title={list.page.title} videos={data} isLoading={isLoading} empty={list.page.empty} onRemove={remove} />;
}

// Two components rather than one with a prop: going from one page to the other mounts a fresh
// page, which never shows the other list's videos while its own load.
export const LikedPage = () => <VideoListPage list={likes} />;
export const WatchLaterPage = () => <VideoListPage list={watchLater} />;

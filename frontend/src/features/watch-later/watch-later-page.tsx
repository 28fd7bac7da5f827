import { ListPage } from '@/components/list-page';
import { useRemoveFromWatchLater, useWatchLaterVideos } from './use-watch-later-toggle';

export function WatchLaterPage() {
  const { data, isLoading } = useWatchLaterVideos();
  const remove = useRemoveFromWatchLater();
  return (
    <ListPage
      title="Watch Later"
      videos={data}
      isLoading={isLoading}
      empty={{ message: 'No Videos to Watch Later', action: 'Explore Some videos to Watch Later' }}
      onRemove={remove}
    />
  );
}

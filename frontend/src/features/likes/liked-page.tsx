import { ListPage } from '@/components/list-page';
import { useLikedVideos, useRemoveLike } from './use-like-toggle';

export function LikedPage() {
  const { data, isLoading } = useLikedVideos();
  const removeLike = useRemoveLike();
  return (
    <ListPage
      title="Liked Videos"
      videos={data}
      isLoading={isLoading}
      empty={{ message: 'No liked Videos', action: 'Like Some videos' }}
      onRemove={removeLike}
    />
  );
}

import { ListPage } from '@/components/list-page';
import { useRemoveFromHistoryMutation } from './history-api';
import { useHistoryLatestFirst } from './use-history';

export function HistoryPage() {
  const { data, isLoading } = useHistoryLatestFirst();
  const [removeFromHistory] = useRemoveFromHistoryMutation();
  return (
    <ListPage
      title="History"
      videos={data}
      isLoading={isLoading}
      empty={{ message: 'No History', action: 'Watch Some videos' }}
      onRemove={(video) => removeFromHistory(video)}
    />
  );
}

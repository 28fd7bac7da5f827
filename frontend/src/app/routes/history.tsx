import { HistoryView } from '@/features/history/history-view';

/** /history: the watched videos, their search and the remove-before tools. */
export const HistoryPage = () => <HistoryView />;

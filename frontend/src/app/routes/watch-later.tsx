import { VideoListView } from '@/features/video-lists/video-list-view';
import { watchLater } from '@/features/video-lists/video-lists-api';

/** /watchLater (a page of its own, see liked.tsx). */
export const WatchLaterPage = () => <VideoListView list={watchLater} />;

import { VideoSetView } from '@/features/video-sets/video-set-view';
import { watchLater } from '@/features/video-sets/video-sets-api';

/** /watchLater (a page of its own, see liked.tsx). */
export const WatchLaterPage = () => <VideoSetView videoSet={watchLater} />;

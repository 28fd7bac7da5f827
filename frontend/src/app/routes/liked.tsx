import { VideoSetView } from '@/features/video-sets/video-set-view';
import { likes } from '@/features/video-sets/video-sets-api';

// A component per list rather than one with a prop: going from one list to the other mounts a fresh
// page, which never shows the other list's videos while its own load.
export const LikedPage = () => <VideoSetView videoSet={likes} />;

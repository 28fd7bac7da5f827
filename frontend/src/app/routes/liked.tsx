import { VideoListView } from '@/features/video-lists/video-list-view';
import { likes } from '@/features/video-lists/video-lists-api';

// A component per list rather than one with a prop: going from one list to the other mounts a fresh
// page, which never shows the other list's videos while its own load.
export const LikedPage = () => <VideoListView list={likes} />;

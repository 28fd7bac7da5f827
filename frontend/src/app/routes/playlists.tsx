import { PlaylistsView } from '@/features/playlists/playlists-view';

/** /playlist: the user's playlists and New playlist. */
export const PlaylistsPage = () => <PlaylistsView />;

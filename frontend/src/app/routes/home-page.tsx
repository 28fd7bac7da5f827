import { useState } from 'react';
import { AppShell } from '@/components/app-shell';
import { Header, SearchBox } from '@/components/header';
import { AccountButton } from '@/features/auth/account-button';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { ContinueWatching } from '@/features/progress/continue-watching';
import { VideoCatalogue } from '@/features/videos/video-catalogue';
import { VideoMenu } from './video-menu';

/** Home renders its own header: the only one with the title search (SPEC §2). */
export function HomePage() {
  const [search, setSearch] = useState('');
  const playlistModal = usePlaylistModal();
  return (
    <AppShell header={<Header search={<SearchBox value={search} onChange={setSearch} />} account={<AccountButton />} />} sidebar>
      <main>
        <h1 className="visually-hidden">Explore videos</h1>
        <ContinueWatching />
        <VideoCatalogue search={search} menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
      </main>
      {playlistModal.modal}
    </AppShell>
  );
}

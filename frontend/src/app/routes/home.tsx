import { useSearchParams } from 'react-router-dom';
import { AppShell } from '@/components/app-shell';
import { Header } from '@/components/header';
import { HeaderSearch } from '@/components/header-search';
import { AccountButton } from '@/features/auth/account-button';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { ContinueWatching } from '@/features/progress/continue-watching';
import { VideoCatalogue } from '@/features/videos/video-catalogue';
import { useDocumentTitle } from '@/lib/document-title';
import { VideoMenu } from '@/features/video-sets/video-menu';

/**
 * Home renders its own header. Its state is the URL, /?category=Monitor&q=oled: a
 * category is a new history entry (Back returns to the previous one), the search replaces it.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const search = params.get('q') ?? '';
  const playlistModal = usePlaylistModal();
  useDocumentTitle(search.trim() ? `${search.trim()} - Search` : category ? `${category} videos` : 'Home');

  const onCategory = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('category', value);
      else next.delete('category');
      return next;
    });

  return (
    <AppShell header={<Header search={<HeaderSearch />} account={<AccountButton />} />} sidebar>
      <main>
        <h1 className="visually-hidden">Explore videos</h1>
        <ContinueWatching />
        <VideoCatalogue
          search={search}
          category={category}
          onCategory={onCategory}
          menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />}
        />
      </main>
      {playlistModal.modal}
    </AppShell>
  );
}

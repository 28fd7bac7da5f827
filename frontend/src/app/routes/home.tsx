import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppShell } from '@/components/app-shell';
import { Header } from '@/components/header';
import { HeaderSearch } from '@/components/header-search';
import { AccountButton } from '@/features/auth/account-button';
import { ContinueWatching } from '@/features/progress/continue-watching';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { readHomeQuery, withHomeParam, type HomeQuery } from '@/features/videos/home-query';
import { VideoCatalogue } from '@/features/videos/video-catalogue';
import { useDocumentTitle } from '@/lib/document-title';
import { VideoMenu, VideoSetMenus } from '@/features/video-sets/video-menu';

/** The server is asked once typing pauses this long, not at every key. */
const SEARCH_DELAY_MS = 250;

/**
 * Home renders its own header. Its state is the URL, /?q=pixel&category=smartphone&sort=popular, which
 * the server's search answers (README, "Using the app"): a chip is a new history entry (Back returns to
 * the previous one), the search replaces it.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const query = readHomeQuery(params);
  const [q, setQ] = useState(query.q);
  useEffect(() => {
    const timer = setTimeout(() => setQ(query.q), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query.q]);
  const playlistModal = usePlaylistModal();
  useDocumentTitle(query.q ? `${query.q} - Search` : query.category ? `${query.category} videos` : 'Home');

  const onParam = (name: keyof HomeQuery, value: string) => setParams((current) => withHomeParam(current, name, value));
  // A cleared box shows the catalogue at once; a changed search waits for the pause.
  const asked: HomeQuery = { ...query, q: query.q && q };
  if (!asked.q) delete asked.q;

  return (
    <AppShell header={<Header search={<HeaderSearch />} account={<AccountButton />} />} sidebar>
      <main>
        <h1 className="visually-hidden">Explore videos</h1>
        <ContinueWatching />
        <VideoCatalogue
          query={asked}
          onParam={onParam}
          menu={(video) => <VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />}
        />
      </main>
      {playlistModal.modal}
      <VideoSetMenus />
    </AppShell>
  );
}

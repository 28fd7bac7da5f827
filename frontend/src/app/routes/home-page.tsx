import { useMemo, useState } from 'react';
import { AppShell } from '@/components/app-shell';
import { Header, SearchBox } from '@/components/header';
import { Loader } from '@/components/loader';
import { VideoCard } from '@/components/video-card';
import { AccountButton } from '@/features/auth/account-button';
import { usePlaylistModal } from '@/features/playlists/use-playlist-modal';
import { CategoryBar } from '@/features/videos/category-bar';
import { filterVideos } from '@/features/videos/filter-videos';
import { useGetCategoriesQuery, useGetVideosQuery } from '@/features/videos/videos-api';
import { VideoMenu } from './video-menu';

/** Home renders its own header: the only one with the title search (SPEC §2). */
export function HomePage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const { data: videos, isLoading } = useGetVideosQuery();
  const { data: categories = [] } = useGetCategoriesQuery();
  const playlistModal = usePlaylistModal();
  const shown = useMemo(() => filterVideos(videos ?? [], search, category), [videos, search, category]);

  return (
    <AppShell header={<Header search={<SearchBox value={search} onChange={setSearch} />} account={<AccountButton />} />} sidebar>
      <main>
        <h1 className="visually-hidden">Explore videos</h1>
        <CategoryBar categories={categories} selected={category} onSelect={setCategory} />
        {/* Cards are h3: this keeps the outline h1 > h2 > h3 and names what the grid shows. */}
        <h2 className="visually-hidden">{category ? `${category} videos` : 'All videos'}</h2>
        {isLoading ? (
          <Loader />
        ) : shown.length === 0 ? (
          <p className="empty-state__text">No Videos</p>
        ) : (
          <ul className="video-grid">
            {shown.map((video) => (
              <li key={video._id}>
                <VideoCard video={video} menu={<VideoMenu video={video} onAddToPlaylist={playlistModal.openFor} />} />
              </li>
            ))}
          </ul>
        )}
      </main>
      {playlistModal.modal}
    </AppShell>
  );
}

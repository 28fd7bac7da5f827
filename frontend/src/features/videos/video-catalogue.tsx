import { useMemo, useState, type ReactNode } from 'react';
import { Loader } from '@/components/loader';
import { VideoCard } from '@/components/video-card';
import type { Video } from '@/lib/types';
import { CategoryBar } from './category-bar';
import { filterVideos } from './filter-videos';
import { useGetCategoriesQuery, useGetVideosQuery } from './videos-api';

/** SPEC §2 "Home": the category filter, then the videos matching it and the title search. */
export function VideoCatalogue({ search, menu }: { search: string; menu: (video: Video) => ReactNode }) {
  const [category, setCategory] = useState('');
  const { data: videos, isLoading } = useGetVideosQuery();
  const { data: categories = [] } = useGetCategoriesQuery();
  const shown = useMemo(() => filterVideos(videos ?? [], search, category), [videos, search, category]);

  return (
    <>
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
              <VideoCard video={video} menu={menu(video)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

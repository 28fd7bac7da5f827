import { useMemo, type ReactNode } from 'react';
import { CardSkeletons } from '@/components/skeleton';
import { VideoCard } from '@/components/video-card';
import type { Video } from '@/lib/types';
import { CategoryBar } from './category-bar';
import { filterVideos } from './filter-videos';
import { useGetCategoriesQuery, useGetVideosQuery } from './videos-api';

interface Props {
  search: string;
  /** '' stands for ALL. */
  category: string;
  onCategory: (categoryName: string) => void;
  menu: (video: Video) => ReactNode;
}

/** Home: the category filter, then the videos matching it and the title search. */
export function VideoCatalogue({ search, category, onCategory, menu }: Props) {
  const { data: videos, isError, refetch } = useGetVideosQuery();
  const { data: categories } = useGetCategoriesQuery();
  const shown = useMemo(() => filterVideos(videos ?? [], search, category), [videos, search, category]);

  return (
    <>
      <CategoryBar categories={categories} selected={category} onSelect={onCategory} />
      {/* Cards are h3: this keeps the outline h1 > h2 > h3 and names what the grid shows. */}
      <h2 className="visually-hidden">{category ? `${category} videos` : 'All videos'}</h2>
      {isError && !videos ? (
        <div className="empty-state">
          <p className="empty-state__text">The videos cannot be shown right now.</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : !videos ? (
        <CardSkeletons />
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

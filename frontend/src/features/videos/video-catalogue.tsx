import { useEffect, useRef, type ReactNode } from 'react';
import { ReadFailed } from '@/components/empty-state';
import { CardSkeletons } from '@/components/skeleton';
import { VideoCard } from '@/components/video-card';
import type { Video } from '@/lib/types';
import { useProgress } from '@/lib/progress';
import { CategoryBar, categorySlug, findCategory } from './category-bar';
import type { HomeQuery } from './home-query';
import { mergePages } from './paging';
import { useGetCategoriesQuery, useGetVideoPageInfiniteQuery } from './videos-api';

interface Props {
  /** As the URL says it; the search may lag the box by a moment while the user types. */
  query: HomeQuery;
  onParam: (name: keyof HomeQuery, value: string) => void;
  menu: (video: Video) => ReactNode;
}

/**
 * Home: the category and order chips, then the videos the server finds for them and the search, a page
 * at a time (docs/design/catalogue.md). The next page comes with "Load more videos", or by itself once
 * that button scrolls into view.
 */
export function VideoCatalogue({ query, onParam, menu }: Props) {
  const { data: categories } = useGetCategoriesQuery();
  // Each card's watched bar reads this answer (components/watched-bar.tsx).
  useProgress();
  const category = query.category ? findCategory(categories, query.category) : undefined;
  // The server is asked by slug, whatever the link said (a name, an id).
  const asked = category ? { ...query, category: categorySlug(category) } : query;
  const { data, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetVideoPageInfiniteQuery(asked);
  const videos = data && mergePages(data.pages);
  const more = useRef<HTMLButtonElement>(null);

  // The button loads the next page by itself when it comes into view (once per page: it waits for the last).
  useEffect(() => {
    const button = more.current;
    if (!button || !hasNextPage || isFetching || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasNextPage, isFetching, fetchNextPage]);

  return (
    <>
      <CategoryBar
        categories={categories}
        category={category ? categorySlug(category) : (query.category ?? '')}
        onCategory={(slug) => onParam('category', slug)}
        sort={query.sort}
        searching={!!query.q}
        onSort={(sort) => onParam('sort', sort)}
      />
      {/* Cards are h3: this keeps the outline h1 > h2 > h3 and names what the grid shows. */}
      <h2 className="visually-hidden">{category ? `${category.categoryName} videos` : 'All videos'}</h2>
      {isError && !videos ? (
        <ReadFailed message="The videos cannot be shown right now." onRetry={() => void refetch()} />
      ) : !videos ? (
        <CardSkeletons />
      ) : videos.length === 0 ? (
        <p className="empty-state__text">No Videos</p>
      ) : (
        <>
          <ul className="video-grid" aria-busy={isFetching && !isFetchingNextPage}>
            {videos.map((video, index) => (
              <li key={video._id}>
                <VideoCard video={video} menu={menu(video)} first={index === 0} />
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <div className="empty-state">
              <button
                ref={more}
                type="button"
                className="btn btn--outline"
                aria-disabled={isFetchingNextPage}
                onClick={() => !isFetchingNextPage && void fetchNextPage()}
              >
                {isFetchingNextPage ? 'Loading more videos…' : 'Load more videos'}
              </button>
            </div>
          )}
          <p className="visually-hidden" role="status">
            {isFetchingNextPage ? 'Loading more videos' : `${videos.length} videos shown`}
          </p>
        </>
      )}
    </>
  );
}

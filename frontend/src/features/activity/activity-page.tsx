import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { paths } from '@/app/config/paths';
import { useToken } from '@/app/hooks';
import { Loader } from '@/components/loader';
import type { ActivityItem } from './activity-api';
import { useGetActivityInfiniteQuery } from './activity-api';
import { activitySentence, readableTime } from './activity-sentence';
import './activity-page.css';

/** The signed-in user's own actions, newest first, a page at a time. */
export function ActivityPage() {
  const token = useToken();
  // Always re-read on opening: every action elsewhere in the app adds a line.
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetActivityInfiniteQuery(
    token ?? skipToken,
    { refetchOnMountOrArgChange: true },
  );
  const items = data?.pages.flatMap((page) => page.activity) ?? [];
  const list = useRef<HTMLOListElement>(null);
  const firstNew = useRef<number | null>(null);

  // Keyboard users land on the first line that "Load more" brought, not back at the top.
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || items.length <= index) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLElement>('.activity-item')[index]?.focus();
  }, [items.length]);

  const loadMore = () => {
    firstNew.current = items.length;
    void fetchNextPage();
  };

  return (
    <main className="activity-page">
      <h1 className="activity-page__title">Activity</h1>
      {isLoading && !data ? (
        <Loader />
      ) : isError && !data ? (
        <div className="empty-state">
          <p className="empty-state__text">Your activity cannot be shown right now.</p>
          <button type="button" className="btn btn--outline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="empty-state__text">No activity yet</p>
      ) : (
        <>
          <ol className="activity-page__list" ref={list}>
            {items.map((item) => (
              <li key={item.position} className="activity-item" tabIndex={-1}>
                <p className="activity-item__text">
                  <Sentence item={item} />
                </p>
                <time className="activity-item__time" dateTime={item.at}>
                  {readableTime(item.at)}
                </time>
              </li>
            ))}
          </ol>
          {hasNextPage && (
            <button type="button" className="btn btn--outline activity-page__more" onClick={loadMore} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </main>
  );
}

function Sentence({ item }: { item: ActivityItem }) {
  return activitySentence(item).map((part, i) => {
    if (typeof part === 'string') return <span key={i}>{part}</span>;
    if ('video' in part) {
      return part.video ? (
        <Link key={i} className="activity-item__video" to={paths.videoPlay.to(part.video._id)}>
          {part.video.title}
        </Link>
      ) : (
        <span key={i} className="activity-item__gone">
          a video that is no longer available
        </span>
      );
    }
    return (
      <strong key={i} className="activity-item__playlist">
        {part.playlist ?? 'a playlist'}
      </strong>
    );
  });
}

import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ReadFailed } from '@/components/empty-state';
import { Link } from '@/components/link';
import { Loader } from '@/components/loader';
import { activitySentence, GONE_VIDEO, plainSentence, SOME_PLAYLIST } from '@/lib/activity';
import { useDocumentTitle } from '@/lib/document-title';
import { useUserArg } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import type { ActivityItem } from '@/lib/types';
import { useUndo, useUndoPreview } from '@/lib/undo';
import { useGetActivityInfiniteQuery } from './activity-api';
import { readableTime } from './readable-time';
import { LibraryAsOf, TimeTravelForm } from './time-travel';
import './activity-page.css';

/**
 * The signed-in user's own actions, newest first, a page at a time; or, with ?asOf=, the
 * read-only picture of their library at that moment (Back returns to the timeline).
 */
export function ActivityView() {
  const [params] = useSearchParams();
  const asOf = params.get('asOf');
  const navigate = useNavigate();
  useDocumentTitle('Activity');
  return (
    <main className="activity-page">
      <h1 className="activity-page__title">Activity</h1>
      <TimeTravelForm key={asOf ?? ''} asOf={asOf} onShow={(iso) => void navigate(paths.activity.to(iso))} />
      {asOf ? <LibraryAsOf asOf={asOf} /> : <Timeline />}
    </main>
  );
}

function Timeline() {
  const undoLastAction = useUndo();
  const { data: nextUndo, isLoading: previewLoading, refetch: refetchUndo } = useUndoPreview(useUserArg(undefined));
  // Always re-read on opening: every action elsewhere in the app adds a line.
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetActivityInfiniteQuery(
    useUserArg(undefined),
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

  // For keyboard and screen reader users, who may not reach a toast's Undo in its 2 seconds.
  const undo = async () => {
    await undoLastAction();
    void refetch();
    void refetchUndo();
  };

  return (
    <section className="activity-page__timeline" aria-label="Timeline">
      {/* The button, the sentence of what it will undo and the lines come together: the sentence, read apart and
          arriving last, would push the button or the lines down. */}
      {(isLoading && !data) || previewLoading ? (
        <Loader />
      ) : (
        <>
          <div className="activity-page__tools">
            <button type="button" className="btn btn--outline" onClick={() => void undo()} aria-describedby="next-undo">
              Undo my last action
            </button>
            {/* Says what the button will undo before it is pressed (the server's own choice). */}
            <p id="next-undo" className="activity-page__next-undo">
              {nextUndo === undefined ? '' : nextUndo ? `Will undo: ${plainSentence(nextUndo)}` : 'Nothing to undo'}
            </p>
          </div>
          {isError && !data ? (
            <ReadFailed message="Your activity cannot be shown right now." onRetry={() => void refetch()} />
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
        </>
      )}
    </section>
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
          {GONE_VIDEO}
        </span>
      );
    }
    return (
      <strong key={i} className="activity-item__playlist">
        {part.playlist ?? SOME_PLAYLIST}
      </strong>
    );
  });
}

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/link';
import { skipToken } from '@reduxjs/toolkit/query';
import { paths } from '@/lib/paths';
import { useUserArg } from '@/lib/hooks';
import { ListPage } from '@/components/list-page';
import { useSettings } from '@/lib/settings';
import { undoableOnSuccess } from '@/lib/undo';
import { useRemoveFromHistoryMutation, useSearchHistoryQuery } from './history-api';
import { HistoryTools } from './history-tools';
import { useHistoryLatestFirst } from './use-history';
import './history-page.css';

const SEARCH_DELAY_MS = 300;

/** The search as typed, committed to the URL (?search=) once typing pauses. */
function useDebouncedSearch() {
  const [params, setParams] = useSearchParams();
  const committed = params.get('search')?.trim() ?? '';
  const [typed, setTyped] = useState(committed);
  // The URL changed under us (the sidebar's History link, Back): the box follows it.
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== typed.trim()) setTyped(committed);
  }

  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === committed) return;
    const timer = setTimeout(() => setParams(wanted ? { search: wanted } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, committed, setParams]);

  return { typed, setTyped, search: committed };
}

export function HistoryView() {
  const { data, isLoading } = useHistoryLatestFirst();
  const { typed, setTyped, search } = useDebouncedSearch();
  const found = useSearchHistoryQuery(useUserArg(search || skipToken));
  const foundLatestFirst = useMemo(() => found.data && [...found.data].reverse(), [found.data]);
  const { data: settings } = useSettings();
  const [removeFromHistory] = useRemoveFromHistoryMutation();

  return (
    <ListPage
      title="History"
      videos={data}
      isLoading={isLoading}
      empty={{ message: 'No History', action: 'Watch Some videos' }}
      onRemove={(video) => removeFromHistory(video).then(undoableOnSuccess('Removed From History'))}
      toolbar={(shown) => (
        <>
          {/* Every action, not only what was watched; on phones the way to Activity (not in the bottom bar). */}
          <p className="history-activity">
            <Link to={paths.activity.to()}>See all your activity</Link>
          </p>
          {settings?.historyPaused && (
            <p className="history-paused" role="note">
              History is paused: videos you play now are not recorded. <Link to={paths.settings.to()}>Resume it in Settings</Link>
            </p>
          )}
          {!!shown?.length && (
            <HistoryTools
              search={typed}
              onSearch={setTyped}
              matches={search && !found.isFetching ? foundLatestFirst?.length : undefined}
              total={shown.length}
            />
          )}
        </>
      )}
      filtered={
        search
          ? {
              videos: found.isError ? [] : foundLatestFirst,
              none: (
                <p className="empty-state__text">
                  {found.isError ? 'The search did not work. Try again later.' : `Nothing in your history matches “${search}”.`}
                </p>
              ),
            }
          : undefined
      }
    />
  );
}

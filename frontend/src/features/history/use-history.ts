import { useEffect, useMemo, useRef } from 'react';
import { useToken, useUserArg } from '@/lib/hooks';
import type { Video } from '@/lib/types';
import { useSettings } from '@/lib/settings';
import { useGetHistoryQuery, useRecordWatchMutation } from './history-api';

/** The history, latest watched first (the server keeps it oldest first). */
export function useHistoryLatestFirst() {
  const result = useGetHistoryQuery(useUserArg(undefined));
  const latestFirst = useMemo(() => result.data && [...result.data].reverse(), [result.data]);
  return { ...result, data: latestFirst };
}

/**
 * Opening a video while logged in records it as the latest watched, unless the user paused
 * history. The settings are read first: while paused the server refuses the entry (409), which
 * would only be logged noise. If they cannot be read, the server still has the last word.
 */
export function useRecordWatch(video: Video | undefined) {
  const token = useToken();
  const settings = useSettings();
  const settled = !settings.isUninitialized && !settings.isLoading;
  const paused = settings.data?.historyPaused ?? false;
  const [recordWatch] = useRecordWatchMutation();
  // One record per opened video and session: StrictMode's double effects must not record twice.
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !video || !settled) return;
    const key = `${token}:${video._id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // History failures are only logged, as its endpoints declare.
    if (!paused) recordWatch(video);
  }, [token, video, settled, paused, recordWatch]);
}

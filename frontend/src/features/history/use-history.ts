import { useEffect, useMemo, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useToken } from '@/app/hooks';
import type { Video } from '@/app/types';
import { useGetHistoryQuery, useRecordWatchMutation } from './history-api';

/** The history, latest watched first (the server keeps it oldest first). */
export function useHistoryLatestFirst() {
  const token = useToken();
  const result = useGetHistoryQuery(token ?? skipToken);
  const latestFirst = useMemo(() => result.data && [...result.data].reverse(), [result.data]);
  return { ...result, data: latestFirst };
}

/** SPEC §4: opening a video while logged in records it as the latest watched. */
export function useRecordWatch(video: Video | undefined) {
  const token = useToken();
  const [recordWatch] = useRecordWatchMutation();
  // One record per opened video and session: StrictMode's double effects must not record twice.
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !video) return;
    const key = `${token}:${video._id}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // History failures are only logged (SPEC §8), by the API error middleware.
    recordWatch(video);
  }, [token, video, recordWatch]);
}

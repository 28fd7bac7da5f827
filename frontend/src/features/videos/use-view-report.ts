import { useCallback, useEffect, useRef } from 'react';
import { api } from '@/lib/api';
import { useToken } from '@/lib/hooks';
import { guestViewerId, playbackTimer } from './view-report';
import type { ViewReportBody } from '@/lib/types';

const viewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // No error policy beyond the log: a view that could not be reported is not the user's concern.
    reportView: build.mutation<unknown, { videoId: string } & ViewReportBody>({
      query: ({ videoId, ...body }) => ({ url: `/video/${encodeURIComponent(videoId)}/views`, method: 'POST', body }),
    }),
  }),
});

/**
 * Reports one view of `videoId` per page view, after 10 s of playback (docs/design/catalogue.md): the
 * returned callback takes the player's starts and stops (usePlaybackProgress's `onPlaying`). Signed in,
 * the token names the viewer; a guest sends `{ viewer }`, its random id for this browser session.
 */
export function useViewReport(videoId: string | undefined) {
  const [reportView] = viewsApi.useReportViewMutation();
  const token = useToken();
  const signedIn = useRef(!!token);
  useEffect(() => {
    signedIn.current = !!token;
  }, [token]);
  const timer = useRef<ReturnType<typeof playbackTimer> | undefined>(undefined);
  // A new page view per video.
  useEffect(() => {
    if (!videoId) return;
    const current = playbackTimer(() => void reportView(signedIn.current ? { videoId } : { videoId, viewer: guestViewerId() }));
    timer.current = current;
    return () => {
      current.stop();
      timer.current = undefined;
    };
  }, [videoId, reportView]);
  return useCallback((playing: boolean) => timer.current?.playing(playing), []);
}

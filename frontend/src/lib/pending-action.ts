import { useEffect } from 'react';
import type { Video } from './types';

/**
 * What a guest asked for before being sent to log in ("like this video"), done once they are back
 * signed in. Kept in sessionStorage: it survives the trip through /login or /signup, and is
 * forgotten with the tab or after a while, so a stale wish never acts on a later visit.
 */
export interface PendingAction {
  /** Which action: 'likes', 'watchlater', 'playlist'. */
  kind: string;
  video: Video;
}

const KEY = 'pendingAction';
const LIFETIME_MS = 10 * 60 * 1000;

export function rememberPendingAction(action: PendingAction): void {
  sessionStorage.setItem(KEY, JSON.stringify({ ...action, until: Date.now() + LIFETIME_MS }));
}

function takePendingAction(kind: string, videoId: string | undefined): Video | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as (PendingAction & { until: number }) | null;
    if (!stored || stored.until < Date.now()) return void sessionStorage.removeItem(KEY);
    if (stored.kind !== kind || (videoId !== undefined && stored.video._id !== videoId)) return undefined;
    sessionStorage.removeItem(KEY);
    return stored.video;
  } catch {
    sessionStorage.removeItem(KEY);
    return undefined;
  }
}

/**
 * Runs `run` once with the video of a pending action of this kind (and this video, when given) as
 * soon as `run` is ready (undefined: not yet, e.g. the list is still loading) and the user is signed in.
 */
export function usePendingAction(signedIn: boolean, kind: string, videoId: string | undefined, run: ((video: Video) => void) | undefined) {
  useEffect(() => {
    if (!signedIn || !run) return;
    const video = takePendingAction(kind, videoId);
    if (video) run(video);
  }, [signedIn, kind, videoId, run]);
}

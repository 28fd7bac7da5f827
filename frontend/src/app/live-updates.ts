import { api } from '@/lib/api';
import { followEventStream } from '@/lib/live/event-stream';
import { announceLiveChange, readChange, type LiveChange } from '@/lib/live/live-change';
import { tagsOf, USER_TAGS } from '@/lib/live/live-tags';
import { shareStream, type LockManagerLike } from '@/lib/live/shared-stream';
import type { SseMessage } from '@/lib/live/sse-parser';
import type { AppStore } from './store';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

const anyWritePending = (store: AppStore) => Object.values(store.getState().api.mutations).some((m) => m?.status === 'pending');

/**
 * Reads again the answers each change names. While one of the user's own writes is still on its way, the
 * refetch waits for it: its optimistic guess is on screen, and an answer read in between (the echo of its
 * first move, say, while three are queued) would show an older list for a moment. RTK Query keeps the data
 * while it refetches, and no page shows a loader over data, so the echo of the user's own change reads
 * again to what is already shown, without a flicker (docs/design/live-updates.md, "In the browser").
 */
function createInvalidator(store: AppStore) {
  let tags: Tags = [];
  let changes: LiveChange[] = [];
  let waiting: (() => void) | undefined;
  const flush = () => {
    if (anyWritePending(store)) return;
    waiting?.();
    waiting = undefined;
    const [now, told] = [tags, changes];
    [tags, changes] = [[], []];
    store.dispatch(api.util.invalidateTags(now));
    told.forEach(announceLiveChange);
  };
  return (more: Tags, change?: LiveChange) => {
    tags = [...tags, ...more];
    if (change) changes.push(change);
    if (!anyWritePending(store)) flush();
    else waiting ??= store.subscribe(flush);
  };
}

const onMessage = (invalidate: ReturnType<typeof createInvalidator>) => (message: SseMessage) => {
  if (message.event === 'reset') return invalidate([...USER_TAGS]);
  if (message.event !== 'change') return;
  const change = readChange(message.data);
  const tags = change && tagsOf(change);
  if (change && tags?.length) invalidate(tags, change);
};

const locks = (): LockManagerLike | undefined => (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined);
const openChannel = typeof BroadcastChannel === 'function' ? (name: string) => new BroadcastChannel(name) : undefined;

let started = false;

/**
 * The live changes (docs/design/live-updates.md): the catalogue's stream for everyone, the user's own while
 * signed in, each read by one tab of the browser and passed to the others (lib/live/shared-stream.ts).
 * Loaded after the first render (app.tsx), outside the first screen's budget (README, "Speed on a phone");
 * `endSession` is session-listeners.ts's, passed in so that this chunk does not share the session's modules
 * with the first screen's (which would split them into chunks of their own there).
 */
export function startLiveUpdates(store: AppStore, endSession: (dispatch: AppStore['dispatch']) => void): void {
  if (started) return;
  started = true;
  const invalidate = createInvalidator(store);
  const follow = (url: string, token?: () => string | null) =>
    shareStream({
      name: `techtube-live ${url}`,
      locks: locks(),
      openChannel,
      onMessage: onMessage(invalidate),
      lead: (lastEventId, signal, deliver) =>
        followEventStream({
          url,
          token,
          lastEventId,
          signal,
          onMessage: deliver,
          // A 401 ends the session as any 401 with a token does (session-listeners.ts); a 404 or 403 is a
          // server without the route: the app goes on without live changes.
          onRefused: (status) => {
            if (status === 401 && token && store.getState().auth.token) endSession(store.dispatch);
          },
        }),
    });

  const streams = [follow('/api/catalogue/changes')];
  let user: { id: string; stream: ReturnType<typeof follow> } | undefined;
  const followUser = () => {
    const { token, user: profile } = store.getState().auth;
    const id = token && profile ? profile._id : undefined;
    if (id === user?.id) return;
    user?.stream.stop();
    // One stream per user and browser: another user signed in in another tab has their own lock.
    user = id ? { id, stream: follow('/api/user/changes', () => store.getState().auth.token) } : undefined;
  };
  followUser();
  store.subscribe(followUser);

  // Back in the foreground or back online: reconnect at once instead of at the end of the backoff.
  const wake = () => {
    if (document.visibilityState === 'hidden') return;
    streams.forEach((stream) => stream.wake());
    user?.stream.wake();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
}

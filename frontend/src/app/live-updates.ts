import { followEventStream } from '@/lib/live/event-stream';
import { createInvalidator } from '@/lib/live/invalidator';
import { readChange } from '@/lib/live/live-change';
import { CATALOGUE_TAGS, tagsOf, USER_TAGS } from '@/lib/live/live-tags';
import { whenNoRequestPending } from '@/lib/live/pending-requests';
import { shareStream, type LockManagerLike } from '@/lib/live/shared-stream';
import type { SseMessage } from '@/lib/live/sse-parser';
import type { AppStore } from './store';

/** The catalogue stream's changes: what no page shows of them is dropped, not read again. */
const CATALOGUE_WHATS = new Set(['video', 'categories', 'catalogue']);

/** `catalogue`: the catalogue's stream, whose `reset` reads the catalogue again, not the user's lists. */
const onMessage = (invalidate: ReturnType<typeof createInvalidator>, catalogue: boolean) => (message: SseMessage) => {
  if (message.event === 'reset')
    return catalogue ? invalidate([...CATALOGUE_TAGS], undefined, { keepUnshown: false }) : invalidate([...USER_TAGS]);
  if (message.event !== 'change') return;
  const change = readChange(message.data);
  const tags = change && tagsOf(change);
  // The catalogue's answers no page shows (each home video's own, from index.html) are dropped rather than read:
  // a retired video's would only answer 410.
  if (change && tags?.length) invalidate(tags, change, { keepUnshown: !CATALOGUE_WHATS.has(change.what) });
};

const locks = (): LockManagerLike | undefined => (typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined);
const openChannel = typeof BroadcastChannel === 'function' ? (name: string) => new BroadcastChannel(name) : undefined;

let started = false;

/** How long the streams wait for the first screen's reads before they start all the same. */
const FIRST_READS_WAIT_MS = 10_000;

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
  // `name`: one lock and channel per stream and user, so that tabs signed in as different users (a session
  // kept for the browser session only is per tab) each read their own.
  const follow = (url: string, token?: { user: string; read: () => string | null }) =>
    shareStream({
      name: `techtube-live ${url}${token ? ` ${token.user}` : ''}`,
      locks: locks(),
      openChannel,
      onMessage: onMessage(invalidate, !token),
      // A first connect starts from where the page's reads were (changes-position.ts): what changed since
      // is sent first. Without any, the server says where the stream starts.
      lead: (lastEventId, signal, deliver) =>
        followEventStream({
          url,
          token: token?.read,
          lastEventId: lastEventId ?? store.getState().changesPosition.readThrough,
          signal,
          onMessage: deliver,
          // A 401 ends the session as any 401 with a token does (session-listeners.ts); a 404 or 403 is a
          // server without the route: the app goes on without live changes.
          onRefused: (status) => {
            if (status === 401 && token && store.getState().auth.token) endSession(store.dispatch);
          },
        }),
    });

  const streams: ReturnType<typeof follow>[] = [];
  let user: { id: string; stream: ReturnType<typeof follow> } | undefined;
  const followUser = () => {
    const { token, user: profile } = store.getState().auth;
    const id = token && profile ? profile._id : undefined;
    if (id === user?.id) return;
    user?.stream.stop();
    user = id ? { id, stream: follow('/api/user/changes', { user: id, read: () => store.getState().auth.token }) } : undefined;
  };
  // Once the first screen's reads are answered, so that the streams start from the position they carry.
  void whenNoRequestPending(store, FIRST_READS_WAIT_MS).then(() => {
    streams.push(follow('/api/catalogue/changes'));
    followUser();
    store.subscribe(followUser);
  });

  // Back in the foreground or back online: reconnect at once instead of at the end of the backoff.
  const wake = () => {
    if (document.visibilityState === 'hidden') return;
    streams.forEach((stream) => stream.wake());
    user?.stream.wake();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
}

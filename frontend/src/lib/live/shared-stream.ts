import type { SseMessage } from './sse-parser';

/** The part of `navigator.locks` used: a lock held while the callback's promise is pending. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** The part of a BroadcastChannel used. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** What the tabs say to each other on the channel. */
type Note = { kind: 'message'; message: SseMessage } | { kind: 'wake' };

/** The leader's reading of the stream, as event-stream.ts's followEventStream gives it. */
export interface Leading {
  wake: () => void;
}

export interface SharedStreamOptions {
  /** The lock's and the channel's name: one stream per name in the whole browser. */
  name: string;
  /** Starts reading the stream from `lastEventId` (undefined: from now) until `signal` aborts. */
  lead: (lastEventId: string | undefined, signal: AbortSignal, deliver: (message: SseMessage) => void) => Leading;
  /** Each message, in every tab (the leader's own included). */
  onMessage: (message: SseMessage) => void;
  locks?: LockManagerLike;
  openChannel?: (name: string) => ChannelLike;
}

/**
 * One stream per browser (docs/design/live-updates.md, "In the browser"): the tab holding the Web Lock `name`
 * reads the stream and passes each message to the others on the BroadcastChannel `name`. The lock is held
 * while the tab lives; when it closes (or stops), the next tab waiting takes the lock and reads from the
 * last id it was passed, so that nothing between is lost. Without Web Locks (an insecure context) or
 * BroadcastChannel, each tab reads its own stream. Returns `stop` and `wake` (cut the leader's backoff
 * short, whichever tab asks).
 */
export function shareStream({ name, lead, onMessage, locks, openChannel }: SharedStreamOptions): { stop: () => void; wake: () => void } {
  const stopped = new AbortController();
  const channel = locks ? openChannel?.(name) : undefined;
  let lastEventId: string | undefined;
  let leading: Leading | undefined;

  const deliver = (message: SseMessage) => {
    lastEventId = message.id ?? lastEventId;
    channel?.postMessage({ kind: 'message', message } satisfies Note);
    onMessage(message);
  };
  // The lock is held from the moment the stream is led until the tab stops (or closes, which lets go of it),
  // even if the stream was refused for good (event-stream.ts): the other tabs then do not each ask again.
  const leadUntilStopped = async () => {
    if (stopped.signal.aborted) return;
    leading = lead(lastEventId, stopped.signal, deliver);
    await new Promise<void>((resolve) => stopped.signal.addEventListener('abort', () => resolve()));
    leading = undefined;
  };

  channel?.addEventListener('message', ({ data }) => {
    const note = data as Note;
    if (note.kind === 'wake') leading?.wake();
    else if (note.kind === 'message') {
      lastEventId = note.message.id ?? lastEventId;
      onMessage(note.message);
    }
  });

  if (locks && channel) {
    // Rejected with an AbortError when stopped while still waiting: nothing to do then.
    locks.request(name, { signal: stopped.signal }, leadUntilStopped).catch(() => undefined);
  } else void leadUntilStopped();

  return {
    stop: () => {
      stopped.abort();
      channel?.close();
    },
    wake: () => (leading ? leading.wake() : channel?.postMessage({ kind: 'wake' } satisfies Note)),
  };
}

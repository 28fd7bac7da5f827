import { backoffDelay } from './backoff';
import { createSseParser, type SseMessage } from './sse-parser';

/** The stream was refused: `status` is the answer's (401 ends the session, docs/design/live-updates.md). */
class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`stream refused: ${status}`);
  }
}

/** Three missed heartbeats (every 15 s, docs/design/live-updates.md): the connection is dead without saying so. */
const SILENCE_MS = 45_000;

interface ReadOptions {
  url: string;
  /** Sent as `authorization` (the raw token, as lib/api.ts sends it), when there is one. */
  token?: string | null;
  lastEventId?: string;
  signal: AbortSignal;
  onOpen?: () => void;
  onMessage: (message: SseMessage) => void;
  fetchImpl?: typeof fetch;
}

/**
 * Reads one text/event-stream over fetch (EventSource cannot send the `authorization` header) until the
 * server ends it, the signal aborts it or it falls silent; throws StreamRefused for an answer other than 200.
 */
async function readEventStream({ url, token, lastEventId, signal, onOpen, onMessage, fetchImpl = fetch }: ReadOptions): Promise<void> {
  const silence = new AbortController();
  const aborted = () => silence.abort();
  signal.addEventListener('abort', aborted);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(), SILENCE_MS);
  };
  try {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token) headers.authorization = token;
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    heard();
    const response = await fetchImpl(url, { headers, signal: silence.signal, cache: 'no-store' });
    if (response.status !== 200 || !response.body) throw new StreamRefused(response.status);
    onOpen?.();
    const parser = createSseParser(onMessage);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // Ends a read in progress whatever the body does with the fetch's abort.
    silence.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      heard();
      parser.push(value);
    }
  } catch (error) {
    // Ours (aborted or silent): an end like the server's, reconnected by the caller if it still wants to.
    if (silence.signal.aborted && !(error instanceof StreamRefused)) return;
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', aborted);
  }
}

interface FollowOptions extends Omit<ReadOptions, 'token' | 'lastEventId' | 'onOpen'> {
  /** Read at each connect, so that a renewed token is the one sent. */
  token?: () => string | null | undefined;
  lastEventId?: string;
  /** The stream was refused for good (401, 403, 404): it is not asked again. */
  onRefused?: (status: number) => void;
  random?: () => number;
}

/** Answers that will not change by asking again: 401 (the session ended), 403, 404 (a server without the route). */
const FINAL = new Set([401, 403, 404]);

/**
 * Follows a stream for as long as `signal` lets it: reconnects after every end with the last id seen
 * (`Last-Event-ID`), backing off after failures (backoff.ts). `wake()` cuts a wait short: the tab came back
 * to the foreground, or the browser back online.
 */
export function followEventStream(options: FollowOptions): {
  done: Promise<void>;
  wake: () => void;
  lastEventId: () => string | undefined;
} {
  const { signal, onMessage, onRefused, token, random = Math.random } = options;
  let lastEventId = options.lastEventId;
  let wakeUp: (() => void) | undefined;
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      wakeUp = done;
    });

  const run = async () => {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        await readEventStream({
          ...options,
          token: token?.(),
          lastEventId,
          onOpen: () => (attempt = 0),
          onMessage: (message) => {
            lastEventId = message.id ?? lastEventId;
            onMessage(message);
          },
        });
      } catch (error) {
        if (error instanceof StreamRefused && FINAL.has(error.status)) {
          if (!signal.aborted) onRefused?.(error.status);
          return;
        }
      }
      if (!signal.aborted) await wait(backoffDelay(attempt++, random()));
    }
  };
  return { done: run(), wake: () => wakeUp?.(), lastEventId: () => lastEventId };
}

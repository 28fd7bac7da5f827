import { IncomingMessage, get } from 'node:http';
/** One message of a changes stream as a client reads it (docs/design/live-updates.md). */
export interface StreamMessage {
  readonly id?: string;
  readonly event: string;
  readonly data: any;
  /** When the client read it (performance.now()). */
  readonly at: number;
}

export interface OpenStream {
  readonly status: number;
  readonly headers: Headers;
  /** Every message read so far, in order. */
  readonly messages: StreamMessage[];
  /** Heartbeat comments read so far. */
  heartbeats: number;
  /** The ids of the blocks that set only an id (where the stream is), in order. */
  readonly positions: string[];
  /** The next message (after those already taken by `next`) that matches, within `timeoutMs`; throws with `what` otherwise. */
  next(what: string, match?: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream; throws with `what` after `timeoutMs`. */
  ended(what: string, timeoutMs?: number): Promise<void>;
  /** Whether the server ended it. */
  readonly isEnded: boolean;
  close(): void;
}

/**
 * Opens `GET {baseUrl}/api{path}` with the token in a header, as the frontend does (with fetch, since
 * EventSource cannot send it), and reads its Server-Sent Events as they come. Every wait is bounded and fails with what it waited for.
 */
export async function openStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  // node:http rather than fetch: closing destroys exactly this stream's socket, nothing is pooled.
  const request = get(`${baseUrl}/api${path}`, { headers, agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
  const messages: StreamMessage[] = [];
  let taken = 0;
  let ended = false;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };
  const stream: OpenStream = {
    status: response.statusCode!,
    headers: new Headers(Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)])),
    messages,
    heartbeats: 0,
    positions: [],
    get isEnded() {
      return ended;
    },
    next: (what, match = () => true, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          while (taken < messages.length) {
            const message = messages[taken++]!;
            if (match(message)) {
              finish();
              resolve(message);
              return;
            }
          }
          if (ended) {
            finish();
            reject(new Error(`stream ended before ${what}; read: ${JSON.stringify(messages.map((m) => m.data))}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${what} within ${timeoutMs} ms; read: ${JSON.stringify(messages.map((m) => m.data))}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          wakers.delete(check);
        };
        wakers.add(check);
        check();
      }),
    ended: (what, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!ended) return;
          clearTimeout(timer);
          wakers.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`the stream did not end within ${timeoutMs} ms: ${what}`));
        }, timeoutMs);
        wakers.add(check);
        check();
      }),
    close: () => request.destroy(),
  };
  if (response.statusCode !== 200) {
    ended = true;
    response.resume();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              stream.heartbeats++;
              continue;
            }
            const colon = line.indexOf(':');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
          }
          if (fields.event === undefined && fields.data === undefined && fields.id !== undefined) stream.positions.push(fields.id);
          else if (fields.event !== undefined || fields.data !== undefined)
            messages.push({
              id: fields.id,
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data ?? 'null'),
              at: performance.now(),
            });
        }
        wake();
      }
    } catch {
      // aborted by close(), or the connection dropped: ended either way
    }
    ended = true;
    wake();
  })();
  return stream;
}

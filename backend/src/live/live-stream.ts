import type { ServerResponse } from 'node:http';
import type { LiveMessage } from './live-change';

/**
 * What a stream holds for a client that reads slower than its changes come, once the socket's own buffer is
 * full: past it the stream is behind for good, and it ends with a `reset` (docs/design/live-updates.md,
 * "Bounds"). A hundred messages or so; the socket's buffer holds 16 kB more.
 */
const MAX_HELD_BYTES = 16 * 1024;
/**
 * What a stream that is behind may hold in all: the socket's own buffer (Node's 16 kB high-water mark, which a
 * write may pass by one message) and what the stream holds itself (live-streams.ts bounds how many are behind).
 */
export const MAX_BEHIND_BYTES = 2 * 16 * 1024 + MAX_HELD_BYTES;
/** How long an ended stream's last bytes may take to leave before its socket is destroyed all the same. */
const END_GRACE_MS = 2_000;

/** Who a stream is for: a signed-in user's changes (with the token to check again), or the catalogue's. */
export type StreamOwner =
  | { readonly kind: 'user'; readonly userId: string; readonly authorization: string }
  | { readonly kind: 'catalogue'; readonly address: string };

/**
 * One open changes stream: Server-Sent Events written straight to the socket (the reply is hijacked, so
 * nothing of Fastify's buffers, compresses or caches it). Framing as docs/design/live-updates.md gives it.
 */
export class LiveStream {
  private ended = false;
  /**
   * Blocks written while the socket's buffer was full, sent as one chunk when it drains. Kept here rather than
   * queued on the socket: each queued write costs the socket several objects (a chunked answer writes its size,
   * the data and a line end), far more than the bytes the stream's bound would count.
   */
  private held: string[] = [];
  private heldBytes = 0;
  /** Called once, when a stream ends because its client fell behind (the metrics count it). */
  onFellBehind: () => void = () => undefined;
  /** Called when the socket's buffer fills (true: the stream holds what comes) and when it is sent or dropped (false). */
  onBehind: (behind: boolean) => void = () => undefined;
  /** The last event id the client holds, as far as this stream has told it (undefined: none, or none of use after a reset). */
  private holds: bigint | undefined;
  /** Called once, when the stream ends for any reason (the registry forgets it). */
  onEnd: () => void = () => undefined;

  constructor(
    readonly owner: StreamOwner,
    private readonly response: ServerResponse,
  ) {
    // The socket goes with the stream (its answer says `connection: close`): one left open after its stream
    // closed would hold a descriptor and make `app.close()` wait on it.
    const socket = response.socket;
    const end = () => {
      this.finish();
      if (socket && !socket.destroyed && !response.writableEnded) socket.destroy();
    };
    response.on('close', end);
    response.on('error', end);
  }

  /** The status line and headers: the other answers' headers (security, request id, CORS) and the stream's own. */
  open(headers: Record<string, string | string[] | number | undefined>): void {
    const kept = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
      string,
      string | string[] | number
    >;
    this.response.writeHead(200, {
      ...kept,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      // nginx would otherwise buffer the stream (docs/design/live-updates.md, "Behind a proxy").
      'x-accel-buffering': 'no',
      // The connection ends with the stream: an idle keep-alive socket left by a long stream would only
      // hold a file descriptor, and `app.close()` would wait on it.
      connection: 'close',
    });
    // The headers go out now, not with the first message: the client knows the stream is open.
    this.response.flushHeaders();
  }

  /** The client resumes from its `Last-Event-ID`: it holds that position. */
  resumesFrom(position: bigint): void {
    this.holds = position;
  }

  /** A change, as the feed made its message once for every stream. */
  change(message: LiveMessage): void {
    this.write(message.frame);
    this.holds = message.position;
  }

  /**
   * Where the client now is, without a message: every change through `position` it has been told or has
   * read. The event-stream format's id-only block (no data: nothing is dispatched, but the last event id
   * becomes this), so that its next reconnect resumes from here (docs/design/live-updates.md). Written only
   * when `position` is past what the client holds; says whether it was.
   */
  advanceTo(position: bigint): boolean {
    if (this.holds !== undefined && position <= this.holds) return false;
    this.write(`id: ${position}\n\n`);
    this.holds = position;
    return true;
  }

  /**
   * The server cannot say what changed since the client's last id: refetch everything. No `id`: the client
   * keeps its last one, so a reconnect asks again from there rather than skip a change not yet shown.
   */
  reset(): void {
    this.write('event: reset\ndata: {}\n\n');
    this.holds = undefined;
  }

  /**
   * Keeps proxies from closing an idle stream: the id-only block of `position` (where every change has been told
   * through) when it is past what the client holds, so that a stream that hears nothing for longer than the
   * server's memory still reconnects from a position the memory covers; a comment otherwise.
   */
  heartbeat(position?: bigint): void {
    if (position !== undefined && this.advanceTo(position)) return;
    this.write(': heartbeat\n\n');
  }

  /** Ends the stream (token no longer valid, a newer stream of the user, shutdown). */
  end(): void {
    if (this.ended) return;
    const { socket } = this.response;
    this.dropHeld();
    // The last chunk, then the connection itself: a client that stopped reading (gone without closing
    // its socket) must not keep it open, nor its unsent bytes, nor make `app.close()` wait on it.
    this.response.end(() => socket?.destroy());
    if (socket) setTimeout(() => socket.destroy(), END_GRACE_MS).unref();
    this.finish();
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.held.length === 0 && !this.response.writableNeedDrain) {
      this.response.write(chunk);
      return;
    }
    // A client that reads slower than changes come (a phone asleep, a stalled proxy) would make the server hold
    // every message for it: past the bound it is told to read everything again, and its stream ends; its
    // reconnect resumes from its Last-Event-ID (docs/design/live-updates.md, "Bounds").
    if (this.heldBytes + chunk.length > MAX_HELD_BYTES) return this.fallBehind();
    if (this.held.length === 0) {
      this.response.once('drain', () => this.flush());
      this.onBehind(true);
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
  }

  private flush(): void {
    if (this.ended || this.held.length === 0) return;
    const chunk = this.held.join('');
    this.dropHeld();
    this.response.write(chunk);
  }

  private dropHeld(): void {
    if (this.held.length === 0) return;
    this.held = [];
    this.heldBytes = 0;
    this.onBehind(false);
  }

  /**
   * The client is told to read everything again and the stream ends: it fell behind its own bound, or too many
   * streams are behind at once (live-streams.ts). Its reconnect resumes from its Last-Event-ID.
   */
  fallBehind(): void {
    if (this.ended) return;
    this.dropHeld();
    this.response.write('event: reset\ndata: {}\n\n');
    this.onFellBehind();
    this.end();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd();
  }
}

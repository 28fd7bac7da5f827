import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { LiveChange, liveMessage } from './live-change';
import { LiveFeed } from './live-feed';
import { LiveStream } from './live-stream';
import { LiveStreams } from './live-streams';

type Headers = Record<string, string | string[] | number | undefined>;

/** What the routes hand over once the request is admitted: the raw response and the headers it already carries. */
export interface StreamRequest {
  readonly lastEventId: string | string[] | undefined;
  readonly response: ServerResponse;
  readonly headers: Headers;
}

/** A position as a client sends it back: a decimal, nothing else. */
const POSITION = /^\d{1,40}$/;

/**
 * Opens a changes stream (docs/design/live-updates.md): admits it within the bounds (throwing the 503 or
 * 429 before anything is written), writes the headers, then what the client missed since its
 * `Last-Event-ID` (or `reset`) and the position it is at, then registers it for live changes, all in one turn of the event loop so
 * that no change falls between the resumed ones and the live ones.
 */
@Injectable()
export class LiveOpener {
  constructor(
    private readonly streams: LiveStreams,
    private readonly feed: LiveFeed,
  ) {}

  /** Throws before anything is written when the bounds refuse it. */
  admitUser(): void {
    this.streams.admit();
  }

  admitCatalogue(address: string): void {
    this.streams.admit(address);
  }

  openUser(userId: string, authorization: string, request: StreamRequest): void {
    const stream = new LiveStream({ kind: 'user', userId, authorization }, request.response);
    this.open(stream, request, (position) => this.feed.userChangesSince(userId, position));
    // The token's expiry ends the stream: the reconnect then gets the 401 that asks to sign in again.
    const expiresAt = tokenExpiry(authorization);
    if (expiresAt !== undefined) {
      const cancel = atTime(expiresAt, () => stream.end());
      request.response.once('close', cancel);
    }
  }

  openCatalogue(address: string, request: StreamRequest): void {
    const stream = new LiveStream({ kind: 'catalogue', address }, request.response);
    this.open(stream, request, (position) => this.feed.catalogueChangesSince(position));
  }

  private open(stream: LiveStream, request: StreamRequest, since: (position: bigint) => readonly LiveChange[] | 'reset'): void {
    stream.open(request.headers);
    const told = this.feed.toldThrough();
    const last = request.lastEventId;
    if (last !== undefined) {
      const from = typeof last === 'string' && POSITION.test(last.trim()) ? BigInt(last.trim()) : undefined;
      const missed = from === undefined ? 'reset' : since(from);
      if (missed === 'reset' || from === undefined) stream.reset();
      else {
        stream.resumesFrom(from);
        for (const change of missed) stream.change(liveMessage(change));
      }
    }
    // Every change through `told` is now either sent, before the client's id, or in what it reads: it
    // resumes from there (a stream that sees no change for a while must not reconnect without an id).
    if (told !== undefined) stream.advanceTo(told);
    this.streams.add(stream);
  }
}

/** setTimeout's longest delay: a longer one (a token living more than 24.8 days) would fire at once. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** Calls `action` at `time` (epoch ms), however far away, without holding the process open; returns the cancel. */
export function atTime(time: number, action: () => void): () => void {
  let timer: NodeJS.Timeout;
  const wait = () => {
    const left = time - Date.now();
    if (left <= 0) return action();
    timer = setTimeout(wait, Math.min(left, LONGEST_TIMEOUT_MS));
    timer.unref();
  };
  wait();
  return () => clearTimeout(timer);
}

/** The `exp` of a token the guard already verified (milliseconds), read from its payload. */
function tokenExpiry(authorization: string): number | undefined {
  const payload = authorization
    .replace(/^Bearer\s+/i, '')
    .trim()
    .split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

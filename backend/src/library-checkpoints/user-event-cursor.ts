import type { StoredEvent } from '../events/event';
import type { EventStore } from '../event-store/event-store.port';
import type { StreamMark } from '../domain/library/library-checkpoint';

/** A checkpoint's stream no longer holds the event it recorded: the checkpoint is of another store. */
export class CheckpointMismatchError extends Error {
  constructor(stream: string) {
    super(`library checkpoint does not match stream ${stream}`);
  }
}

/** One stream to read: after its mark (checked), or from its start (then checked to be the user's). */
export interface CursorStart {
  readonly stream: string;
  readonly after?: StreamMark;
}

interface Lane {
  readonly stream: string;
  next: number;
  check: StreamMark | undefined;
  owned: boolean;
  page: number;
  buffer: StoredEvent[];
  at: number;
  exhausted: boolean;
}

const FIRST_PAGE = 32;

/**
 * The user's events after a checkpoint, merged by global position (the order the projection applied
 * them in), read page by page: what one read costs is bounded by the page, never by the stream's
 * length. Pages start small and double up to `maxPage`, so that streams with nothing before `until`
 * cost one small read each. Events after `until` (a position) are not returned.
 */
export class UserEventCursor {
  private readonly lanes: Lane[];
  private readonly marks = new Map<string, StreamMark>();

  constructor(
    private readonly store: EventStore,
    private readonly userId: string,
    starts: readonly CursorStart[],
    private readonly maxPage: number,
    private readonly until?: bigint,
  ) {
    this.lanes = starts.map(({ stream, after }) => ({
      stream,
      next: after ? after.revision : 0,
      check: after,
      owned: after !== undefined,
      page: FIRST_PAGE,
      buffer: [],
      at: 0,
      exhausted: false,
    }));
    for (const { stream, after } of starts) if (after) this.marks.set(stream, after);
  }

  /** The last event read of each stream (or its starting mark): what an append to it expects. */
  streamMarks(): ReadonlyMap<string, StreamMark> {
    return this.marks;
  }

  async next(): Promise<StoredEvent | undefined> {
    const empty = this.lanes.filter((lane) => lane.at >= lane.buffer.length && !lane.exhausted);
    if (empty.length > 0) await Promise.all(empty.map((lane) => this.fill(lane)));
    let best: Lane | undefined;
    for (let i = this.lanes.length - 1; i >= 0; i--) {
      const lane = this.lanes[i]!;
      if (lane.at >= lane.buffer.length) {
        if (lane.exhausted) this.lanes.splice(i, 1);
        continue;
      }
      if (!best || lane.buffer[lane.at]!.position < best.buffer[best.at]!.position) best = lane;
    }
    if (!best) return undefined;
    const event = best.buffer[best.at]!;
    if (this.until !== undefined && event.position > this.until) return undefined;
    best.at++;
    this.marks.set(event.streamId, { revision: event.revision, eventId: event.id });
    return event;
  }

  private async fill(lane: Lane): Promise<void> {
    const count = lane.page + (lane.check ? 1 : 0);
    const page = (await this.store.readStream(lane.stream, { fromRevision: lane.next, maxCount: count })).slice(0, count);
    lane.exhausted = page.length < count;
    lane.page = Math.min(lane.page * 2, this.maxPage);
    if (page.length > 0) lane.next = page[page.length - 1]!.revision + 1;
    if (lane.check) {
      const first = page.shift();
      if (first?.id !== lane.check.eventId || first.revision !== lane.check.revision) throw new CheckpointMismatchError(lane.stream);
      lane.check = undefined;
    } else if (!lane.owned) {
      lane.owned = true;
      // A playlist id is only the user's if the playlist was created by them (a stray id proves nothing).
      if (page[0] && (page[0].data as { userId?: unknown }).userId !== this.userId) {
        lane.exhausted = true;
        page.length = 0;
      }
    }
    lane.buffer = page;
    lane.at = 0;
  }
}

/**
 * The two shapes of an event (CONTRIBUTING.md, "Naming"): one to append, and one as the store gave it
 * back. Every event type of ours (app-events.ts) is a `NewEvent` of its own type and data; readers of
 * the store get `StoredEvent`s, narrowed to a list's own union with `StoredEvent<HistoryEvent>`.
 *
 * - Revisions are per stream, starting at 0 (EventStoreDB's `revision`).
 * - Positions are global and strictly increasing in commit order (EventStoreDB's commit position,
 *   SQLite's rowid). They are bigints because EventStoreDB's are.
 */

/** An event to append: what a decider decides, and what the event store's `appendToStream` takes. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata?: Record<string, unknown>;
}

/** A stored event: an event to append as the store recorded it, with where and when. */
export type StoredEvent<E extends NewEvent = NewEvent> = E & {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: bigint;
  readonly metadata: Record<string, unknown>;
  /** ISO-8601 time the store recorded the event. */
  readonly createdAt: string;
};

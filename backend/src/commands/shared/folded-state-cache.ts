/**
 * Remembers each stream's folded state with the revision it was read at, so a command reads
 * only the events appended since: its cost stays flat however long the stream grows.
 * Least-recently-used entries are evicted past `capacity`.
 */
export interface FoldedState<State> {
  readonly state: State;
  readonly revision: number;
  readonly position: bigint;
  /** Revision of the newest snapshot saved (or found) for this stream; -1 when none. */
  readonly snapshotRevision: number;
}

export class FoldedStateCache {
  private readonly entries = new Map<string, FoldedState<unknown>>();

  constructor(private readonly capacity = 10_000) {}

  get<State>(key: string): FoldedState<State> | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry as FoldedState<State> | undefined;
  }

  set<State>(key: string, entry: FoldedState<State>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

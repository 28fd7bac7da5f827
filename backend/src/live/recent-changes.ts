import type { LiveChange } from './live-change';

/** How much of each user's recent changes an instance remembers for resuming streams. */
export interface MemoryBounds {
  /** Changes kept per user; past it the oldest is forgotten. */
  readonly perUser: number;
  /** Changes older than this are forgotten (swept by `forgetOlderThan`). */
  readonly maxAgeMs: number;
}

interface Remembered {
  readonly change: LiveChange;
  readonly position: bigint;
  readonly at: number;
}

interface UserMemory {
  readonly changes: Remembered[];
  /** Changes of this user at or before this position may have been forgotten (the count bound). */
  floor: bigint;
}

/**
 * The recent changes of every user this instance has seen in the log since it started, for a reconnecting
 * stream's `Last-Event-ID` (docs/design/live-updates.md, "Resuming"). Bounded per user in count and, for
 * all, in age: `floor` is the position before which the memory may have forgotten something (where the
 * instance started following the log, then the newest change forgotten for its age), so a position older
 * than it gets `reset` and one at or after it gets exactly the user's changes since.
 */
export class RecentChanges {
  private readonly users = new Map<string, UserMemory>();
  private floor: bigint;

  constructor(
    private readonly bounds: MemoryBounds,
    /** Where this instance started following the log: nothing before it is known. */
    startedAfter: bigint,
    private readonly now: () => number = Date.now,
  ) {
    this.floor = startedAfter;
  }

  /** Remembers a change of `userId` (changes arrive in log order per user). */
  remember(userId: string, change: LiveChange): void {
    let memory = this.users.get(userId);
    if (!memory) {
      memory = { changes: [], floor: this.floor };
      this.users.set(userId, memory);
    }
    const position = BigInt(change.position);
    const { changes } = memory;
    // Waits for the read model may resolve out of log order across partitions; within a user they do not,
    // but an insertion keeps the order whatever happened.
    let at = changes.length;
    while (at > 0 && changes[at - 1]!.position > position) at--;
    changes.splice(at, 0, { change, position, at: this.now() });
    if (changes.length > this.bounds.perUser) memory.floor = changes.shift()!.position;
  }

  /**
   * The user's remembered changes after `position`, in order, or 'reset' when the memory cannot say
   * (the position is older than what it covers).
   */
  since(userId: string, position: bigint): readonly LiveChange[] | 'reset' {
    const memory = this.users.get(userId);
    if (position < this.floor || (memory !== undefined && position < memory.floor)) return 'reset';
    if (!memory) return [];
    const after: LiveChange[] = [];
    for (const remembered of memory.changes) if (remembered.position > position) after.push(remembered.change);
    return after;
  }

  /** Forgets the changes older than the age bound; called periodically. */
  forgetOld(): void {
    const oldest = this.now() - this.bounds.maxAgeMs;
    for (const [userId, memory] of this.users) {
      const { changes } = memory;
      let drop = 0;
      while (drop < changes.length && changes[drop]!.at < oldest) drop++;
      if (drop === 0) continue;
      const newestForgotten = changes[drop - 1]!.position;
      if (newestForgotten > this.floor) this.floor = newestForgotten;
      changes.splice(0, drop);
      if (changes.length === 0) this.users.delete(userId);
    }
  }

  /** Users and changes held (the bench and the tests read it). */
  get size(): { users: number; changes: number } {
    let changes = 0;
    for (const memory of this.users.values()) changes += memory.changes.length;
    return { users: this.users.size, changes };
  }
}

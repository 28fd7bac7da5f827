import { setImmediate as yieldToIo } from 'node:timers/promises';

/** How long a slice of bulk work holds the event loop: a request waits at most about this long per step it takes. */
const SLICE_MS = 5;

/**
 * Bulk work (an import's entries, a long run of the log folded into the catalogue) done in slices of a few
 * milliseconds, letting requests and I/O run between them: done at once, 10 000 entries would hold every other
 * request for as long as they all take. `due()` is cheap enough to ask after every item.
 */
export class TimeSlices {
  private until: number;

  constructor(private readonly sliceMs = SLICE_MS) {
    this.until = performance.now() + sliceMs;
  }

  /** Whether this slice has run its time (the caller then ends its step and awaits `next()`). */
  due(): boolean {
    return performance.now() >= this.until;
  }

  /** Lets everything waiting run (I/O, timers, other requests), then starts a new slice. */
  async next(): Promise<void> {
    await yieldToIo();
    this.until = performance.now() + this.sliceMs;
  }

  /** `next()` when the slice has run its time; nothing otherwise. */
  async pass(): Promise<void> {
    if (this.due()) await this.next();
  }
}

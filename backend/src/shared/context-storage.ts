import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * AsyncLocalStorage that costs nothing while no context is open. On Node 20, once any AsyncLocalStorage
 * has run a context, async_hooks tracks every promise of the process from then on: reads, which never
 * need a context, paid a third of a list read's CPU for the writes' correlation (bench/RESULTS.md,
 * "Reads without async hooks"). Here every context is counted until the work it ran is done (the
 * promise it returned settled, or at once for work that returned no promise); when none is left open,
 * every ContextStorage is disabled, which turns the hooks off until the next context opens.
 *
 * So a context lasts as long as the work it ran: work started inside it and not awaited by it (a
 * timer, a promise left running) may see no store once every context is closed. The app's contexts
 * are a write's handler, a command and a tool run, and all their appends are awaited within them.
 */
const storages = new Set<AsyncLocalStorage<unknown>>();
let open = 0;

function closeOne(): void {
  open--;
  if (open === 0) for (const storage of storages) storage.disable();
}

export class ContextStorage<T> {
  private readonly storage = new AsyncLocalStorage<T>();

  constructor() {
    storages.add(this.storage);
  }

  /** The store of the context the caller runs in, or undefined outside any. */
  getStore(): T | undefined {
    return this.storage.getStore();
  }

  /**
   * Runs `work` with `store`, kept for everything `work` awaits; returns what `work` returned, untouched.
   * Counting its end marks a rejection of that promise handled: a caller must await it (every one here does).
   */
  run<R>(store: T, work: () => R): R {
    open++;
    let result: R;
    try {
      result = this.storage.run(store, work);
    } catch (error) {
      closeOne();
      throw error;
    }
    if (isThenable(result)) result.then(closeOne, closeOne);
    else closeOne();
    return result;
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

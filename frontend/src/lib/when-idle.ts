/**
 * Runs `task` when the browser is next idle, and at the latest after `timeoutMs`: work no page's first render
 * needs leaves the first screen's tasks (README, "Speed on a phone"). Browsers without requestIdleCallback
 * (Safari) run it after the timeout. Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, timeoutMs);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` for each of `items` in order, each in an idle moment of its own (`whenIdle`), so that work split
 * into small parts never makes one long task.
 */
export function eachWhenIdle<T>(items: readonly T[], task: (item: T) => void, timeoutMs = 2000): void {
  const [first, ...rest] = items;
  if (items.length === 0) return;
  whenIdle(() => {
    task(first as T);
    eachWhenIdle(rest, task, timeoutMs);
  }, timeoutMs);
}

/**
 * Resolves in a task of its own: what follows runs after the browser has had its turn (to paint, to answer
 * input). Work split by it into steps makes several short tasks instead of one long one (README, "Speed on a
 * phone"). `scheduler.yield()` where the browser has it, so that the rest runs before other queued work.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

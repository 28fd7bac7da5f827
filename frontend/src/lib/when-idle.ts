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

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

/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeoutMs`), to
 * fetch what the first screen does not show but the next click may need. Returns a cancel.
 * Safari has no requestIdleCallback: there a short timer stands in.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

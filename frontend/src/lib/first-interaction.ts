const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `task` at the user's first press of a pointer or a key: code that only an action needs is fetched
 * then, ahead of the action's answer, and not while the first screen loads (a phone's idle time then is
 * still the page's). Returns a cancel.
 */
export function whenFirstInteraction(task: () => void): () => void {
  const run = () => {
    cancel();
    task();
  };
  const cancel = () => INTERACTIONS.forEach((type) => window.removeEventListener(type, run, true));
  INTERACTIONS.forEach((type) => window.addEventListener(type, run, { capture: true, passive: true }));
  return cancel;
}

/** A view counts after this much actual playback (docs/design/catalogue.md, "The catalogue read side"). */
const VIEW_AFTER_MS = 10_000;

/**
 * Adds up playing time across pauses and calls `report` once, when it reaches `afterMs`. `playing(true)`
 * and `playing(false)` are the player's starts and stops; `stop()` forgets a pending timer (leaving the page).
 */
export function playbackTimer(report: () => void, afterMs = VIEW_AFTER_MS, now = () => Date.now()) {
  let played = 0;
  let since: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    if (since !== null) played += now() - since;
    since = null;
    clearTimeout(timer);
  };
  return {
    playing(isPlaying: boolean) {
      if (done) return;
      if (!isPlaying) return stop();
      if (since !== null) return;
      since = now();
      timer = setTimeout(() => {
        done = true;
        report();
      }, afterMs - played);
    },
    stop,
  };
}

const VIEWER_KEY = 'viewer';
let unkept: string | undefined;

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A guest's viewer id: random, kept for the browser session (sessionStorage), so that a reload is the same
 * viewer; where storage is refused, kept by this page only.
 */
export function guestViewerId(storage: () => Storage = () => sessionStorage): string {
  try {
    let id = storage().getItem(VIEWER_KEY);
    if (!id) {
      id = randomId();
      storage().setItem(VIEWER_KEY, id);
    }
    return id;
  } catch {
    return (unkept ??= randomId());
  }
}

const FIRST_MS = 1_000;
const MOST_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first after a failure): 1 s, 2 s, 4 s …
 * up to 30 s (docs/design/live-updates.md, "In the browser"), each spread by ±20 % so that the browsers a
 * restart disconnected at once do not all come back in the same second. `random` is Math.random's range.
 */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(MOST_MS, FIRST_MS * 2 ** Math.min(attempt, 15));
  return Math.round(Math.min(MOST_MS, base * (0.8 + 0.4 * random)));
}

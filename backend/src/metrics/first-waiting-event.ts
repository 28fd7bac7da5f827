import type { EventStore } from '../event-store/event-store.port';

/** A dependency that does not answer within this time counts as down: health and scrapes must not hang. */
export const CHECK_TIMEOUT_MS = 1000;

/**
 * When the store recorded the first event after `checkpoint` (undefined: none, or not known within
 * CHECK_TIMEOUT_MS): the age of the oldest event a projection has still to apply, for GET /api/health's
 * `lagSeconds` and techtube_projection_lag_seconds.
 */
export async function firstEventTimeAfter(
  store: Pick<EventStore, 'subscribeToAll'>,
  checkpoint: bigint | undefined,
): Promise<number | undefined> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), CHECK_TIMEOUT_MS);
  try {
    for await (const batch of store.subscribeToAll({ after: checkpoint, maxBatch: 1, signal: stop.signal })) {
      const time = Date.parse(batch[0]!.createdAt);
      return Number.isNaN(time) ? undefined : time;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
}

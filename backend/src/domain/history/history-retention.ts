import type { HistoryRetention } from '../../events/app-events';

/**
 * History auto-delete (SECURITY.md §10): which entries a retention setting removes at a given instant.
 *
 * Why the history list records an expiry as `HistoryEntriesExpired {before, retention, videoIds}`, the
 * entries listed, rather than a bare `{before}`: the list's fold and projection are assignments per
 * entry ("v is not in history"), and the read model keeps each entry's sort key, not its watch time, so
 * it could not tell which entries a date removes. With the ids decided once, here, on the stream's own
 * state, a replay, a time-travel fold and an undo plan all remove exactly what was removed, whatever
 * their own clock says. A type of its own rather than HistoryRemovedBefore: the policy did it, not the
 * user, so undo walks past it (entries put back would only expire again) and the timeline and the
 * audit tell the two apart.
 *
 * The instant (`at`) comes with the command, from the app's clock: deciding stays pure, and the event
 * says which cut-off it applied.
 *
 * When: on the user's history writes that add or configure (a watch, a settings change, an import),
 * in the same append, so what the user just did and the expiry land together on the one stream that
 * holds both the entries and the setting. Not on writes to other lists: those are other streams, and
 * expiring there would add a read (and sometimes an append) of the history stream to every like or
 * playlist change, not atomic with it. Not on removals (they only shrink the list) nor on an undo's
 * restore (it puts back exactly what was). Whoever writes nothing here is covered by the projector
 * role's sweep (retention/history-retention-sweep.ts), so an entry outlives its window by at most
 * HISTORY_RETENTION_SWEEP_MS.
 */

/** `at` minus `months` calendar months in UTC, the day clamped to the month's last: 31 May − 3 months is 28 (or 29) February. */
export function monthsBefore(at: Date, months: number): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cutoff = new Date(at.getTime());
  cutoff.setUTCFullYear(year, month, Math.min(at.getUTCDate(), lastDay));
  return cutoff;
}

/** The instant before which entries are removed at `at` (ms); undefined when the setting keeps everything. */
export function retentionCutoff(retention: HistoryRetention, at: string): number | undefined {
  if (retention === 'off') return undefined;
  const now = new Date(at);
  if (Number.isNaN(now.getTime())) throw new Error(`A history retention needs the time of the command, got ${at}`);
  return monthsBefore(now, retention).getTime();
}

export interface Expiry {
  readonly before: string;
  readonly retention: Exclude<HistoryRetention, 'off'>;
  readonly videoIds: string[];
}

/** The entries watched strictly before the cut-off, in the list's recorded order; undefined when there are none. */
export function expiryAt(
  watched: ReadonlyMap<string, { readonly watchedAt: string }>,
  retention: HistoryRetention,
  at: string,
): Expiry | undefined {
  const cutoff = retentionCutoff(retention, at);
  if (cutoff === undefined || retention === 'off') return undefined;
  const videoIds = [...watched].filter(([, entry]) => Date.parse(entry.watchedAt) < cutoff).map(([videoId]) => videoId);
  return videoIds.length === 0 ? undefined : { before: new Date(cutoff).toISOString(), retention, videoIds };
}

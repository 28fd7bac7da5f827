/**
 * One parser for every date the API accepts (`asOf`, `before`, an import's `watchedAt`). A time
 * must carry its zone: "2026-11-20T10:00" alone would mean the server's local time.
 */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d))?$/i;

export const ISO_DATE_TIME_RULE = 'an ISO 8601 date-time with a time zone, e.g. 2026-11-21T10:00:00.000Z';

export interface InstantRules {
  /** Also accept a date alone, meaning midnight UTC (`?before=2026-11-20`). */
  readonly dateAlone?: boolean;
}

/**
 * The instant an ISO 8601 date-time names, or undefined for anything else: a date alone (unless
 * allowed), a time without zone, 25:00, or a day the calendar does not have such as 2026-02-30,
 * which Date.parse would roll over into March.
 */
export function parseInstant(text: unknown, { dateAlone = false }: InstantRules = {}): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const match = INSTANT.exec(text);
  if (!match || (!dateAlone && !text.includes('T') && !text.includes('t'))) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCFullYear() !== year || calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day)
    return undefined;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** A date-time with its zone; a date alone is refused. */
export const parseIsoDateTime = (text: unknown): Date | undefined => parseInstant(text);

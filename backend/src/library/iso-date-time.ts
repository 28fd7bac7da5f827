import { isISO8601 } from 'class-validator';

/** A time and an explicit zone are required: "2026-11-20T10:00" alone would mean the server's local time. */
const TIME_AND_ZONE = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export const ISO_DATE_TIME_RULE = 'an ISO 8601 date-time with a time zone, e.g. 2026-11-21T10:00:00.000Z';

/** The instant an ISO 8601 date-time names, or undefined for anything else (a date alone, 30 February, 25:00…). */
export function parseIsoDateTime(text: unknown): Date | undefined {
  if (typeof text !== 'string' || text.length > 40) return undefined;
  if (!TIME_AND_ZONE.test(text) || !isISO8601(text, { strict: true, strictSeparator: true })) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** Timestamps as the API answers them: year-month-day, time and zone offset, e.g. 2026-11-21T14:50:04+00:00. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

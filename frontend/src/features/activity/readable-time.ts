const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const secondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** "21 Nov 2026, 14:50" in the reader's locale and time zone (to the second, when asked). */
export function readableTime(at: string, { seconds = false } = {}): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : (seconds ? secondsFormat : timeFormat).format(date);
}

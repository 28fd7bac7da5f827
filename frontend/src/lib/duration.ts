/** "12:34" or "1:02:03" → seconds; 0 for anything else (a missing duration never breaks a total). */
function durationSeconds(duration: string): number {
  const parts = duration.trim().split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return 0;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/** A total in words: "45 sec", "24 min", "1 hr 5 min". */
export function totalDuration(durations: string[]): string {
  const seconds = durations.reduce((sum, d) => sum + durationSeconds(d), 0);
  if (seconds < 60) return `${seconds} sec`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} hr ${minutes % 60} min` : `${hours} hr`;
}

/**
 * The template's display strings for counts ("92k", "4.1M"), and back. Formatting the seed videos'
 * published figures gives back the very strings they shipped with, so a seed video with no like yet
 * shows what it always showed (catalogue/display-count.spec.ts).
 */
export function formatCount(count: number): string {
  if (count < 1_000) return String(count);
  if (count < 10_000) return `${trim(count / 1_000)}k`;
  if (count < 1_000_000) return `${Math.floor(count / 1_000)}k`;
  if (count < 10_000_000) return `${trim(count / 1_000_000)}M`;
  if (count < 1_000_000_000) return `${Math.floor(count / 1_000_000)}M`;
  return `${trim(count / 1_000_000_000)}B`;
}

/** One decimal, rounded down (a count never shows more than it is), without a trailing ".0". */
const trim = (value: number) => String(Math.floor(value * 10) / 10);

/** "92k" → 92 000, "4.1M" → 4 100 000, "160" → 160; anything else → 0. */
export function parseCount(display: string): number {
  const match = /^(\d+(?:\.\d+)?)([kMB]?)$/.exec(display.trim());
  if (!match) return 0;
  const scale = { '': 1, k: 1_000, M: 1_000_000, B: 1_000_000_000 }[match[2] as '' | 'k' | 'M' | 'B'];
  return Math.round(Number(match[1]) * scale);
}

// Search is case- and accent-insensitive (docs/design/catalogue.md, "Public answers"): text is lowercased,
// decomposed (NFKD: "é" becomes "e" and a combining acute, "ﬁ" becomes "fi") and stripped of combining
// marks. Lowercasing first: some capitals lowercase to a letter and a mark ("İ" → "i̇").
const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function normalizeText(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(COMBINING_MARKS, '');
}

/** The words of a text, normalized: runs of letters and digits ("4K-OLED" → "4k", "oled"). */
export function wordsOf(text: string): string[] {
  return normalizeText(text).match(WORD) ?? [];
}

/** A query's words, each once, in the order typed. */
export function queryWords(q: string | undefined): string[] {
  return q === undefined ? [] : [...new Set(wordsOf(q))];
}

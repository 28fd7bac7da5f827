// Search is case- and accent-insensitive (docs/design/catalogue.md, "Public answers"): text is lowercased,
// decomposed (NFKD: "é" becomes "e" and a combining acute, "ﬁ" becomes "fi") and stripped of combining
// marks. Lowercasing first: some capitals lowercase to a letter and a mark ("İ" → "i̇").
const COMBINING_MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
/** Any character past U+007F. */
const NON_ASCII = /[^\p{ASCII}]/u;

export function normalizeText(text: string): string {
  const lower = text.toLowerCase();
  // ASCII is its own NFKD and holds no mark: most titles and descriptions skip both passes.
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
}

/**
 * The words of a text, normalized: runs of letters and digits ("4K-OLED" → "4k", "oled"). ASCII text is
 * split by its character codes, which the index build does for every field of every video (bench/RESULTS.md,
 * "Catalogue search at 100 000 videos"); any other text by the Unicode classes.
 */
export function wordsOf(text: string): string[] {
  const normalized = normalizeText(text);
  if (NON_ASCII.test(normalized)) return normalized.match(WORD) ?? [];
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < normalized.length; i++) {
    const code = normalized.charCodeAt(i);
    const wordChar = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(normalized.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(normalized.slice(start));
  return words;
}

/** A query's words, each once, in the order typed. */
export function queryWords(q: string | undefined): string[] {
  return q === undefined ? [] : [...new Set(wordsOf(q))];
}

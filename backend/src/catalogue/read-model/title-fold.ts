// The seed's search rule compares titles and queries folded the same way in both adapters (docs/design/catalogue.md,
// "The catalogue read model (being built)"): decomposed (NFD), stripped of combining marks, lower-cased. The fold is
// computed here, once, and stored beside the title, so that SQLite and PostgreSQL match and order identically;
// PostgreSQL's unaccent follows its own dictionary (it turns "ß" into "ss"), which SQLite could not repeat.
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{N}]+/gu;

export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * The folded text with every run of characters that are not letters or digits made one space, after a leading
 * space: "4K-OLED TV" → " 4k oled tv". A word of the title starts with q exactly where this holds " " + q's own form.
 */
export function wordStartsForm(text: string): string {
  return ' ' + foldText(text).replace(NOT_A_WORD_CHARACTER, ' ');
}

/** `text` as a literal inside a LIKE pattern written with `ESCAPE '\'`. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => '\\' + character);
}

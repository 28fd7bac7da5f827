import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * Characters that show nothing: format characters (Cf: zero-width space and joiners, bidi marks,
 * soft hyphen, BOM…), controls (Cc), separators and white space, the combining grapheme joiner and
 * the blank fillers (Hangul fillers, braille blank) that render as empty space.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\s\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text shown. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Format (Cf) and control (Cc) characters: invisible in an email, so they would make look-alike accounts. */
const FORMAT_OR_CONTROL = /[\p{Cf}\p{Cc}]/u;
/** Control characters (Cc: NUL, ESC, tabs and line breaks, C1 controls): they belong in no one's name. */
const CONTROL = /\p{Cc}/u;
/**
 * Control characters but the line break, carriage return and tab that a text of several lines keeps: NUL, BEL,
 * ESC (ANSI escapes), the vertical tab and form feed, DEL and the C1 controls (U+0085 NEL…).
 */
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
/** Scripts whose letters look like Latin ones (е/e, о/o, α/a, Տ/S, Ꭺ/A). */
const CONFUSABLE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];

/** True when `text` has at least one character that shows. */
const hasVisibleText = (text: string) => text.replace(INVISIBLE, '') !== '';

/** True when the letters of `part` come from more than one of the look-alike scripts. */
function mixesScripts(part: string): boolean {
  return CONFUSABLE_SCRIPTS.filter((script) => script.test(part)).length > 1;
}

/** Trimmed and NFKC-normalised: fullwidth `ａｄａ` and compatibility forms become plain `ada`. */
export const NormaliseEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().normalize('NFKC') : value));

/**
 * Trimmed and NFC-normalised (composed: `e` + U+0308 becomes `ë`), so that one name is stored one way
 * whatever keyboard or platform typed it. NFC, not NFKC: it never changes which characters a name shows.
 */
export const NormaliseText = () => Transform(({ value }) => (typeof value === 'string' ? value.normalize('NFC').trim() : value));

/** No control character (Cc: U+0000–U+001F, U+007F–U+009F): NUL, ESC (ANSI escapes), line breaks… */
export const HasNoControlCharacters = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoControlCharacters',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !CONTROL.test(value),
        defaultMessage: () => '$property must not contain control characters (U+0000–U+001F, U+007F–U+009F)',
      },
    },
    options,
  );

/** A text of several lines (a description): no control character but line breaks and tabs. */
const HasNoControlCharactersButLineBreaks = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoControlCharactersButLineBreaks',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !CONTROL_BUT_LINE_BREAKS.test(value),
        defaultMessage: () =>
          '$property must not contain control characters other than line breaks and tabs (U+0000–U+001F, U+007F–U+009F)',
      },
    },
    options,
  );

/** No format or control character (U+200B, U+202E, U+0000…) anywhere in the email. */
export const HasNoInvisibleCharacters = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoInvisibleCharacters',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !FORMAT_OR_CONTROL.test(value),
        defaultMessage: () => '$property must not contain invisible or control characters',
      },
    },
    options,
  );

/** The local part and the domain each in one script: a Cyrillic `е` among Latin letters is a look-alike. */
export const IsSingleScriptEmail = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isSingleScriptEmail',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return true;
          const at = value.lastIndexOf('@');
          return ![value.slice(0, Math.max(at, 0)), value.slice(at + 1)].some(mixesScripts);
        },
        defaultMessage: () => '$property must not mix letters of different scripts (look-alike characters)',
      },
    },
    options,
  );

/** Something visible: not empty once invisible characters (U+200B, fillers, spaces…) are removed. */
export const HasVisibleText = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasVisibleText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || hasVisibleText(value),
        defaultMessage: () => '$property must contain visible characters',
      },
    },
    options,
  );

/** No bidi override, embedding or isolate (it would make the text read differently from what it is). */
export const HasNoBidiControls = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'hasNoBidiControls',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !BIDI_CONTROL.test(value),
        defaultMessage: () => '$property must not contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)',
      },
    },
    options,
  );

/** A description may be empty, but one that is not must show something. */
export const IsEmptyOrVisible = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isEmptyOrVisible',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || value === '' || hasVisibleText(value),
        defaultMessage: () => '$property must be empty or contain visible characters',
      },
    },
    options,
  );

/** How a field of operator text is bounded, and whether it may be empty or hold several lines. */
interface OperatorTextShape {
  /** At most this many characters (UTF-16 code units, as MaxLength counts), once trimmed and normalised. */
  readonly maxLength: number;
  /** A description: `""` allowed, line breaks and tabs kept. A name or a title: one line that shows something. */
  readonly description?: boolean;
}

/**
 * The one rule for every text an operator gives the catalogue — a video's title, description and channel, a
 * category's name, title and description (docs/design/catalogue.md, "Operator text and thumbnails"): stored NFC
 * and trimmed; at most `maxLength` characters; visible text, not only invisible characters (U+200B, fillers…); no
 * bidi embedding, override or isolate; no control character (C0, DEL, C1 with U+0085), except that a description
 * keeps its line breaks and tabs and may be empty. Each broken rule is a 400 naming the field.
 */
export const OperatorText = ({ maxLength, description = false }: OperatorTextShape) =>
  applyDecorators(
    NormaliseText(),
    IsString(),
    ...(description
      ? [MaxLength(maxLength), IsEmptyOrVisible(), HasNoBidiControls(), HasNoControlCharactersButLineBreaks()]
      : [
          IsNotEmpty({ message: '$property must not be empty' }),
          MaxLength(maxLength),
          HasVisibleText(),
          HasNoBidiControls(),
          HasNoControlCharacters(),
        ]),
  );

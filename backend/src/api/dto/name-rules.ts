import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { HasNoBidiControls, HasNoControlCharacters, HasVisibleText, IsEmptyOrVisible, NormaliseText } from './text-rules';

/**
 * The rules of a person's name (first, last, the sign-up's `name` and `username`), at sign-up and on
 * every change: the title rules (SECURITY.md §6) — something visible, no bidi control — and no control
 * character, stored in NFC. A first name is shown to guests ("Shared by …"), so it must read as what it is.
 * `required`: must not be empty (the profile's first name); otherwise an empty string is allowed.
 *
 * The rules that say what is wrong with a character come before the visible-text one, so that a name of
 * only U+202E or only NUL is named for that character, not for showing nothing.
 */
export const NameRules = ({ maxLength = 100, required = false }: { maxLength?: number; required?: boolean } = {}) =>
  applyDecorators(
    NormaliseText(),
    IsString(),
    ...(required ? [IsNotEmpty({ message: '$property must not be empty' })] : []),
    MaxLength(maxLength),
    HasNoControlCharacters(),
    HasNoBidiControls(),
    required ? HasVisibleText() : IsEmptyOrVisible(),
  );

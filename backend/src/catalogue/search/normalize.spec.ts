// The words search reads (docs/design/catalogue.md, "Public answers"): the ASCII fast path splits exactly as
// the Unicode classes do.
import { normalizeText, wordsOf } from './normalize';
import { seeded } from './search.spec-helper';

const byClasses = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

describe('wordsOf', () => {
  it('splits on anything but letters and digits, lowercased, accents dropped', () => {
    expect(wordsOf('4K-OLED, Écran_courbé!')).toEqual(['4k', 'oled', 'ecran', 'courbe']);
    expect(wordsOf('  ')).toEqual([]);
    expect(wordsOf('İstanbul ﬁlm')).toEqual(['istanbul', 'film']);
    expect(normalizeText('ABC')).toBe('abc');
  });

  it('gives the words the Unicode classes give, for ASCII and other text alike', () => {
    const random = seeded(11);
    const alphabet = 'aZ09 -_.,\t\n\x7f\x00é€ßİﬁ日本Ⅻ²';
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: Math.floor(random() * 30) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(wordsOf(text)).toEqual(byClasses(text));
    }
  });
});

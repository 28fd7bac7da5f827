// The `next` cursor is opaque, signed and bound to its query (docs/design/catalogue.md, "Public answers").
import { decodeCursor, encodeCursor, InvalidCursorError } from './cursor';
import type { CursorScope } from './search-types';
import { searchOf, video } from './search.spec-helper';

const secret = Buffer.alloc(32, 1);
const scope: CursorScope = { sort: 'title', q: 'Écran OLED', categoryId: 'monitors', status: 'published' };
const key = ['ecran oled 27 pouces', 42];

describe('cursor', () => {
  it('gives back the page key it holds, for the same query, and is URL-safe', () => {
    const token = encodeCursor(key, scope, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token, scope, secret)).toEqual(key);
    // The same words as search reads them are the same query.
    expect(decodeCursor(token, { ...scope, q: 'ecran  oled' }, secret)).toEqual(key);
  });

  it.each([
    ['another sort', { ...scope, sort: 'newest' }],
    ['another q', { ...scope, q: 'ecran' }],
    ['no q', { ...scope, q: undefined }],
    ['another category', { ...scope, categoryId: 'phones' }],
    ['no category', { ...scope, categoryId: undefined }],
    ['another status', { ...scope, status: 'all' }],
  ] as const)('is refused by %s', (_, other) => {
    expect(() => decodeCursor(encodeCursor(key, scope, secret), other, secret)).toThrow(InvalidCursorError);
  });

  it('is refused when signed with another secret, or when its key is changed', () => {
    const token = encodeCursor(key, scope, secret);
    expect(() => decodeCursor(token, scope, Buffer.alloc(32, 2))).toThrow(InvalidCursorError);
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['a', 1])).toString('base64url')}.${mac}`;
    expect(() => decodeCursor(forged, scope, secret)).toThrow(InvalidCursorError);
  });

  it.each(['', 'abc', 'a.b.c', 'a b.c', '..', `${'A'.repeat(3000)}.AAAA`, 'eyJ4IjoxfQ.AAAAAAAAAAAAAAAAAAAAAA'])(
    'refuses the malformed %p',
    (token) => {
      expect(() => decodeCursor(token, scope, secret)).toThrow(InvalidCursorError);
    },
  );

  it.each([[[]], [[1, 2, 3, 4]], [[null]], [[{}]], [[Infinity]]])('refuses %p, signed but not a page key', (notAKey) => {
    expect(() => decodeCursor(encodeCursor(notAKey as unknown as (string | number)[], scope, secret), scope, secret)).toThrow(
      InvalidCursorError,
    );
  });

  it('is refused by the engine when it holds a key of another sort', () => {
    const search = searchOf(video({ id: 'a', title: 'A' }), video({ id: 'b', title: 'B' }));
    const { next } = search.query({ sort: 'catalogue', limit: 1 });
    expect(next).not.toBeNull();
    expect(() => search.query({ sort: 'title', limit: 1, after: next! })).toThrow(InvalidCursorError);
  });
});

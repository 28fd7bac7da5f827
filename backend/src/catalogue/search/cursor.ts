// The `next` cursor of GET /api/videos (docs/design/catalogue.md, "Public answers"): a page key made
// opaque, URL-safe and signed, bound to the query it came from. "<key as base64url JSON>.<MAC>", the MAC
// an HMAC-SHA256 (first 16 bytes) over the key and the query's sort, words, category and status: a key
// edited by hand, or a cursor carried to another query, fails the MAC. The limit is not bound: a client
// may change its page size between pages.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { queryWords } from './normalize';
import type { CursorScope, PageKey } from './search-types';

const MAC_BYTES = 16;
/** Far above any real key (a title of 200 characters and two numbers), far below a request's size limit. */
const MAX_TOKEN_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export class InvalidCursorError extends Error {
  constructor(reason: string) {
    super(`invalid cursor: ${reason}`);
    this.name = 'InvalidCursorError';
  }
}

export function encodeCursor(key: PageKey, scope: CursorScope, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
  return `${payload}.${mac(payload, scope, secret).toString('base64url')}`;
}

/** The page key a cursor holds; throws InvalidCursorError for a forged, malformed or other query's cursor. */
export function decodeCursor(token: string, scope: CursorScope, secret: Buffer): PageKey {
  if (token.length > MAX_TOKEN_LENGTH) throw new InvalidCursorError('too long');
  const parts = token.split('.');
  if (parts.length !== 2 || !parts.every((part) => BASE64URL.test(part))) throw new InvalidCursorError('malformed');
  const [payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(payload, scope, secret))) {
    throw new InvalidCursorError('not signed for this query');
  }
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('malformed');
  }
  if (!isPageKey(key)) throw new InvalidCursorError('malformed');
  return key;
}

function mac(payload: string, scope: CursorScope, secret: Buffer): Buffer {
  // The words as search reads them: "Écran" and "ecran" are one query, with one order.
  const bound = JSON.stringify(['v1', scope.sort, queryWords(scope.q).join(' '), scope.categoryId ?? '', scope.status ?? 'published']);
  return createHmac('sha256', secret).update(bound).update('\n').update(payload).digest().subarray(0, MAC_BYTES);
}

function isPageKey(key: unknown): key is PageKey {
  return (
    Array.isArray(key) &&
    key.length > 0 &&
    key.length <= 3 &&
    key.every((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
  );
}

/**
 * Fastify's reply serializer for every JSON answer, with a fast path for the hottest ones. List reads
 * answer `{ <list>: [video, …] }` where every video is one of the catalogue's answer objects, kept until
 * the video changes: their JSON is encoded to UTF-8 once (KnownJson), and an answer is those bytes joined. JSON.stringify of the ~10 kB
 * and its UTF-8 encoding on every write took a quarter of a list read's CPU (bench/RESULTS.md). The bytes
 * are exactly JSON.stringify's; anything else is JSON.stringify'd as before.
 */
export type JsonReplySerializer = (payload: unknown) => string | Buffer;

const OPEN = Buffer.from('{');
const COMMA = Buffer.from(',');
const CLOSE_LIST = Buffer.from(']');
const CLOSE = Buffer.from('}');

/** Objects whose JSON never changes, by identity: their bytes, or undefined for any other object. */
export interface KnownJson {
  bytesOf(value: object): Buffer | undefined;
}

/** `values`, deep-frozen so that their JSON cannot change, encoded once each (an equal copy is not one of them). */
export function frozenJson(values: readonly object[]): KnownJson {
  const encoded = new Map<object, Buffer>();
  for (const value of values) encoded.set(deepFreeze(value), Buffer.from(JSON.stringify(value), 'utf8'));
  return { bytesOf: (value) => encoded.get(value) };
}

/** `known()`: asked per answer, so that the app can provide it once it exists (the serializer is set before). */
export function jsonReplySerializer(known: () => KnownJson | undefined): JsonReplySerializer {
  return (payload) => {
    const encoded = known();
    return (encoded && isPlainObject(payload) && joinKnownLists(payload, encoded)) || JSON.stringify(payload);
  };
}

/**
 * `{ key: [known, …], … }` as bytes, beside any strings, numbers, booleans or nulls (a page's `next` cursor),
 * or undefined when the payload has any other shape or no list.
 */
function joinKnownLists(payload: Record<string, unknown>, encoded: KnownJson): Buffer | undefined {
  const parts: Buffer[] = [OPEN];
  let first = true;
  let lists = 0;
  for (const key in payload) {
    if (!Object.prototype.hasOwnProperty.call(payload, key)) continue;
    const list = payload[key];
    // JSON.stringify leaves out a key whose value is undefined.
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      if (!isScalar(list)) return undefined;
      parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(list)}`));
      first = false;
      continue;
    }
    lists++;
    parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(key)}:[`));
    first = false;
    for (let i = 0; i < list.length; i++) {
      const bytes = typeof list[i] === 'object' && list[i] !== null ? encoded.bytesOf(list[i] as object) : undefined;
      if (!bytes) return undefined;
      if (i > 0) parts.push(COMMA);
      parts.push(bytes);
    }
    parts.push(CLOSE_LIST);
  }
  if (lists === 0) return undefined;
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

const isScalar = (value: unknown): boolean =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Only what JSON.stringify writes as a plain object: no toJSON, no class with its own view of itself. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}

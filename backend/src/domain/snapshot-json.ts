/**
 * Checks for the codecs' decode functions: a snapshot document that is not what the codec wrote
 * (another version's shape, a damaged value) must throw, so that the runner ignores it.
 */
export function asObject(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new TypeError('snapshot: not an object');
  return json as Record<string, unknown>;
}

/** `[[key, value], …]` with string keys and values, as `[...map]` writes a Map<string, string>. */
export function asStringPairs(json: unknown): [string, string][] {
  const ok =
    Array.isArray(json) && json.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string');
  if (!ok) throw new TypeError('snapshot: not a list of string pairs');
  return json as [string, string][];
}

export function asOptionalString(json: unknown): string | undefined {
  if (json !== undefined && typeof json !== 'string') throw new TypeError('snapshot: not a string');
  return json;
}

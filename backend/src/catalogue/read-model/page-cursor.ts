// A page's `next` (keyset paging): which ordered segment the last video was in (relevance has one per tier, every
// other sort one) and that video's sort key. Opaque to callers; catalogue/catalogue-pages.ts signs what it hands out.

export type SortKeyValue = string | number;

export interface PagePosition {
  readonly segment: number;
  readonly key: readonly SortKeyValue[];
}

export class InvalidCatalogueCursorError extends Error {
  constructor() {
    super('not a cursor of this catalogue query');
  }
}

export function encodePosition(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.segment, ...position.key])).toString('base64url');
}

/** The position a cursor holds, checked against the shape of the query's order: a segment it has, one value per key. */
export function decodePosition(cursor: string, segments: number, keyLength: number): PagePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCatalogueCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== keyLength + 1) throw new InvalidCatalogueCursorError();
  const [segment, ...key] = parsed as unknown[];
  if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= segments) {
    throw new InvalidCatalogueCursorError();
  }
  if (!key.every((value): value is SortKeyValue => typeof value === 'string' || typeof value === 'number')) {
    throw new InvalidCatalogueCursorError();
  }
  return { segment, key };
}

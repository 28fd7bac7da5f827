import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * One JSON object whose last field is an array too long to build in one piece: `head`'s fields,
 * then `field` filled page by page as `pages` yields them. Serialising a page at a time and yielding
 * the event loop between pages keeps a 100 000-entry document from holding the server for hundreds
 * of milliseconds (other users' requests run in between), and its memory bounded by one page.
 * A page that fails to load destroys the stream: the client sees a broken download, never a
 * well-formed document with entries missing.
 */
export function jsonDocumentStream(head: Record<string, unknown>, field: string, pages: AsyncIterable<readonly unknown[]>): Readable {
  if (Object.prototype.hasOwnProperty.call(head, field)) throw new TypeError(`jsonDocumentStream: head already has "${field}"`);
  async function* text(): AsyncGenerator<string> {
    const opening = JSON.stringify(head);
    yield `${opening.slice(0, -1)}${opening === '{}' ? '' : ','}${JSON.stringify(field)}:[`;
    let first = true;
    for await (const page of pages) {
      if (page.length === 0) continue;
      const items = page.map((item) => JSON.stringify(item)).join(',');
      yield first ? items : `,${items}`;
      first = false;
      await nextTurn();
    }
    yield ']}';
  }
  return Readable.from(text(), { objectMode: false });
}

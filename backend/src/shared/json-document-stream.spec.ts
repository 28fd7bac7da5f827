import { text } from 'node:stream/consumers';
import { jsonDocumentStream } from './json-document-stream';

async function* pagesOf<T>(...pages: T[][]): AsyncGenerator<T[]> {
  for (const page of pages) yield page;
}

describe('jsonDocumentStream', () => {
  it('writes the head fields then every page of the array, as one JSON document', async () => {
    const head = { version: 1, profile: { email: 'a"b@example.com' }, empty: [] };
    const stream = jsonDocumentStream(head, 'activity', pagesOf([{ n: 1 }, { n: 2 }], [], [{ n: 3 }]));
    expect(JSON.parse(await text(stream))).toEqual({ ...head, activity: [{ n: 1 }, { n: 2 }, { n: 3 }] });
  });

  it('writes an empty array when there is no page, and works with an empty head', async () => {
    expect(JSON.parse(await text(jsonDocumentStream({ a: 1 }, 'activity', pagesOf())))).toEqual({ a: 1, activity: [] });
    expect(JSON.parse(await text(jsonDocumentStream({}, 'items', pagesOf([1], [2]))))).toEqual({ items: [1, 2] });
  });

  it('refuses a head that already has the field (it would appear twice)', () => {
    expect(() => jsonDocumentStream({ activity: [] }, 'activity', pagesOf())).toThrow(TypeError);
  });

  it('lets other work run between pages: a timer queued during the first page fires before the last', async () => {
    const order: string[] = [];
    async function* pages(): AsyncGenerator<number[]> {
      order.push('page 1');
      setImmediate(() => order.push('other request'));
      yield [1];
      order.push('page 2');
      yield [2];
    }
    await text(jsonDocumentStream({}, 'items', pages()));
    expect(order).toEqual(['page 1', 'other request', 'page 2']);
  });

  it('fails the stream when a page fails, instead of ending a well-formed but partial document', async () => {
    async function* failing(): AsyncGenerator<number[]> {
      yield [1];
      throw new Error('read model unreachable');
    }
    await expect(text(jsonDocumentStream({ a: 1 }, 'items', failing()))).rejects.toThrow('read model unreachable');
  });
});

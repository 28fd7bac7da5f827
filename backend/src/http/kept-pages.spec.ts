import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { KeptPages } from './kept-pages';

describe('KeptPages', () => {
  it('writes a page once per stamp, in the coding asked for, and again when its stamp moves', () => {
    const pages = new KeptPages(10);
    let writes = 0;
    const write = () => `<p>page ${++writes}</p>`;
    const br = pages.page('a', '1', write, 'br')!;
    expect(brotliDecompressSync(br).toString()).toBe('<p>page 1</p>');
    expect(pages.page('a', '1', write, 'br')).toBe(br);
    expect(gunzipSync(pages.page('a', '1', write, 'gzip')!).toString()).toBe('<p>page 1</p>');
    expect(pages.page('a', '2', write, undefined)!.toString()).toBe('<p>page 2</p>');
    expect(writes).toBe(2);
  });

  it('keeps nothing when there is no page to write, and drops the least recently asked past its bound', () => {
    const pages = new KeptPages(2);
    expect(pages.page('none', '1', () => undefined, 'br')).toBeUndefined();
    const written: string[] = [];
    const write = (key: string) => () => (written.push(key), key);
    pages.page('a', '1', write('a'), undefined);
    pages.page('b', '1', write('b'), undefined);
    pages.page('a', '1', write('a'), undefined); // asked again: b is now the least recent
    pages.page('c', '1', write('c'), undefined); // b goes
    pages.page('a', '1', write('a'), undefined);
    pages.page('b', '1', write('b'), undefined);
    expect(written).toEqual(['a', 'b', 'c', 'b']);
  });
});

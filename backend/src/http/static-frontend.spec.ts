import { withInlineData } from './static-frontend';

describe('withInlineData', () => {
  const html = '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>';

  test('puts the value as a JSON data block just before </head>, parsing back to the same value', () => {
    const value = { videos: [{ _id: 'a', title: 'Phone “Pro”' }], categories: [] };
    const out = withInlineData(html, { id: 'catalogue-data', value });
    const [head, rest] = out.split('</head>');
    expect(rest).toBe('<body><div id="root"></div></body></html>');
    const block = /<script type="application\/json" id="catalogue-data">(.*)<\/script>/.exec(head!);
    expect(JSON.parse(block![1]!)).toEqual(value);
  });

  test('no string in the value can end the element or open a comment: every < is written \\u003c', () => {
    const value = { title: '</script><script>alert(1)</script><!--' };
    const out = withInlineData(html, { id: 'd', value });
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).not.toContain('<!--');
    const json = /id="d">(.*)<\/script>/.exec(out)![1]!;
    expect(JSON.parse(json)).toEqual(value);
  });

  test('an index.html without </head> is refused rather than served without the data', () => {
    expect(() => withInlineData('<html><body></body></html>', { id: 'd', value: 1 })).toThrow(/<\/head>/);
  });
});

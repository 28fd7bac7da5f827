import { tmpdir } from 'node:os';
import { ConfigError, loadConfig } from '../config/app-config';
import { requestOrigin, withLinkPreview } from './link-previews';
import { PreviewPages } from './preview-pages';

const INDEX = `<!doctype html><html><head>
    <meta name="description" content="generic" />
    <meta property="og:title" content="TechTube" />
    <meta name="twitter:card" content="summary" />
    <title>TechTube</title>
  </head><body><div id="root"></div></body></html>`;
const PREVIEW = {
  title: 'Pixel 9 review',
  description: 'A phone.',
  path: '/videoPlay/abc',
  image: 'https://i.ytimg.com/vi/abc/hqdefault.jpg',
  type: 'video.other',
} as const;

describe('withLinkPreview', () => {
  it('replaces the generic title, description and card tags with the page’s own, once each', () => {
    const html = withLinkPreview(INDEX, PREVIEW, 'https://techtube.example');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Pixel 9 review - TechTube</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('content="generic"');
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://techtube.example/videoPlay/abc" />');
    expect(html).toContain('<meta property="og:image" content="https://i.ytimg.com/vi/abc/hqdefault.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves out the URLs without an origin, and the large card without an image', () => {
    const html = withLinkPreview(INDEX, { ...PREVIEW, image: undefined }, undefined);
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('escapes what it writes into attributes and the title', () => {
    const html = withLinkPreview(INDEX, { ...PREVIEW, title: '"><script>x</script>&' }, undefined);
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;"');
  });
});

describe('requestOrigin', () => {
  it('is the scheme and Host of a plain host name, and nothing for anything else', () => {
    expect(requestOrigin({ protocol: 'https', host: 'techtube.example' })).toBe('https://techtube.example');
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
    expect(requestOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(requestOrigin({ protocol: 'http', host: 'a.example/"x' })).toBeUndefined();
    expect(requestOrigin({ protocol: 'http', host: 'a b' })).toBeUndefined();
  });
});

describe('PUBLIC_ORIGIN', () => {
  const BASE = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), EMAIL_INDEX_SECRET: 'y'.repeat(32) };
  it('takes one origin, and refuses a URL with a path or a list', () => {
    expect(loadConfig(BASE).publicOrigin).toBeUndefined();
    expect(loadConfig({ ...BASE, PUBLIC_ORIGIN: 'https://techtube.example' }).publicOrigin).toBe('https://techtube.example');
    expect(() => loadConfig({ ...BASE, PUBLIC_ORIGIN: 'https://techtube.example/app' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, PUBLIC_ORIGIN: 'https://a.example,https://b.example' })).toThrow(/one origin/);
  });
});

describe('PreviewPages', () => {
  it('writes a page again when its preview or the index changes, and keeps it otherwise', () => {
    const pages = new PreviewPages();
    const first = pages.page({ version: 1, html: INDEX }, PREVIEW, undefined, 'br');
    expect(pages.page({ version: 1, html: INDEX }, PREVIEW, undefined, 'br')).toBe(first);
    expect(pages.page({ version: 2, html: INDEX }, PREVIEW, undefined, 'br')).not.toBe(first);
    const renamed = pages.page({ version: 2, html: INDEX }, { ...PREVIEW, title: 'Pixel 10' }, undefined, undefined);
    expect(renamed.toString()).toContain('<title>Pixel 10 - TechTube</title>');
  });
});

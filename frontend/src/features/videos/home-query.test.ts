import { describe, expect, test } from 'vitest';
import { readHomeQuery, videosPageUrl, withHomeParam } from './home-query';

describe('home query ↔ URL', () => {
  test('reads q, category and sort from the URL; a blank search and an unknown sort are left out', () => {
    expect(readHomeQuery(new URLSearchParams('q=pixel&category=smartphone&sort=popular'))).toEqual({
      q: 'pixel',
      category: 'smartphone',
      sort: 'popular',
    });
    expect(readHomeQuery(new URLSearchParams('q=%20%20&sort=loudest&other=1'))).toEqual({});
    expect(readHomeQuery(new URLSearchParams('q=%20oled%20'))).toEqual({ q: 'oled' });
  });

  test('the same results are the same query whatever the URL spelled (one cache entry)', () => {
    expect(readHomeQuery(new URLSearchParams('sort=newest&q=tv'))).toEqual(readHomeQuery(new URLSearchParams('q=tv&sort=newest&x=')));
  });

  test('setting a parameter keeps the others; an empty value removes it', () => {
    const params = new URLSearchParams('q=pixel&category=smartphone');
    expect(withHomeParam(params, 'sort', 'popular').toString()).toBe('q=pixel&category=smartphone&sort=popular');
    expect(withHomeParam(params, 'category', '').toString()).toBe('q=pixel');
    expect(params.toString()).toBe('q=pixel&category=smartphone');
  });

  test('a page is asked for with limit, the query and the cursor', () => {
    expect(videosPageUrl({}, null, 24)).toBe('/videos?limit=24');
    const url = new URL(videosPageUrl({ q: 'oled tv', category: 'television', sort: 'popular' }, 'abc+/=', 24), 'http://x');
    expect(url.pathname).toBe('/videos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '24',
      q: 'oled tv',
      category: 'television',
      sort: 'popular',
      cursor: 'abc+/=',
    });
  });
});

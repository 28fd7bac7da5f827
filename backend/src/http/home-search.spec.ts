import { readHomeQuery } from '../../../frontend/src/features/videos/home-query';
import { readHomeSearch } from './home-search';

describe('readHomeSearch', () => {
  // The page the server writes for home's URL is only of use if home asks for the same search: the server's reading
  // of the URL and home's own (frontend/src/features/videos/home-query.ts) must agree on every URL.
  it.each([
    'q=pixel',
    'q=%20Pixel%20Pro%20&sort=popular',
    'q=a+b&category=smartphone&sort=newest',
    'category=%20television%20',
    'sort=title',
    'sort=POPULAR',
    'q=&category=&sort=',
    'q=one&q=two',
    'page=2&utm_source=x',
    'q=%E2%80%9Cquoted%E2%80%9D&sort=newest&sort=popular',
    '',
  ])('reads ?%s as home does', (query) => {
    const home = readHomeQuery(new URLSearchParams(query));
    expect(readHomeSearch(query)).toEqual(Object.keys(home).length > 0 ? home : undefined);
  });
});

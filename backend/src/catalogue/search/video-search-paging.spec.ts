// Keyset paging (docs/design/catalogue.md, "Public answers"): pages are disjoint, skip nothing, and stay
// so while videos are published between them; a video published later shows up only after the cursor.
import { Modelled, randomVideo, referenceCompare, referenceScore, seeded } from './search.spec-helper';
import type { PageKey, VideoSort } from './search-types';
import { VideoSearch } from './video-search';

const SORTS: VideoSort[] = ['catalogue', 'newest', 'title', 'popular', 'likes', 'views', 'relevance'];

function catalogueOf(size: number, random: () => number) {
  const search = new VideoSearch();
  const all = new Map<string, Modelled>();
  const publish = (m: Modelled) => {
    search.upsert(m.video);
    search.setCounts(m.video.id, m.counts);
    all.set(m.video.id, m);
  };
  for (let seq = 1; seq <= size; seq++) publish(randomVideo(random, seq));
  return { search, all, publish };
}

// Few matches go through the heap over the matches (seven words, each in about half the videos: some 30
// of 3 000), many through walking the kept order (page-selection.ts chooses by the set's size).
describe.each([
  [60, 'phone', 5],
  [3000, 'e', 7],
  [3000, 'olympus sam phone review tele pixel lg', 7],
])('paging %i videos', (size, q, limit) => {
  it.each(
    SORTS.flatMap((sort) => [undefined, q].map((query) => [sort, query] as const)).filter(([sort, query]) => sort !== 'relevance' || query),
  )('sort %s, q %s: every page follows the previous one in the order, and together they hold every match', (sort, query) => {
    const random = seeded(size + sort.length);
    const { search, all, publish } = catalogueOf(size, random);
    const matches = (m: Modelled) => !m.video.retired && (query === undefined || referenceScore(m.video, query) > 0);
    const atStart = [...all.values()].filter(matches).map((m) => m.video.id);
    const seen: string[] = [];
    let after: PageKey | undefined;
    let seq = size;
    for (let page = 0; page < 5000; page++) {
      const answer = search.query({ q: query, sort, limit, after });
      seen.push(...answer.ids);
      if (answer.next === null) break;
      after = answer.next;
      // Published between two pages: a tenth of the time one that sorts first in most orders.
      for (let i = 0; i < 2; i++) publish(randomVideo(random, ++seq));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(atStart.filter((id) => !seen.includes(id))).toEqual([]);
    const pairsOutOfOrder = seen.slice(1).filter((id, i) => referenceCompare(sort, all.get(seen[i])!, all.get(id)!, query) >= 0);
    expect(pairsOutOfOrder).toEqual([]);
    expect(seen.every((id) => matches(all.get(id)!))).toBe(true);
  });
});

describe('paging and counts', () => {
  it('pages popular by the counts as they are when each page is asked (a liked video may move across pages)', () => {
    const { search, all } = catalogueOf(50, seeded(3));
    const first = search.query({ sort: 'popular', limit: 10 });
    const last = all.get(first.ids[9])!;
    // The first page's last video loses its popularity: the next page, after the cursor, now holds it.
    search.setCounts(last.video.id, { ...last.counts, popularity: -1 });
    const rest = search.query({ sort: 'popular', limit: 100, after: first.next! });
    expect(rest.ids[rest.ids.length - 1]).toBe(last.video.id);
  });
});

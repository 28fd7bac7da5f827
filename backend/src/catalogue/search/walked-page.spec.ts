// A search page found by walking a kept order (walked-page.ts) is the page that matching every video gives
// (docs/design/catalogue.md, "Public answers"): the same videos, in the same order, the same cursors on, for
// broad words (walked), rare ones (found from the postings) and those between, in every sort.
import { Modelled, randomVideo, referenceCompare, referenceScore, seeded } from './search.spec-helper';
import type { PageKey, VideoQuery, VideoSort, VideoStatus } from './search-types';
import { VideoSearch } from './video-search';

const QUERIES = [
  'e',
  'p',
  's',
  'sa',
  'te',
  'tel',
  'phone',
  'pixel',
  'olympus',
  'lg',
  'ecran',
  'écrans',
  'o',
  'e p',
  'sam tv',
  'review lg oled',
  'pixel phone',
  'x',
  'e p s t o',
  'p o r t',
];
const SORTS: VideoSort[] = ['relevance', 'popular', 'newest', 'title', 'likes', 'views', 'catalogue'];

function catalogueOf(size: number, seed: number, batched: boolean) {
  const random = seeded(seed);
  const search = new VideoSearch();
  const all = Array.from({ length: size }, (_, i) => randomVideo(random, i + 1));
  const load = () => {
    for (const m of all) {
      search.upsert(m.video);
      search.setCounts(m.video.id, m.counts);
    }
  };
  if (batched) search.batch(load);
  else load();
  return { search, all };
}

function expected(all: Modelled[], query: VideoQuery): string[] {
  const status: VideoStatus = query.status ?? 'published';
  return all
    .filter(
      (m) =>
        (status === 'all' || m.video.retired === (status === 'retired')) &&
        (query.categoryId === undefined || m.video.categoryId === query.categoryId),
    )
    .filter((m) => referenceScore(m.video, query.q!) > 0)
    .sort((a, b) => referenceCompare(query.sort, a, b, query.q))
    .map((m) => m.video.id);
}

describe.each([
  [400, false],
  [3000, true],
])('walked and matched pages agree, %i videos (batched: %s)', (size, batched) => {
  const { search, all } = catalogueOf(size, size, batched);
  it.each(SORTS)('sort %s: every page of every query, with a category and with retired ones', (sort) => {
    for (const q of QUERIES) {
      for (const filter of [{}, { categoryId: 'monitors' }, { status: 'retired' as const }, { status: 'all' as const }]) {
        const query: VideoQuery = { q, sort, limit: 7, ...filter };
        const want = expected(all, query);
        const seen: string[] = [];
        let after: PageKey | undefined;
        for (let page = 0; page < 4; page++) {
          const answer = search.query({ ...query, after });
          seen.push(...answer.ids);
          if (answer.next === null) break;
          after = answer.next;
        }
        expect({ q, ...filter, ids: seen }).toEqual({ q, ...filter, ids: want.slice(0, seen.length) });
        if (seen.length < 28) expect(seen.length).toBe(want.length);
        expect(search.query(query).total).toBe(want.length);
      }
    }
  });
});

describe('VideoSearch.batch', () => {
  it('holds the same catalogue as one upsert at a time, into empty orders and into full ones, with edits inside', () => {
    const one = catalogueOf(500, 9, false);
    const batched = catalogueOf(500, 9, true);
    const random = seeded(21);
    const more = Array.from({ length: 200 }, (_, i) => randomVideo(random, 1000 + i));
    const edits = one.all.slice(0, 50).map((m) => ({ ...m.video, title: `${m.video.title} edited`, retired: !m.video.retired }));
    const apply = (search: VideoSearch) => {
      for (const m of more) {
        search.upsert(m.video);
        search.setCounts(m.video.id, m.counts);
      }
      for (const video of edits) search.upsert(video);
    };
    apply(one.search);
    batched.search.batch(() => apply(batched.search));
    for (const sort of SORTS.filter((s) => s !== 'relevance')) {
      for (const status of ['published', 'retired', 'all'] as const) {
        expect(batched.search.query({ sort, status, limit: 100 })).toEqual(one.search.query({ sort, status, limit: 100 }));
      }
    }
    expect(batched.search.query({ q: 'edited', sort: 'relevance', limit: 100 }).ids).toEqual(
      one.search.query({ q: 'edited', sort: 'relevance', limit: 100 }).ids,
    );
  });
});

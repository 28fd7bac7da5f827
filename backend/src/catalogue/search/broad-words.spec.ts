// Searches whose every word is broad read each video's score from the words' kept scores (broad-words.ts,
// broad-page.ts): the pages are the ones matching every video gives (docs/design/catalogue.md, "Public answers"),
// and the kept scores follow every publication, edit and retirement.
import { BroadPage } from './broad-page';
import { BroadWords } from './broad-words';
import { PrefixMatcher } from './prefix-match';
import { counts, Modelled, randomVideo, referenceCompare, referenceScore, searchOf, seeded, video } from './search.spec-helper';
import type { PageKey, VideoQuery, VideoSort, VideoStatus } from './search-types';
import { TermIndex } from './term-index';
import { VideoSearch } from './video-search';

const QUERIES = [
  'e',
  'p',
  's',
  'sa',
  'tel',
  'phone',
  'pixel',
  'lg',
  'ecran',
  'o',
  'e p',
  'sam tv',
  'review lg oled',
  'pixel phone',
  'e p s t o',
  'x',
];
const SORTS: VideoSort[] = ['relevance', 'popular', 'newest', 'title', 'catalogue'];

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

/** Every word broad (1 posting and more), or only the commonest (a third of the catalogue's size). */
describe.each([
  ['every word broad', () => 1],
  ['common words broad', (size: number) => size / 3],
])('broad pages agree with matching every video (%s)', (_, broadPostings) => {
  const random = seeded(77);
  const search = new VideoSearch({ broadPostings });
  const all = Array.from({ length: 700 }, (_, i) => randomVideo(random, i + 1));
  search.batch(() => {
    for (const m of all) {
      search.upsert(m.video);
      search.setCounts(m.video.id, m.counts);
    }
  });

  it.each(SORTS)('sort %s: every page of every query, with a category and with retired ones', (sort) => {
    for (const q of QUERIES) {
      for (const filter of [{}, { categoryId: 'monitors' }, { status: 'retired' as const }, { status: 'all' as const }]) {
        for (const limit of [2, 9]) {
          const query: VideoQuery = { q, sort, limit, ...filter };
          const want = expected(all, query);
          const seen: string[] = [];
          let after: PageKey | undefined;
          for (let page = 0; page < 4; page++) {
            const answer = search.query({ ...query, after });
            seen.push(...answer.ids);
            if (answer.next === null) break;
            after = answer.next;
          }
          expect({ q, ...filter, limit, ids: seen }).toEqual({ q, ...filter, limit, ids: want.slice(0, seen.length) });
          if (seen.length < 4 * limit) expect(seen.length).toBe(want.length);
          expect(search.query(query).total).toBe(want.length);
        }
      }
    }
  });
});

describe('the pass over the catalogue (broad-page.ts)', () => {
  it('answers when walking would meet too many videos, with the same pages', () => {
    const relevance = jest.spyOn(BroadPage.prototype, 'relevance');
    const inOrder = jest.spyOn(BroadPage.prototype, 'inOrder');
    try {
      const random = seeded(5);
      const search = new VideoSearch({ broadPostings: () => 1 });
      const all = Array.from({ length: 3000 }, (_, i) => randomVideo(random, i + 1));
      for (const m of all) {
        search.upsert(m.video);
        search.setCounts(m.video.id, m.counts);
      }
      // Seven words each in about half the videos: a few dozen hold them all, rare among those a walk meets.
      for (const sort of ['relevance', 'popular'] as const) {
        const query: VideoQuery = { q: 'olympus sam phone review tele pixel lg', sort, limit: 5 };
        const want = expected(all, query);
        const seen: string[] = [];
        let after: PageKey | undefined;
        do {
          const answer = search.query({ ...query, after });
          seen.push(...answer.ids);
          after = answer.next ?? undefined;
        } while (after !== undefined);
        expect(seen).toEqual(want);
      }
      expect(relevance).toHaveBeenCalled();
      expect(inOrder).toHaveBeenCalled();
    } finally {
      relevance.mockRestore();
      inOrder.mockRestore();
    }
  });
});

describe('the full match with kept scores (prefix-match.ts)', () => {
  it('narrows the candidates of a rare word by the kept scores of the broad ones, with the same pages', () => {
    const matcher = PrefixMatcher.prototype as unknown as { narrowByScores: () => number[] };
    const narrowByScores = jest.spyOn(matcher, 'narrowByScores');
    try {
      const random = seeded(11);
      const search = new VideoSearch({ broadPostings: (size) => size / 4 });
      const all = Array.from({ length: 600 }, (_, i) => randomVideo(random, i + 1));
      for (const m of all) {
        search.upsert(m.video);
        search.setCounts(m.video.id, m.counts);
      }
      for (const q of ['olympus e', 'olympus e p', 'lg s t']) {
        for (const sort of ['relevance', 'title'] as const) {
          const query: VideoQuery = { q, sort, limit: 3 };
          const want = expected(all, query);
          const seen: string[] = [];
          let after: PageKey | undefined;
          do {
            const answer = search.query({ ...query, after });
            seen.push(...answer.ids);
            after = answer.next ?? undefined;
          } while (after !== undefined);
          expect({ q, sort, ids: seen }).toEqual({ q, sort, ids: want });
          expect(search.query(query).total).toBe(want.length);
        }
      }
      expect(narrowByScores).toHaveBeenCalled();
    } finally {
      narrowByScores.mockRestore();
    }
  });
});

describe('BroadWords: kept scores follow the catalogue', () => {
  const planned = (index: TermIndex, word: string) => {
    const terms = index.dictionary.withPrefix(word);
    return { word, terms, postings: terms.reduce((sum, term) => sum + (index.postingLengths[term] ?? 0), 0) };
  };

  it('scores each document as prefix matching does, keeps them between queries, and drops them when a document is indexed', () => {
    const index = new TermIndex();
    const words = new BroadWords(index, () => 1);
    index.setDocument(0, { title: 'OLED review', channel: '', description: '' });
    index.setDocument(1, { title: '', channel: 'Oledish', description: 'oled' });
    index.setDocument(2, { title: 'phone', channel: '', description: '' });
    const first = words.scoresOf(planned(index, 'oled'), 3);
    expect([...first]).toEqual([6, 3, 0]);
    expect(words.scoresOf(planned(index, 'oled'), 3)).toBe(first);
    expect(words.size).toBe(1);

    index.setDocument(2, { title: 'phone', channel: 'OLED', description: '' });
    expect(words.size).toBe(0);
    expect([...words.scoresOf(planned(index, 'oled'), 3)]).toEqual([6, 3, 4]);
  });

  it('is broad from the given number of postings only', () => {
    const index = new TermIndex();
    const words = new BroadWords(index, () => 2);
    index.setDocument(0, { title: 'oled', channel: '', description: '' });
    expect(words.isBroad(planned(index, 'oled'), 1)).toBe(false);
    index.setDocument(1, { title: 'oled', channel: '', description: '' });
    expect(words.isBroad(planned(index, 'oled'), 2)).toBe(true);
    expect(words.isBroad(planned(index, 'absent'), 2)).toBe(false);
  });
});

describe('VideoSearch with broad words: answers follow publications, edits, retirements and counts', () => {
  const broad = (...videos: ReturnType<typeof video>[]) => {
    const search = new VideoSearch({ broadPostings: () => 1 });
    for (const v of videos) search.upsert(v);
    return search;
  };
  const ids = (search: VideoSearch, q: string, sort: VideoSort = 'relevance') => search.query({ q, sort, limit: 10 }).ids;

  it('shows a video published after the word was searched', () => {
    const search = broad(video({ id: 'a', title: 'OLED review', seq: 1 }), video({ id: 'b', description: 'oled panel', seq: 2 }));
    expect(ids(search, 'oled')).toEqual(['a', 'b']);
    search.upsert(video({ id: 'c', channel: 'OLED', seq: 3 }));
    expect(ids(search, 'oled')).toEqual(['a', 'c', 'b']);
  });

  it('follows an edit: the new words find it, the old ones no longer do, and its score moves', () => {
    const search = broad(video({ id: 'a', title: 'OLED review', seq: 1 }), video({ id: 'b', description: 'oled panel', seq: 2 }));
    expect(ids(search, 'oled')).toEqual(['a', 'b']);
    expect(ids(search, 'panel')).toEqual(['b']);
    search.upsert(video({ id: 'a', title: 'LCD review', seq: 1 }));
    search.upsert(video({ id: 'b', title: 'OLED panel', seq: 2 }));
    expect(ids(search, 'oled')).toEqual(['b']);
    expect(ids(search, 'lcd')).toEqual(['a']);
    expect(ids(search, 'oled', 'catalogue')).toEqual(['b']);
  });

  it('leaves out a retired video and shows it again once restored', () => {
    const search = broad(video({ id: 'a', title: 'OLED', seq: 1 }), video({ id: 'b', title: 'OLED', seq: 2 }));
    expect(ids(search, 'oled')).toEqual(['a', 'b']);
    search.upsert(video({ id: 'a', title: 'OLED', seq: 1, retired: true }));
    expect(ids(search, 'oled')).toEqual(['b']);
    expect(search.query({ q: 'oled', sort: 'relevance', status: 'retired', limit: 10 }).ids).toEqual(['a']);
    search.upsert(video({ id: 'a', title: 'OLED', seq: 1 }));
    expect(ids(search, 'oled')).toEqual(['a', 'b']);
  });

  it('orders by the counts as they are now (a like moves a video within its score)', () => {
    const search = broad(video({ id: 'a', title: 'OLED', seq: 1 }), video({ id: 'b', title: 'OLED', seq: 2 }));
    expect(ids(search, 'oled')).toEqual(['a', 'b']);
    search.setCounts('b', counts(3));
    expect(ids(search, 'oled')).toEqual(['b', 'a']);
    expect(ids(search, 'oled', 'popular')).toEqual(['b', 'a']);
  });

  it('answers as the engine without kept scores does', () => {
    const random = seeded(3);
    const videos = Array.from({ length: 300 }, (_, i) => randomVideo(random, 5000 + i).video);
    const plain = searchOf(...videos);
    const withBroad = broad(...videos);
    for (const q of QUERIES) expect(ids(withBroad, q)).toEqual(ids(plain, q));
  });
});

// What GET /api/videos promises about search and sorts (docs/design/catalogue.md, "Public answers").
import { counts, searchOf, video } from './search.spec-helper';

const ids = (page: { ids: string[] }) => page.ids;

describe('VideoSearch: matching', () => {
  it('ignores case and accents, in the query and in the video: "écran" finds "Ecran", "ECRAN" finds "écran"', () => {
    const search = searchOf(video({ id: 'plain', title: 'Ecran 4K' }), video({ id: 'accent', description: 'Un écran courbé' }));
    expect(ids(search.query({ q: 'écran', sort: 'relevance', limit: 10 })).sort()).toEqual(['accent', 'plain']);
    expect(ids(search.query({ q: 'ECRAN', sort: 'relevance', limit: 10 })).sort()).toEqual(['accent', 'plain']);
    expect(ids(search.query({ q: 'courbe', sort: 'relevance', limit: 10 }))).toEqual(['accent']);
  });

  it('needs every word of q to begin a word of the title, channel or description', () => {
    const search = searchOf(
      video({ id: 'both', title: 'Samsung television', channel: 'Tech' }),
      video({ id: 'across-fields', title: 'Samsung', channel: 'Televisions Daily' }),
      video({ id: 'one-only', title: 'Samsung phone' }),
      video({ id: 'inside-a-word', title: 'Notsamsung television' }),
    );
    expect(ids(search.query({ q: 'sam tele', sort: 'catalogue', limit: 10 }))).toEqual(['both', 'across-fields']);
    expect(ids(search.query({ q: 'sung', sort: 'catalogue', limit: 10 }))).toEqual([]);
    expect(ids(search.query({ q: 'samsung tv', sort: 'catalogue', limit: 10 }))).toEqual([]);
  });

  it('matches nothing for a q without letters or digits, and treats a blank q as none', () => {
    const search = searchOf(video({ id: 'a', title: 'Anything' }));
    expect(search.query({ q: '?!', sort: 'relevance', limit: 10 })).toEqual({ ids: [], next: null, total: 0 });
    expect(ids(search.query({ q: '  ', sort: 'catalogue', limit: 10 }))).toEqual(['a']);
    expect(() => search.query({ sort: 'relevance', limit: 10 })).toThrow(RangeError);
  });

  it('finds a video by its new words once edited, and no longer by its old ones', () => {
    const search = searchOf(video({ id: 'a', title: 'Old monitor', seq: 1 }));
    search.upsert(video({ id: 'a', title: 'New television', seq: 1 }));
    expect(ids(search.query({ q: 'monitor', sort: 'relevance', limit: 10 }))).toEqual([]);
    expect(ids(search.query({ q: 'television', sort: 'relevance', limit: 10 }))).toEqual(['a']);
    expect(search.size).toBe(1);
  });
});

describe('VideoSearch: ranking', () => {
  it('ranks by where q matched (title, channel, description), whole words over prefixes, then popularity, then seq', () => {
    const search = searchOf(
      video({ id: 'description-whole', description: 'oled' }),
      video({ id: 'channel-prefix', channel: 'OLEDs United' }),
      video({ id: 'title-prefix', title: 'Oledish' }),
      video({ id: 'channel-whole', channel: 'OLED' }),
      video({ id: 'title-whole-older', title: 'OLED' }),
      video({ id: 'title-whole-newer', title: 'OLED' }),
      video({ id: 'title-whole-popular', title: 'OLED' }),
      video({ id: 'description-prefix', description: 'oledo' }),
    );
    search.setCounts('title-whole-popular', counts(5));
    expect(ids(search.query({ q: 'oled', sort: 'relevance', limit: 10 }))).toEqual([
      'title-whole-popular',
      'title-whole-older',
      'title-whole-newer',
      'title-prefix',
      'channel-whole',
      'channel-prefix',
      'description-whole',
      'description-prefix',
    ]);
  });

  it('adds up the words: two title words rank above one title word and one description word', () => {
    const search = searchOf(
      video({ id: 'one-in-title', title: 'Pixel', description: 'camera' }),
      video({ id: 'both-in-title', title: 'Pixel camera' }),
    );
    search.setCounts('one-in-title', counts(100));
    expect(ids(search.query({ q: 'pixel camera', sort: 'relevance', limit: 10 }))).toEqual(['both-in-title', 'one-in-title']);
  });
});

describe('VideoSearch: sorts', () => {
  const catalogue = () => {
    const search = searchOf(
      video({ id: 'b', title: 'Écran B', publishedAt: '2024-03-01T00:00:00Z', seq: 10 }),
      video({ id: 'a', title: 'ecran a', publishedAt: '2024-05-01T00:00:00+02:00', seq: 11 }),
      video({ id: 'c', title: 'Zoom', publishedAt: '2024-03-01T00:00:00Z', seq: 12 }),
      video({ id: 'd', title: 'ecran b', publishedAt: '2024-01-01T00:00:00Z', seq: 13 }),
    );
    search.setCounts('a', { popularity: 7, likeCount: 1, viewCount: 50 });
    search.setCounts('b', { popularity: 9, likeCount: 0, viewCount: 50 });
    search.setCounts('c', { popularity: 7, likeCount: 3, viewCount: 2 });
    return search;
  };
  const order = (sort: 'catalogue' | 'newest' | 'title' | 'popular' | 'likes' | 'views', q?: string) =>
    ids(catalogue().query({ sort, q, limit: 10 }));

  it.each([
    ['catalogue', ['b', 'a', 'c', 'd']],
    ['newest', ['a', 'c', 'b', 'd']], // b and c at the same time: the later seq first
    ['title', ['a', 'b', 'd', 'c']], // accents and case ignored; "écran b" and "ecran b" tie, seq breaks it
    ['popular', ['b', 'a', 'c', 'd']],
    ['likes', ['c', 'a', 'b', 'd']],
    ['views', ['b', 'a', 'c', 'd']],
  ] as const)('%s', (sort, expected) => {
    expect(order(sort)).toEqual(expected);
  });

  it('sorts the matches of q the same way', () => {
    expect(order('title', 'ecran')).toEqual(['a', 'b', 'd']);
    expect(order('likes', 'ecran')).toEqual(['a', 'b', 'd']);
  });

  it('moves a video in popular, likes and views as its counts change', () => {
    const search = catalogue();
    search.setCounts('d', { popularity: 100, likeCount: 100, viewCount: 100 });
    for (const sort of ['popular', 'likes', 'views'] as const) expect(ids(search.query({ sort, limit: 1 }))).toEqual(['d']);
    search.setCounts('d', { popularity: 0, likeCount: 0, viewCount: 0 });
    expect(ids(search.query({ sort: 'popular', limit: 10 }))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(search.query({ q: 'ecran', sort: 'relevance', limit: 10 }))).toEqual(['b', 'a', 'd']);
  });

  it('keeps counts that arrive before their video', () => {
    const search = searchOf(video({ id: 'a' }));
    search.setCounts('late', counts(3, 3, 3));
    search.upsert(video({ id: 'late' }));
    expect(ids(search.query({ sort: 'likes', limit: 1 }))).toEqual(['late']);
  });
});

describe('VideoSearch: status and category', () => {
  const search = () => {
    const s = searchOf(
      video({ id: 'phone', title: 'Pixel', categoryId: 'phones' }),
      video({ id: 'retired-phone', title: 'Pixel', categoryId: 'phones', retired: true }),
      video({ id: 'tv', title: 'Pixel TV', categoryId: 'televisions' }),
    );
    return s;
  };

  it('leaves retired videos out by default, lists them alone with status retired, and with the rest with status all', () => {
    for (const q of [undefined, 'pixel']) {
      expect(ids(search().query({ q, sort: 'catalogue', limit: 10 }))).toEqual(['phone', 'tv']);
      expect(ids(search().query({ q, sort: 'catalogue', limit: 10, status: 'retired' }))).toEqual(['retired-phone']);
      expect(search().query({ q, sort: 'catalogue', limit: 10, status: 'all' })).toMatchObject({
        ids: ['phone', 'retired-phone', 'tv'],
        total: 3,
      });
    }
  });

  it('retires and restores in place', () => {
    const s = search();
    s.upsert(video({ id: 'tv', title: 'Pixel TV', categoryId: 'televisions', retired: true, seq: 99 }));
    expect(s.query({ sort: 'catalogue', limit: 10 })).toMatchObject({ ids: ['phone'], total: 1 });
    s.upsert(video({ id: 'tv', title: 'Pixel TV', categoryId: 'televisions', retired: false, seq: 99 }));
    expect(s.query({ sort: 'catalogue', limit: 10 })).toMatchObject({ ids: ['phone', 'tv'], total: 2 });
  });

  it('keeps to one category, and counts its total', () => {
    expect(search().query({ sort: 'catalogue', limit: 10, categoryId: 'phones' })).toEqual({ ids: ['phone'], next: null, total: 1 });
    expect(search().query({ q: 'pix', sort: 'relevance', limit: 10, categoryId: 'televisions' })).toEqual({
      ids: ['tv'],
      next: null,
      total: 1,
    });
  });
});

import type { CatalogueReadModel, CatalogueSort } from '../../backend/src/catalogue/read-model/catalogue-read-model.port';
import { InvalidCatalogueCursorError } from '../../backend/src/catalogue/read-model/page-cursor';
import { OpenCatalogueModel, OpenedCatalogueModel, allPages, ids, likes, television, upsert, video } from './catalogue-read-model-fixtures';

/**
 * What every catalogue read model adapter must do (docs/design/catalogue.md, "The catalogue read model (being
 * built)"): the seed's title rule and its ranking, each sort with keyset pages, tombstones, counts, categories,
 * and batches applied exactly once with their checkpoint. A fresh, empty model per test.
 */
export function describeCatalogueReadModelContract(name: string, open: OpenCatalogueModel): void {
  describe(`CatalogueReadModel contract: ${name}`, () => {
    let opened: OpenedCatalogueModel | undefined;
    let model: CatalogueReadModel;
    beforeEach(async () => {
      opened = await open();
      model = opened.model;
    });
    afterEach(async () => {
      await opened?.dispose();
      opened = undefined;
    });

    describe('search: a case- and accent-folded substring of the title, nothing else', () => {
      beforeEach(async () => {
        await model.apply(
          [
            upsert(video('lg-c3', 'LG C3 OLED evo')),
            upsert(video('sony-a80', 'Sony A80L oled review')),
            upsert(video('samsung-s90', 'Samsung S90C: QD-OLED')),
            upsert(video('sony-x95', 'Sony X95K mini-LED', { description: 'Brighter than OLED' })),
            upsert(video('ecran', 'Écran 4K pour le salon')),
            upsert(video('phone', 'Pixel 8 camera test', { channel: 'OLED fans' })),
          ],
          1n,
        );
      });

      it('"  oled " answers exactly the titles holding "oled" in any case, not a description or a channel', async () => {
        expect((await ids(model, { q: '  oled ' })).sort()).toEqual(['lg-c3', 'samsung-s90', 'sony-a80']);
      });

      it('"led" finds OLED and mini-LED titles alike', async () => {
        expect((await ids(model, { q: 'led' })).sort()).toEqual(['lg-c3', 'samsung-s90', 'sony-a80', 'sony-x95']);
      });

      it('folds accents on both sides: "ecran" and "ÉCRAN" find "Écran"', async () => {
        expect(await ids(model, { q: 'ecran' })).toEqual(['ecran']);
        expect(await ids(model, { q: 'ÉCRAN' })).toEqual(['ecran']);
      });

      it('a blank q is no search; LIKE wildcards in q are plain characters', async () => {
        expect(await ids(model, { q: '   ' })).toHaveLength(6);
        expect(await ids(model, { q: '%' })).toEqual([]);
        expect(await ids(model, { q: 'S90_' })).toEqual([]);
      });
    });

    it('relevance: title starts with q, then a word starts with q, then any substring; popularity, then id, within each', async () => {
      await model.apply(
        [
          upsert(video('inside-1', 'Pioled panels')),
          upsert(video('inside-2', 'Kioled screens')),
          upsert(video('word-1', 'The best OLED')),
          upsert(video('word-2', 'Samsung QD-OLED')),
          upsert(video('start-1', 'OLED care')),
          upsert(video('start-2', 'oled or not')),
          upsert(video('other', 'Mini LED')),
          likes('inside-2', 90),
          likes('word-1', 5),
          likes('word-2', 50),
          likes('start-1', 1),
          likes('start-2', 1),
        ],
        1n,
      );
      const ranked = ['start-1', 'start-2', 'word-2', 'word-1', 'inside-2', 'inside-1'];
      expect(await ids(model, { q: 'oled', sort: 'relevance' })).toEqual(ranked);
      for (const limit of [1, 2, 4]) {
        expect((await allPages(model, { q: 'oled', sort: 'relevance', status: 'published', limit })).flat()).toEqual(ranked);
      }
    });

    describe('each sort, paged', () => {
      const expected: Record<CatalogueSort, string[]> = {
        catalogue: ['c', 'a', 'e', 'b', 'd'],
        popular: ['b', 'c', 'd', 'a', 'e'],
        newest: ['d', 'b', 'e', 'a', 'c'],
        title: ['a', 'c', 'e', 'b', 'd'],
        relevance: ['b', 'c', 'd', 'a', 'e'],
      };
      beforeEach(async () => {
        await model.apply(
          [
            upsert(video('c', 'beta', { publishedAt: '2024-01-01T00:00:00.000Z' })),
            upsert(video('a', 'Alpha', { publishedAt: '2024-02-01T00:00:00.000Z' })),
            upsert(video('e', 'Écho', { publishedAt: '2024-03-01T00:00:00.000Z' })),
            upsert(video('b', 'Gamma', { publishedAt: '2024-04-01T00:00:00.000Z' })),
            upsert(video('d', 'zeta', { publishedAt: '2024-05-01T00:00:00.000Z' })),
            likes('b', 9),
            likes('c', 4),
            likes('d', 4),
            likes('a', 1),
            // An edit keeps the video's place in the catalogue order.
            upsert(video('c', 'beta', { publishedAt: '2024-01-01T00:00:00.000Z', description: 'edited' })),
          ],
          1n,
        );
      });

      it.each(Object.keys(expected) as CatalogueSort[])('%s: one page, and pages of 2 disjoint and complete', async (sort) => {
        expect(await ids(model, { sort })).toEqual(expected[sort]);
        const pages = await allPages(model, { sort, status: 'published', limit: 2 });
        expect(pages).toEqual([expected[sort].slice(0, 2), expected[sort].slice(2, 4), expected[sort].slice(4)]);
      });

      it.each(Object.keys(expected) as CatalogueSort[])(
        '%s: pages stay disjoint and complete while videos are published between them',
        async (sort) => {
          let added = 0;
          const pages = await allPages(model, { sort, status: 'published', limit: 2 }, async (pageIndex) => {
            const fields = video(`new-${pageIndex}`, `New ${pageIndex}`, { publishedAt: `2024-0${6 + pageIndex}-01T00:00:00.000Z` });
            await model.apply([upsert(fields), likes(fields.id, 5 + pageIndex)], BigInt(2 + added++));
          });
          const seen = pages.flat();
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.filter((id) => !id.startsWith('new-'))).toEqual(expected[sort]);
        },
      );

      it('refuses a cursor that is not one', async () => {
        await expect(model.page({ sort: 'title', status: 'published', limit: 2, after: 'not-a-cursor' })).rejects.toThrow(
          InvalidCatalogueCursorError,
        );
      });
    });

    it('retired videos are tombstones: only status retired or all lists them, and video(id) still answers', async () => {
      await model.apply([upsert(video('kept', 'Kept OLED')), upsert(video('gone', 'Gone OLED', { retired: true }))], 1n);
      expect(await ids(model, { q: 'oled', status: 'published' })).toEqual(['kept']);
      expect(await ids(model, { q: 'oled', status: 'retired' })).toEqual(['gone']);
      expect(await ids(model, { q: 'oled', status: 'all' })).toEqual(['kept', 'gone']);
      expect(await model.video('gone')).toMatchObject({ id: 'gone', title: 'Gone OLED', retired: true });
      await model.apply([upsert(video('gone', 'Gone OLED'))], 2n);
      expect(await ids(model, { status: 'published' })).toEqual(['kept', 'gone']);
    });

    it('filters by category id', async () => {
      await model.apply([upsert(video('tv', 'TV OLED')), upsert(video('monitor', 'Monitor OLED', { categoryId: 'monitors' }))], 1n);
      expect(await ids(model, { q: 'oled', categoryId: 'monitors' })).toEqual(['monitor']);
    });

    it('counts are assignments: 3 likes, then 2; counts sent before the publication are kept', async () => {
      await model.apply([upsert(video('v', 'Video')), likes('v', 3, 7)], 1n);
      expect(await model.video('v')).toMatchObject({ likeCount: 3, viewCount: 7 });
      await model.apply([likes('v', 2, 7)], 2n);
      expect(await model.video('v')).toMatchObject({ likeCount: 2, viewCount: 7 });
      await model.apply([likes('early', 4, 1)], 3n);
      await model.apply([upsert(video('early', 'Early'))], 4n);
      expect(await model.video('early')).toMatchObject({ likeCount: 4, viewCount: 1 });
      expect(await model.video('missing')).toBeUndefined();
    });

    it('a category by its id, its slug or its name in any case; listed in creation order; removed', async () => {
      const monitors = { id: 'cat-mon', name: 'Monitors', slug: 'monitors', title: 'Monitors', description: '' };
      await model.apply(
        [
          { op: 'upsertCategory', category: television },
          { op: 'upsertCategory', category: monitors },
        ],
        1n,
      );
      for (const reference of ['cat-tv', 'television', 'Television', 'TELEVISION']) {
        expect(await model.category(reference)).toEqual(television);
      }
      expect(await model.category('Phones')).toBeUndefined();
      await model.apply([{ op: 'upsertCategory', category: { ...television, name: 'TV' } }], 2n);
      expect(await model.categories()).toEqual([{ ...television, name: 'TV' }, monitors]);
      await model.apply([{ op: 'removeCategory', categoryId: 'cat-tv' }], 3n);
      expect(await model.categories()).toEqual([monitors]);
    });

    it('a batch at or below the stored checkpoint changes nothing', async () => {
      expect(await model.checkpoint()).toBeUndefined();
      await model.apply([upsert(video('v', 'First')), likes('v', 1)], 5n);
      await model.apply([upsert(video('v', 'Again')), likes('v', 9)], 5n);
      await model.apply([upsert(video('w', 'Older'))], 4n);
      expect(await model.checkpoint()).toBe(5n);
      expect(await model.video('v')).toMatchObject({ title: 'First', likeCount: 1 });
      expect(await model.video('w')).toBeUndefined();
    });

    it('a reopened model keeps its videos, categories and checkpoint (a position past 2^53 too)', async () => {
      const position = 2n ** 60n + 1n;
      await model.apply([upsert(video('v', 'Kept OLED')), likes('v', 2), { op: 'upsertCategory', category: television }], position);
      if (!opened) throw new Error('opened per test');
      model = await opened.reopen();
      expect(await model.checkpoint()).toBe(position);
      expect(await model.video('v')).toMatchObject({ title: 'Kept OLED', likeCount: 2 });
      expect(await model.categories()).toEqual([television]);
      await model.apply([upsert(video('w', 'Later'))], position);
      expect(await model.video('w')).toBeUndefined();
    });
  });
}

import { ApiClient, ApiResponse } from '../support/api-client';
import { signUpOperator } from '../support/operators';
import { useAppOn } from '../support/read-models';

/**
 * The template's unpaged answers stay bounded however large the catalogue grows (docs/design/catalogue.md,
 * "Public answers"): GET /api/videos and GET /api/categories/:id give the first 1 000 videos, then `next` and
 * a Link header that a client follows to the rest. The bound lives in the controller, above any read model,
 * so one read model shows it.
 */
type Page = { videos: { _id: string; categoryName: string }[]; next: string | null };
type CategoryAnswer = { category: { slug: string; videos: { _id: string }[] }; next: string | null };

const BEYOND_ONE_PAGE = 1_001;

describe('unpaged catalogue answers with more than 1 000 videos', () => {
  const app = useAppOn('memory');
  let operator: ApiClient;
  let imported: string[];

  beforeAll(async () => {
    operator = (await signUpOperator(app.server)).client;
    const videos = Array.from({ length: BEYOND_ONE_PAGE }, (_, i) => ({
      _id: `Bnd${i.toString(36).padStart(8, '0')}`,
      title: `Bounded video ${i}`,
      description: 'One of many',
      category: 'television',
      channel: 'Bulk Channel',
      duration: '1:00',
    }));
    const res = await operator.post('/admin/videos/import', { videos });
    expect(res.status).toBe(200);
    imported = res.body.added;
    expect(imported).toHaveLength(BEYOND_ONE_PAGE);
  });

  /** Follows Link headers to the end, as a client that pages would; every page's ids in order. */
  async function followLinks(first: ApiResponse<unknown>, idsOf: (body: unknown) => string[]): Promise<string[][]> {
    const pages = [idsOf(first.body)];
    let link = first.headers.get('link');
    while (link) {
      const path = /^<\/api([^>]+)>; rel="next"$/.exec(link)![1];
      const res = await app.guest.get<Page>(path);
      expect(res.status).toBe(200);
      pages.push(res.body.videos.map((video) => video._id));
      link = res.headers.get('link');
    }
    return pages;
  }

  test('GET /api/categories/:slug gives the first 1 000 of the category, and its Link pages through the rest', async () => {
    const first = await app.guest.get<CategoryAnswer>('/categories/television');
    expect(first.status).toBe(200);
    expect(first.body.category.slug).toBe('television');
    expect(first.body.category.videos).toHaveLength(1_000);
    expect(typeof first.body.next).toBe('string');
    expect(first.headers.get('link')).toMatch(/^<\/api\/videos\?category=television&limit=100&cursor=[^>]+>; rel="next"$/);

    const pages = await followLinks(first, (body) => (body as CategoryAnswer).category.videos.map((video) => video._id));
    const all = pages.flat();
    const television = (await collectAll('/videos?category=television&limit=100')).map((video) => video._id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(television);
    expect(all).toEqual(expect.arrayContaining(imported));
  });

  test('a category within 1 000 videos is whole, with next null and no Link', async () => {
    const res = await app.guest.get<CategoryAnswer>('/categories/monitor');
    expect(res.status).toBe(200);
    expect(res.body.category.videos.length).toBeGreaterThan(0);
    expect(res.body.next).toBeNull();
    expect(res.headers.get('link')).toBeNull();
  });

  test('plain GET /api/videos gives the first 1 000 of the catalogue, and its Link pages through the rest', async () => {
    const first = await app.guest.get<Page>('/videos');
    expect(first.body.videos).toHaveLength(1_000);
    const all = (await followLinks(first, (body) => (body as Page).videos.map((video) => video._id))).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual((await collectAll('/videos?limit=100')).map((video) => video._id));
    expect(all.length).toBe(app.videoIds.length + BEYOND_ONE_PAGE);
  });

  async function collectAll(path: string): Promise<Page['videos']> {
    const videos: Page['videos'] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResponse<Page> = await app.guest.get<Page>(cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path);
      expect(res.status).toBe(200);
      videos.push(...res.body.videos);
      cursor = res.body.next;
    } while (cursor);
    return videos;
  }
});

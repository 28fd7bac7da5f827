import { CatalogueProjection } from '../../backend/src/catalogue/catalogue-projection';
import { CommandRunner } from '../../backend/src/commands/shared/command-runner';
import { categoryList } from '../../backend/src/domain/category/category.list';
import { ERRORS } from '../../backend/src/errors/error-catalogue';
import { streams } from '../../backend/src/events/app-events';
import { ApiClient } from '../support/api-client';
import { signUpOperator } from '../support/operators';
import { READ_MODEL_VARIANTS, useAppOn } from '../support/read-models';

/**
 * What the catalogue and the lists promise each other (docs/design/catalogue.md, "Categories and their
 * videos"; docs/design/library-controls.md, "Undo"): no video is ever published into a category that is
 * gone, no undo puts a retired video back into a list, the public listing says which of its previews are
 * retired, and a category's name never reaches another category when looked up.
 */
const TELEVISION = '5b4a1c3e-8d2f-4c55-9a61-0c2f4d7e1a01';
const NO_LONGER_AVAILABLE = 'no longer available';
let serial = 0;
/** A fresh, valid video id (11 characters), unique within the run. */
const newId = () => `I${Date.now().toString(36).slice(-5)}${(serial++).toString(36).padStart(5, '0')}`.slice(0, 11);
const video = (category: string, over: Record<string, unknown> = {}) => ({
  _id: newId(),
  title: 'An integrity test video',
  description: 'What this is about',
  category,
  channel: 'Integrity Channel',
  duration: '3:21',
  ...over,
});

type Category = { _id: string; categoryName: string; slug: string };

describe.each(READ_MODEL_VARIANTS)('catalogue integrity on the %s read model', (variant) => {
  const app = useAppOn(variant);
  let operator: ApiClient;
  let operatorId: string;

  beforeAll(async () => {
    ({ client: operator, userId: operatorId } = await signUpOperator(app.server));
  });

  const createCategory = async (name: string, extra: Record<string, unknown> = {}): Promise<Category> => {
    const res = await operator.post('/admin/categories', { category: { name, ...extra } });
    expect(res.status).toBe(201);
    return res.body.category;
  };
  const publish = async (category: string, over: Record<string, unknown> = {}): Promise<string> => {
    const res = await operator.post('/admin/videos', { video: video(category, over) });
    expect(res.status).toBe(201);
    return res.body.video._id;
  };
  const categoryIds = async () => ((await app.guest.get('/categories')).body.categories as Category[]).map((c) => c._id);

  describe('categories and restores', () => {
    test('a category that a retired video still names is not removed (409, with how many); moved elsewhere, it is', async () => {
      const category = await createCategory(`Cameras ${variant}`);
      const id = await publish(category.slug);
      expect((await operator.delete(`/admin/videos/${id}`)).status).toBe(200);

      expect(await operator.delete(`/admin/categories/${category._id}`)).toMatchObject({
        status: 409,
        body: { errors: [ERRORS.CATEGORY_NOT_EMPTY.message], videos: { published: 0, retired: 1 } },
      });
      expect(await categoryIds()).toContain(category._id);
      // The operator's undo reverts list actions only: it never brings a catalogue video back.
      expect((await operator.post('/user/undo')).status).toBe(409);
      expect((await app.guest.get(`/video/${id}`)).status).toBe(410);

      // Restored, it is in its category as before.
      expect(await operator.post(`/admin/videos/${id}/restore`)).toMatchObject({
        status: 200,
        body: {
          video: { _id: id, category: category.categoryName, categoryName: category.slug, categoryId: category._id, available: true },
        },
      });
      // Retired again and moved to another category, it no longer holds this one.
      expect((await operator.delete(`/admin/videos/${id}`)).status).toBe(200);
      expect((await operator.request('PATCH', `/admin/videos/${id}`, { video: { category: 'television' } })).status).toBe(200);
      expect((await operator.delete(`/admin/categories/${category._id}`)).status).toBe(200);
      expect(await categoryIds()).not.toContain(category._id);
      expect(await operator.post(`/admin/videos/${id}/restore`)).toMatchObject({
        status: 200,
        body: { video: { _id: id, category: 'Television', categoryName: 'television', categoryId: TELEVISION } },
      });
    });

    test('a retired video whose category is gone is not restored (409, naming the category) until it is given another; nothing else goes in', async () => {
      // A store may already hold one (written before the rule above, or by two instances racing): the
      // category is removed here straight through the command runner, past the API's check.
      const category = await createCategory(`Drones ${variant}`);
      const id = await publish(category._id);
      expect((await operator.delete(`/admin/videos/${id}`)).status).toBe(200);
      const removed = await app.server.app
        .get(CommandRunner, { strict: false })
        .run(streams.category(category._id), categoryList, { type: 'RemoveCategory', userId: operatorId, categoryId: category._id });
      await app.server.app.get(CatalogueProjection, { strict: false }).waitFor(removed.position);
      expect(await categoryIds()).not.toContain(category._id);

      expect(await operator.post(`/admin/videos/${id}/restore`)).toMatchObject({
        status: 409,
        body: {
          errors: [ERRORS.VIDEO_CATEGORY_REMOVED.message],
          category: { _id: category._id, categoryName: category.categoryName, slug: category.slug },
        },
      });
      expect((await app.guest.get(`/video/${id}`)).status).toBe(410);
      expect((await app.guest.get('/videos')).body.videos.map((v: { _id: string }) => v._id)).not.toContain(id);
      expect((await operator.get(`/admin/videos?status=retired&limit=100`)).body.videos).toContainEqual(
        expect.objectContaining({ _id: id, available: false }),
      );

      // Nothing else goes into the removed category: a publication, an edit or an import naming it is refused.
      const before = (await app.guest.get('/videos')).body.videos.length;
      expect((await operator.post('/admin/videos', { video: video(category._id) })).status).toBe(400);
      const existing = await publish('television');
      expect((await operator.request('PATCH', `/admin/videos/${existing}`, { video: { category: category.slug } })).status).toBe(400);
      expect((await operator.request('PATCH', `/admin/videos/${id}`, { video: { category: category.categoryName } })).status).toBe(400);
      const imported = await operator.post('/admin/videos/import', { videos: [video(category._id), video(category.categoryName)] });
      expect(imported).toMatchObject({ status: 200, body: { added: [], skipped: [] } });
      expect(imported.body.refused.map((r: { index: number }) => r.index)).toEqual([0, 1]);
      expect((await app.guest.get('/videos')).body.videos.length).toBe(before + 1);
      expect((await app.guest.get(`/video/${existing}`)).body.video).toMatchObject({ category: 'Television', categoryId: TELEVISION });

      // Given a category that exists, the restore goes through.
      expect((await operator.request('PATCH', `/admin/videos/${id}`, { video: { category: 'monitor' } })).status).toBe(200);
      expect(await operator.post(`/admin/videos/${id}/restore`)).toMatchObject({
        status: 200,
        body: { video: { _id: id, category: 'Monitor', categoryName: 'monitor', available: true } },
      });
    });

    test('an import and the removal of its category at the same moment never leave a published video in a removed category', async () => {
      const category = await createCategory(`Printers ${variant}`);
      const videos = Array.from({ length: 2500 }, () => video(category._id));
      const [imported, removal] = await Promise.all([
        operator.post('/admin/videos/import', { videos }),
        operator.delete(`/admin/categories/${category._id}`),
      ]);
      expect(imported.status).toBe(200);
      const remaining = await categoryIds();
      if (removal.status === 200) {
        // The removal came first: the import published nothing (each entry refused or skipped).
        expect(remaining).not.toContain(category._id);
        expect(imported.body.added).toEqual([]);
      } else {
        // The import came first: the removal found its videos.
        expect(removal).toMatchObject({ status: 409, body: { videos: { published: imported.body.added.length, retired: 0 } } });
        expect(remaining).toContain(category._id);
      }
      // Every published video, page by page, names a category there is.
      const published: { _id: string; categoryId: string }[] = [];
      const pageAfter = async (cursor?: string) =>
        (await app.guest.get(`/videos?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      for (let page = await pageAfter(); ; page = await pageAfter(page.next)) {
        published.push(...page.videos);
        if (!page.next) break;
      }
      expect(published.map((v) => v._id)).toEqual(expect.arrayContaining(imported.body.added));
      expect(published.filter((v) => !remaining.includes(v.categoryId))).toEqual([]);
    });
  });

  describe('undo and retired videos', () => {
    test('undoing an unlike of a video retired since leaves it out, says so, and the next undo goes on to the action before', async () => {
      const [kept, retired] = [await publish('television'), await publish('monitor')];
      const { client: user } = await app.guest.signUpUser('Unliker');
      expect((await user.post('/user/likes', { video: { _id: kept } })).status).toBe(201);
      expect((await user.post('/user/likes', { video: { _id: retired } })).status).toBe(201);
      expect((await user.delete(`/user/likes/${retired}`)).status).toBe(200);
      expect((await operator.delete(`/admin/videos/${retired}`)).status).toBe(200);
      // Put back directly, it is refused.
      expect((await user.post('/user/likes', { video: { _id: retired } })).status).toBe(410);

      const undone = await user.post('/user/undo');
      expect(undone).toMatchObject({
        status: 200,
        body: { undone: { type: 'VideoUnliked' }, skipped: [{ _id: retired, reason: NO_LONGER_AVAILABLE }] },
      });
      expect((await user.get('/user/likes')).body.likes.map((v: { _id: string }) => v._id)).toEqual([kept]);
      expect((await operator.get(`/admin/videos?status=retired&limit=100`)).body.videos).toContainEqual(
        expect.objectContaining({ _id: retired, likeCount: 0 }),
      );

      // The stack moved on: the like of the retired video (nothing to take out), then the first like.
      expect((await user.get('/user/undo')).body.next).toMatchObject({ type: 'VideoLiked', video: { _id: retired } });
      expect(await user.post('/user/undo')).toMatchObject({ status: 200, body: { undone: { type: 'VideoLiked' }, skipped: [] } });
      expect((await user.get('/user/undo')).body.next).toMatchObject({ type: 'VideoLiked', video: { _id: kept } });
      expect((await user.post('/user/undo')).status).toBe(200);
      expect((await user.get('/user/likes')).body.likes).toEqual([]);
      expect((await user.post('/user/undo')).body).toEqual({ errors: [ERRORS.NOTHING_TO_UNDO.message] });
    });

    test('undoing a cleared history, a deleted playlist or a removal from watch later puts back all but the videos retired since', async () => {
      const [a, b, c] = [await publish('television'), await publish('monitor'), await publish('smartphone')];
      const { client: user } = await app.guest.signUpUser('Restorer');
      for (const id of [a, b, c]) expect((await user.post('/user/history', { video: { _id: id } })).status).toBe(201);
      const playlistId = (await user.post('/user/playlists', { playlist: { title: 'Kept things' } })).body.playlists[0]._id as string;
      for (const id of [a, b, c]) expect((await user.post(`/user/playlists/${playlistId}`, { video: { _id: id } })).status).toBe(201);
      expect((await user.post('/user/watchlater', { video: { _id: b } })).status).toBe(201);
      expect((await user.delete(`/user/watchlater/${b}`)).status).toBe(200);
      expect((await user.delete(`/user/playlists/${playlistId}`)).status).toBe(200);
      expect((await user.delete('/user/history/all')).status).toBe(200);
      expect((await operator.delete(`/admin/videos/${b}`)).status).toBe(200);
      const skipped = [{ _id: b, reason: NO_LONGER_AVAILABLE }];

      expect(await user.post('/user/undo')).toMatchObject({ status: 200, body: { undone: { type: 'HistoryCleared' }, skipped } });
      expect((await user.get('/user/history')).body.history.map((v: { _id: string }) => v._id).sort()).toEqual([a, c].sort());

      expect(await user.post('/user/undo')).toMatchObject({ status: 200, body: { undone: { type: 'PlaylistDeleted' }, skipped } });
      expect((await user.get(`/user/playlists/${playlistId}`)).body.playlist.videos.map((v: { _id: string }) => v._id)).toEqual([a, c]);

      expect(await user.post('/user/undo')).toMatchObject({
        status: 200,
        body: { undone: { type: 'VideoRemovedFromWatchLater' }, skipped },
      });
      expect((await user.get('/user/watchlater')).body.watchlater).toEqual([]);
      expect((await user.get('/user/undo')).body.next).toMatchObject({ type: 'VideoAddedToWatchLater', video: { _id: b } });
    });
  });

  test('the public listing’s previews say which videos are retired, like the playlist’s own page', async () => {
    const [gone, there] = [await publish('television', { title: 'Soon gone' }), await publish('monitor')];
    const { client: owner } = await app.guest.signUpUser('Sharer');
    const playlistId = (await owner.post('/user/playlists', { playlist: { title: `Shared ${variant}` } })).body.playlists[0]._id as string;
    for (const id of [gone, there]) expect((await owner.post(`/user/playlists/${playlistId}`, { video: { _id: id } })).status).toBe(201);
    expect((await owner.request('PATCH', `/user/playlists/${playlistId}`, { visibility: 'public' })).status).toBe(200);
    expect((await operator.delete(`/admin/videos/${gone}`)).status).toBe(200);

    const listing = await app.guest.get('/playlists?limit=37');
    expect(listing.status).toBe(200);
    const summary = (listing.body.playlists as { _id: string; previews: unknown[]; videoCount: number }[]).find(
      (p) => p._id === playlistId,
    );
    expect(summary).toMatchObject({ videoCount: 2 });
    expect(summary!.previews).toEqual([
      { _id: gone, title: 'Soon gone', thumbnail: expect.any(String), available: false },
      { _id: there, title: 'An integrity test video', thumbnail: expect.any(String), available: true },
    ]);
    const page = (await app.guest.get(`/playlists/${playlistId}`)).body.playlist;
    expect(page.videos.map(({ _id, available }: { _id: string; available: boolean }) => ({ _id, available }))).toEqual([
      { _id: gone, available: false },
      { _id: there, available: true },
    ]);
  });

  test('a category’s name or slug may not be another category’s id, slug or name; a lookup by name reaches the one named', async () => {
    const alpha = await createCategory(`Alpha ${variant}`);
    const epsilon = await createCategory(`epsilon-${variant}`, { slug: `eps-${variant}` });
    const before = await categoryIds();
    const ambiguous = { status: 409, body: { errors: [ERRORS.CATEGORY_NAME_AMBIGUOUS.message] } };

    expect(await operator.post('/admin/categories', { category: { name: alpha.slug, slug: `other-${variant}` } })).toMatchObject(ambiguous);
    expect(await operator.post('/admin/categories', { category: { name: alpha._id } })).toMatchObject(ambiguous);
    expect(await operator.post('/admin/categories', { category: { name: TELEVISION } })).toMatchObject(ambiguous);
    expect(await operator.post('/admin/categories', { category: { name: 'MONITOR', slug: `big-screens-${variant}` } })).toMatchObject({
      status: 409,
      body: { errors: [ERRORS.CATEGORY_EXISTS.message] },
    });
    expect(await operator.post('/admin/categories', { category: { name: 'Smartphones', slug: 'smartphone' } })).toMatchObject({
      status: 409,
    });
    expect(await operator.post('/admin/categories', { category: { name: `Beta ${variant}`, slug: alpha._id } })).toMatchObject(ambiguous);
    expect(await operator.post('/admin/categories', { category: { name: `Zeta ${variant}`, slug: epsilon.categoryName } })).toMatchObject(
      ambiguous,
    );
    const rename = (name: string) => operator.request('PATCH', `/admin/categories/${alpha._id}`, { category: { name, slug: alpha.slug } });
    expect(await rename(TELEVISION)).toMatchObject(ambiguous);
    expect(await rename(epsilon.slug)).toMatchObject(ambiguous);
    expect(await rename('Monitor')).toMatchObject({ status: 409, body: { errors: [ERRORS.CATEGORY_EXISTS.message] } });
    expect(await categoryIds()).toEqual(before);
    expect((await app.guest.get(`/categories/${alpha._id}`)).body.category).toMatchObject({
      categoryName: alpha.categoryName,
      slug: alpha.slug,
    });

    // Its own slug as its name is no clash, and each name, slug and id still reaches its own category.
    const renamed = await operator.request('PATCH', `/admin/categories/${alpha._id}`, { category: { name: alpha.slug, slug: alpha.slug } });
    expect(renamed).toMatchObject({ status: 200, body: { category: { _id: alpha._id, categoryName: alpha.slug, slug: alpha.slug } } });
    for (const reference of [alpha.slug, alpha._id]) {
      const id = await publish(reference);
      expect((await app.guest.get(`/video/${id}`)).body.video.categoryId).toBe(alpha._id);
    }
    for (const reference of [epsilon.categoryName, epsilon.slug, epsilon._id]) {
      const id = await publish(reference);
      expect((await app.guest.get(`/video/${id}`)).body.video.categoryId).toBe(epsilon._id);
    }
  });
});

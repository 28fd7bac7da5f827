import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORIES, VIDEOS } from '../../backend/src/catalogue/catalogue.data';
import { SqliteEventStore } from '../../backend/src/event-store/sqlite/sqlite-event-store';
import { ApiClient } from '../support/api-client';
import { startApp } from '../support/app';

/**
 * The shipped catalogue becomes events exactly once: on an empty store, and on stores written before the
 * catalogue was in the log (test/fixtures), whose users' likes then count on the seed videos.
 */
const FIXTURES = join(__dirname, '..', 'fixtures');

async function catalogueStreams(dir: string) {
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  try {
    const videos = await Promise.all(VIDEOS.map((video) => store.readStream(`video-${video._id}`)));
    const categories = await Promise.all(CATEGORIES.map((category) => store.readStream(`category-${category._id}`)));
    let likes = new Map<string, number>();
    for await (const batch of store.subscribeToAll({ signal: AbortSignal.timeout(5_000) })) {
      for (const event of batch) {
        const { videoId } = event.data as { videoId?: string };
        if (event.type === 'VideoLiked') likes.set(videoId!, (likes.get(videoId!) ?? 0) + 1);
        if (event.type === 'VideoUnliked') likes.set(videoId!, (likes.get(videoId!) ?? 0) - 1);
      }
      if ((await store.headPosition()) === batch[batch.length - 1]?.position) break;
    }
    likes = new Map([...likes].filter(([, n]) => n > 0));
    return {
      videos: videos.map((events) => events.map((e) => e.type)),
      categories: categories.map((events) => events.map((e) => e.type)),
      likes,
    };
  } finally {
    await store.close();
  }
}

describe.each(['empty', 'store-v1', 'store-before-lists'])('the shipped catalogue on a %s store', (fixture) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'techtube-seed-'));
    if (fixture !== 'empty') cpSync(join(FIXTURES, fixture, 'events.sqlite'), join(dir, 'events.sqlite'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('is published once, however often the app starts, with the seed’s figures and the store’s likes', async () => {
    for (let start = 0; start < 2; start++) {
      const app = await startApp({ dataDir: dir });
      try {
        const guest = new ApiClient(app.url);
        const videos = (await guest.get('/videos')).body.videos as {
          _id: string;
          likes: string;
          views: string;
          likeCount: number;
          category: string;
        }[];
        expect(videos.map((v) => v._id)).toEqual(VIDEOS.map((v) => v._id));
        expect(videos.map((v) => v.category)).toEqual(VIDEOS.map((v) => v.category));
        expect(videos.map((v) => v.views)).toEqual(VIDEOS.map((v) => v.views));
        const categories = (await guest.get('/categories')).body.categories as { _id: string; categoryName: string; slug: string }[];
        expect(categories.map(({ _id, categoryName }) => ({ _id, categoryName }))).toEqual(CATEGORIES);
        const { likes } = await catalogueStreams(dir);
        for (const video of videos) expect(video.likeCount).toBe(likes.get(video._id) ?? 0);
        if (fixture === 'empty') expect(videos.map((v) => v.likes)).toEqual(VIDEOS.map((v) => v.likes));
      } finally {
        await app.close();
      }
      const { videos, categories } = await catalogueStreams(dir);
      for (const events of videos) expect(events).toEqual(['VideoPublished']);
      for (const events of categories) expect(events).toEqual(['CategoryCreated']);
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRELOADED_PAGES, type PageAssets } from '../../backend/src/http/route-preloads';
import { useAppOn } from '../support/read-models';

/**
 * The page a URL opens has its own code and styles named in the HTML served for it (README, "Speed on a
 * phone"), so a visit that starts on the player fetches the player's chunk beside the entry, not after it.
 * Served from the production build (`npm run build`, which `npm test` runs first).
 */
const dist = join(__dirname, '../../frontend/dist');
const built = existsSync(join(dist, 'route-assets.json'));
if (!built) console.warn(`route preloads not tested: no frontend build at ${dist} (run "npm run build")`);
const describeBuilt = built ? describe : describe.skip;

const preloadsIn = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);

describeBuilt('route preloads', () => {
  const assets = built ? (JSON.parse(readFileSync(join(dist, 'route-assets.json'), 'utf8')) as Record<string, PageAssets>) : {};
  const app = useAppOn('memory', { env: { STATIC_DIR: dist } });
  const page = async (path: string) => {
    const response = await fetch(`${app.server.url}${path}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const own = (name: string) => [...assets[name]!.js, ...assets[name]!.css];

  test('the build lists the files of every page the server preloads, each one served', async () => {
    expect(Object.keys(assets)).toEqual(expect.arrayContaining([...PRELOADED_PAGES]));
    expect(own('player').some((file) => /^assets\/player-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of new Set(PRELOADED_PAGES.flatMap(own))) {
      expect([file, (await fetch(`${app.server.url}/${file}`)).status]).toEqual([file, 200]);
    }
  });

  test("the player's, a channel's and /like's HTML preload their own page's files, and only those", async () => {
    const home = await page('/');
    const player = await page(`/videoPlay/${app.videoIds[0]}`);
    const channelId = (await app.guest.get('/channels')).body.channels[0]._id as string;
    const channel = await page(`/channel/${channelId}`);
    const liked = await page('/LIKE');
    const firstScreen = preloadsIn(home);
    expect(firstScreen.some((file) => own('player').includes(file))).toBe(false);
    expect(preloadsIn(player)).toEqual([...firstScreen, ...own('player')]);
    expect(preloadsIn(channel)).toEqual([...firstScreen, ...own('channel')]);
    expect(preloadsIn(liked)).toEqual([...firstScreen, ...own('liked')]);
    // The video's link preview is still there beside them.
    expect(player).toContain('<meta property="og:title"');
    // An unknown path, and search results (home), get the first screen's alone.
    expect(preloadsIn(await page('/no/such/page'))).toEqual(firstScreen);
    expect(preloadsIn(await page('/?q=pixel'))).toEqual(firstScreen);
  });

  test("home's HTML and a search's preload the picture of their first card at high priority, the player's its poster; a page with no picture of its own none", async () => {
    const pictures = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);
    const firstOf = async (query: string) => (await app.guest.get(`/videos?${query}`)).body.videos[0].thumbnail as string;
    expect(pictures(await page('/'))).toEqual([await firstOf('limit=24')]);
    // A search whose first result is not home's first card: a word of the last card's title.
    const last = (await app.guest.get('/videos?limit=24')).body.videos.at(-1).title as string;
    const word = encodeURIComponent(
      last
        .split(/\s+/)
        .sort((a, b) => b.length - a.length)[0]!
        .toLowerCase(),
    );
    const searched = await firstOf(`q=${word}`);
    expect(searched).not.toBe(await firstOf('limit=24'));
    expect(pictures(await page(`/?q=${word}`))).toEqual([searched]);
    // A video's page names its video (link-previews.test.ts), whose picture is the player's poster.
    const video = (await app.guest.get(`/video/${app.videoIds[0]}`)).body.video;
    expect(pictures(await page(`/videoPlay/${app.videoIds[0]}`))).toEqual([video.thumbnail]);
    expect(pictures(await page('/videoPlay/not-a-video'))).toEqual([]);
    expect(pictures(await page('/like'))).toEqual([]);
  });
});

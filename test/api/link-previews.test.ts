import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawRequest } from '../support/raw-http';
import { useAppOn } from '../support/read-models';

/**
 * Link previews (README, "Link previews"): the HTML of a video's, a channel's and a shared playlist's page
 * names it, for chats and social networks that read only the HTML; a private or unknown playlist's page is
 * the generic one. Served from the app's own index.html (frontend/index.html), as the build ships it.
 */
const staticDir = mkdtempSync(join(tmpdir(), 'techtube-previews-'));
copyFileSync(join(__dirname, '../../frontend/index.html'), join(staticDir, 'index.html'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The content of `<meta property|name="key">`, unescaped; every one of them if the page has several. */
function metas(html: string, key: string): string[] {
  const tags = html.match(new RegExp(`<meta (?:property|name)="${key}" content="[^"]*"`, 'g')) ?? [];
  return tags.map((tag) => unescape(/content="([^"]*)"/.exec(tag)![1]!));
}
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The pictures the page preloads. */
const preloadedPictures = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)">/g)].map((m) => m[1]);
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

describe('link previews', () => {
  const app = useAppOn('memory', { env: { STATIC_DIR: staticDir } });
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.server.url}${path}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    return response.text();
  };

  test("a video's page carries its own title, description, canonical URL, Open Graph and Twitter tags", async () => {
    const video = (await app.guest.get(`/video/${app.videoIds[0]}`)).body.video;
    const html = await page(`/videoPlay/${video._id}`);
    expect(titleOf(html)).toBe(`${video.title} - TechTube`);
    expect(metas(html, 'og:title')).toEqual([video.title]);
    expect(metas(html, 'og:image')).toEqual([video.thumbnail]);
    expect(metas(html, 'twitter:image')).toEqual([video.thumbnail]);
    // The player's poster, asked for with the page.
    expect(preloadedPictures(html)).toEqual([video.thumbnail]);
    expect(metas(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metas(html, 'og:type')).toEqual(['video.other']);
    expect(metas(html, 'og:url')).toEqual([`${app.server.url}/videoPlay/${video._id}`]);
    expect(html).toContain(`<link rel="canonical" href="${app.server.url}/videoPlay/${video._id}" />`);
    // One description, the video's (the generic one is replaced, not repeated).
    const [description] = metas(html, 'description');
    expect(metas(html, 'description')).toHaveLength(1);
    expect(description).toContain(video.channel);
    expect(metas(html, 'og:description')).toEqual([description]);
    // Still the app: the same shell and script.
    expect(html).toContain('<div id="root">');
  });

  test("a channel's page is named for the channel, with one of its videos' thumbnails", async () => {
    const channel = (await app.guest.get('/channels')).body.channels[0];
    const html = await page(`/channel/${channel._id}`);
    expect(metas(html, 'og:title')).toEqual([channel.name]);
    expect(titleOf(html)).toBe(`${channel.name} - TechTube`);
    const thumbnails = (await app.guest.get(`/channels/${channel._id}`)).body.videos.map((v: { thumbnail: string }) => v.thumbnail);
    expect(thumbnails).toContain(metas(html, 'og:image')[0]);
    // The channel page's first card's picture, asked for with the page.
    expect(preloadedPictures(html)).toEqual([thumbnails[0]]);
  });

  test('a public or unlisted playlist names itself; a private or unknown one shows the generic page and nothing of it', async () => {
    const { client } = await app.guest.signUpUser('Ada');
    const title = 'Desk <setup> & "monitors"';
    const created = await client.post('/user/playlists', { playlist: { title, description: 'the best arms' } });
    const id = created.body.playlists.at(-1)._id as string;
    await client.post(`/user/playlists/${id}`, { video: { _id: app.videoIds[1] } });
    const generic = await page(`/playlist/${UNKNOWN}`);

    const privately = await page(`/playlist/${id}`);
    expect(privately).toBe(generic);
    expect(privately).not.toContain('Desk');
    expect(privately).not.toContain('the best arms');
    expect(metas(privately, 'og:title')).toEqual(['TechTube']);
    expect(preloadedPictures(privately)).toEqual([]);

    for (const visibility of ['unlisted', 'public']) {
      expect((await client.request('PATCH', `/user/playlists/${id}`, { visibility })).status).toBe(200);
      const html = await page(`/Playlist/${id}`);
      expect(metas(html, 'og:title')).toEqual([title]);
      expect(titleOf(html)).toBe(`${title} - TechTube`);
      expect(metas(html, 'og:description')).toEqual(['the best arms']);
      const video = (await app.guest.get(`/video/${app.videoIds[1]}`)).body.video;
      expect(metas(html, 'og:image')).toEqual([video.thumbnail]);
      // The playlist's cover, its first video's picture, asked for with the page.
      expect(preloadedPictures(html)).toEqual([video.thumbnail]);
      // Escaped, so a name cannot close the tag it is written into.
      expect(html).not.toContain('<setup>');
    }

    expect((await client.request('PATCH', `/user/playlists/${id}`, { visibility: 'private' })).status).toBe(200);
    expect(await page(`/playlist/${id}`)).toBe(generic);
  });

  test('other pages and unknown videos keep the generic tags; a Host that is not a plain name makes no URL', async () => {
    const generic = await page('/like');
    expect(metas(generic, 'og:title')).toEqual(['TechTube']);
    expect(generic).not.toContain('rel="canonical"');
    expect(await page(`/videoPlay/not-a-video`)).toBe(generic);

    const hostile = await rawRequest(app.server.url, {
      method: 'GET',
      path: `/videoPlay/${app.videoIds[0]}`,
      headers: { host: 'evil"><script>x</script>' },
    });
    expect(hostile.status).toBe(200);
    expect(hostile.text).toContain('property="og:title"');
    expect(hostile.text).not.toContain('rel="canonical"');
    expect(hostile.text).not.toContain('evil');
  });
});

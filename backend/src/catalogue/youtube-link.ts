/** The external video site's ids: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
/** Paths that end in the id: /shorts/ID, /embed/ID, /live/ID, /v/ID. */
const ID_PATH = /^\/(?:shorts|embed|live|v)\/([A-Za-z0-9_-]{11})(?:[/?#]|$)/;

/**
 * The video id a pasted link or id names: a bare id, a watch link (`watch?v=`), youtu.be, shorts, embed
 * or live links, with or without the scheme; undefined for anything else.
 */
export function youtubeId(link: string): string | undefined {
  const text = link.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1).split('/')[0] ?? '';
    return VIDEO_ID.test(id) ? id : undefined;
  }
  if (!HOSTS.has(host)) return undefined;
  if (url.pathname === '/watch') {
    const id = url.searchParams.get('v') ?? '';
    return VIDEO_ID.test(id) ? id : undefined;
  }
  return ID_PATH.exec(url.pathname)?.[1];
}

/** The site's own thumbnail of a video (its "hq" size, which every video has). */
export const thumbnailOf = (videoId: string) => `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;

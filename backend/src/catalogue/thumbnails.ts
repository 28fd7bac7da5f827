import { thumbnailOf } from './youtube-link';

/**
 * The origins a thumbnail may come from, and the only image hosts the page's Content-Security-Policy allows:
 * http/http-security.ts builds `img-src` from this list, so a thumbnail the catalogue accepts is one every
 * visitor's browser loads (docs/design/catalogue.md, "Operator text and thumbnails"). Add a host here and the
 * policy follows.
 */
export const THUMBNAIL_ORIGINS: readonly string[] = Object.freeze(['https://i.ytimg.com']);

/** What a URL is written with, as the page writes it: no white space, quotes, angle brackets or backslashes. */
const PLAIN_URL = /^[^\s"'<>\\`]+$/u;

/**
 * Why `url` may not be a video's thumbnail (the words after the field's name), or undefined when it may: an
 * https URL, without a user name or password, on one of THUMBNAIL_ORIGINS (its default port).
 */
export function thumbnailProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    if (!PLAIN_URL.test(url)) return 'must be an https URL';
    parsed = new URL(url);
  } catch {
    return 'must be an https URL';
  }
  if (parsed.protocol !== 'https:' || !/^https:\/\//i.test(url)) return 'must be an https URL';
  // `https://user:pass@host/`, and an empty `https://@host/` too: the authority before the path holds no `@`.
  const authority = url.slice('https://'.length).split(/[/?#]/, 1)[0]!;
  if (parsed.username !== '' || parsed.password !== '' || authority.includes('@'))
    return 'must not carry a user name or password (user:password@)';
  if (!THUMBNAIL_ORIGINS.includes(parsed.origin))
    return `must be a picture on ${THUMBNAIL_ORIGINS.join(' or ')}, the image hosts the page allows (leave it out for the video's own thumbnail)`;
  return undefined;
}

/** True when `url` may be shown as a thumbnail: THUMBNAIL_ORIGINS' rule. */
export const isAllowedThumbnail = (url: unknown): url is string => typeof url === 'string' && thumbnailProblem(url) === undefined;

/**
 * The thumbnail to show for a video: its own when the rule allows it, else the video site's picture of its id. Only
 * a video stored before the rule can hold another; it is shown with a picture the page loads, never a foreign one.
 */
export const shownThumbnail = (videoId: string, thumbnail: string): string =>
  isAllowedThumbnail(thumbnail) ? thumbnail : thumbnailOf(videoId);

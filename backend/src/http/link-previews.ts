import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SharedPlaylistsReader } from '../queries/shared-playlists.reader';
import { isAllowedThumbnail } from '../catalogue/thumbnails';
import { firstPicturePreload } from './first-picture';
import { idInPath } from './page-paths';

/** What a link pasted into a chat or a social network shows: README, "Link previews". */
export interface LinkPreview {
  /** The page's name, as the tab shows it once the app runs (frontend/src/lib/document-title.ts). */
  readonly title: string;
  readonly description: string;
  /** The page's own path, for the canonical URL. */
  readonly path: string;
  /** An absolute image URL (a video's thumbnail), when the page has one. */
  readonly image?: string;
  readonly type: 'video.other' | 'profile' | 'website';
}

/** Descriptions are cut here: previews show two or three lines, and the page's HTML stays small. */
const DESCRIPTION_CHARS = 200;

/**
 * The preview of the page at `pathname`: a published video, a channel, or an unlisted or public playlist. Any
 * other path, an unknown id, a retired video and a private playlist get none (the page keeps the app's generic
 * tags), so a preview never tells whether a private playlist exists.
 */
export async function linkPreviewOf(
  pathname: string,
  catalogue: CatalogueService,
  sharedPlaylists: Pick<SharedPlaylistsReader, 'playlist'>,
): Promise<LinkPreview | undefined> {
  try {
    const videoId = idInPath('player', pathname);
    if (videoId !== undefined) {
      const video = catalogue.video(videoId);
      const description = `${video.channel} · ${video.duration}. ${video.description}`;
      return { title: video.title, description: cut(description), path: pathname, image: shown(video.thumbnail), type: 'video.other' };
    }
    const channelId = idInPath('channel', pathname);
    if (channelId !== undefined) {
      const channel = catalogue.channel(channelId);
      const [first] = catalogue.videosOfChannels([channel._id]);
      return {
        title: channel.name,
        description: `${channel.name} on TechTube: ${videos(channel.videoCount)}.`,
        path: pathname,
        image: shown(first?.thumbnail),
        type: 'profile',
      };
    }
    const playlistId = idInPath('playlist', pathname);
    if (playlistId !== undefined) {
      const playlist = await sharedPlaylists.playlist(playlistId);
      const description = playlist.description?.trim() || `A playlist by ${playlist.owner.firstName}: ${videos(playlist.videos.length)}.`;
      const image = shown(playlist.videos[0]?.thumbnail);
      return { title: playlist.title, description: cut(description), path: pathname, image, type: 'website' };
    }
    return undefined;
  } catch (error) {
    // Not found, retired, private: the generic page. Anything else (the read model down) too, but not silently.
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/**
 * `html` (the app's index.html) naming the page: its `<title>`, description, canonical URL, Open Graph and
 * Twitter card tags replace the generic ones. `origin` (`https://host`) makes the URLs absolute, as
 * crawlers need; without one the canonical and og:url tags are left out rather than guessed.
 */
export function withLinkPreview(html: string, preview: LinkPreview, origin: string | undefined): string {
  const url = origin === undefined ? undefined : `${origin}${encodeURI(preview.path)}`;
  const tags = [
    `<title>${escapeHtml(preview.title)} - TechTube</title>`,
    meta('name', 'description', preview.description),
    url && `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', 'TechTube'),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    url && meta('property', 'og:url', url),
    preview.image && meta('property', 'og:image', preview.image),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    preview.image && meta('name', 'twitter:image', preview.image),
    // The preview's picture is the page's first one (the player's poster, a channel's first card, a playlist's
    // cover), preloaded as home's first card's is.
    firstPicturePreload(preview.image),
  ].filter((tag): tag is string => typeof tag === 'string');
  const generic = html
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name="(?:description|twitter:[^"]*)"|property="og:[^"]*")[^>]*>\s*/gi, '');
  const at = generic.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head> to put the link preview before');
  // Indented as the head's other elements (`</head>` follows a newline and two spaces).
  return `${generic.slice(0, at)}  ${tags.join('\n    ')}\n  ${generic.slice(at)}`;
}

const PLAIN_HOST = /^(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * The origin a request came to (its scheme as the trusted proxy says, its Host), for when PUBLIC_ORIGIN is not
 * set; undefined for a Host that is not a plain name, which would otherwise be written into the page.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  return PLAIN_HOST.test(request.host) ? `${request.protocol}://${request.host}` : undefined;
}

/**
 * A picture a preview may name: one on the hosts the page's policy allows (catalogue/thumbnails.ts), never a foreign
 * host a crawler would be sent to; none otherwise.
 */
const shown = (image: string | undefined) => (isAllowedThumbnail(image) ? image : undefined);

/**
 * Control characters but the white space that `cut` flattens: NUL, BEL, ESC, DEL, C1 (U+0085…). The catalogue
 * refuses them (docs/design/catalogue.md, "Operator text and thumbnails"); a text stored before that rule is
 * written into the page without them.
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;

const videos = (count: number) => `${count} video${count === 1 ? '' : 's'}`;

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_CHARS ? flat : `${flat.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

function escapeHtml(text: string): string {
  return text.replace(CONTROL, '').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

import type { ListedVideo } from '../catalogue/catalogue.types';

/** How many of a listed playlist's first videos it shows (id, title, thumbnail, availability): enough for a cover. */
export const LISTING_PREVIEWS = 4;

/**
 * The most JSON one page of the public listing may be (README "Share, resume, follow", SECURITY.md §12).
 * A summary is at most ~14 kB under the field limits (title 100 characters, description 500, image URL
 * 2 048, first name 200; 6 bytes for a character JSON escapes), so a page holds at least 18 whatever
 * they hold; ~700 bytes is usual, so a page of 100 ordinary ones is ~70 kB and is never cut.
 */
export const LISTING_PAGE_BYTES = 256 * 1024;

/** `{"playlists":[`, `],"nextBefore":`, a position of up to 20 digits in quotes, `}`, with room to spare. */
const PAGE_ENVELOPE_BYTES = 64;

export interface PlaylistPreview {
  readonly _id: string;
  readonly title: string;
  readonly thumbnail: string;
  /** false for a retired video (its last title and thumbnail), as every list shows it (docs/design/catalogue.md). */
  readonly available: boolean;
}

/** A public playlist as the listing shows it: never its hydrated videos, only their count and a few previews. */
export interface PublicPlaylistSummary {
  readonly _id: string;
  readonly title: string;
  readonly description?: string;
  readonly playlistImg?: string;
  readonly visibility: 'public';
  readonly owner: { readonly firstName: string };
  /** The videos a reader of GET /api/playlists/:id gets (those the catalogue knows). */
  readonly videoCount: number;
  /** The first LISTING_PREVIEWS of them, in the owner's order. */
  readonly previews: PlaylistPreview[];
}

export const previewsOf = (videos: readonly ListedVideo[]): PlaylistPreview[] =>
  videos.slice(0, LISTING_PREVIEWS).map(({ _id, title, thumbnail, available }) => ({ _id, title, thumbnail, available }));

/**
 * How many of `summaries` (in order) fit a page of at most `budget` bytes of JSON: always at least one,
 * so that paging moves on whatever one playlist holds.
 */
export function countWithinBudget(summaries: readonly PublicPlaylistSummary[], budget = LISTING_PAGE_BYTES): number {
  let bytes = PAGE_ENVELOPE_BYTES;
  for (let i = 0; i < summaries.length; i++) {
    // One comma between summaries.
    bytes += Buffer.byteLength(JSON.stringify(summaries[i])) + (i > 0 ? 1 : 0);
    if (bytes > budget) return Math.max(1, i);
  }
  return summaries.length;
}

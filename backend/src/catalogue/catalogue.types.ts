/** The catalogue's shapes, as the API returns them (docs/api.md, "Catalogue"). */
export interface Video {
  readonly _id: string;
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  /** Display string such as "32k": `likeCount` plus the figure a seed video shipped with. */
  readonly likes: string;
  /** The users who like it now (docs/design/catalogue.md, "likeCount"). */
  readonly likeCount: number;
  /** Views counted from the log: once per viewer per hour, after 10 s of playback. */
  readonly viewCount: number;
  /** ISO time it was published. */
  readonly publishedAt: string;
  /** Its category's name (Category.categoryName). */
  readonly category: string;
  /** Its category's slug, under the name other clients of the template filter on (docs/compatibility.md). */
  readonly categoryName: string;
  readonly categoryId: string;
  /** "mm:ss". */
  readonly duration: string;
  /** Display string such as "3.5M". */
  readonly views: string;
  readonly thumbnail: string;
  readonly channelAvatar: string;
  /** The channel's slug id: `/api/channels/:channelId`, `/channel/:channelId`. */
  readonly channelId: string;
  /** The channel's name again, under the name the mockBee template's db/videos.js gives it. */
  readonly creator: string;
  /**
   * `_id` again: every record the template's in-browser server (Mirage) answers has an `id`, and
   * clients navigate and compare videos by it (docs/compatibility.md).
   */
  readonly id: string;
}

export interface Category {
  readonly _id: string;
  /** The name videos show as their `category`. */
  readonly categoryName: string;
  /** URL-safe; what videos carry as `categoryName` and `?category=` filters on. */
  readonly slug: string;
  /** What a chip or a heading shows. */
  readonly title: string;
  readonly description: string;
}

/**
 * A video as a user's list shows it: `available: false` once it was retired, with the title and
 * thumbnail it had then (a tombstone the user can remove), never a hole in the list.
 */
export type ListedVideo = Video & { readonly available: boolean };

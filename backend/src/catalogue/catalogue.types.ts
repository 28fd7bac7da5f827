/** The catalogue's shapes, as the API returns them (docs/api.md, "Catalogue"). */
export interface Video {
  readonly _id: string;
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  /** Display string such as "32k". */
  readonly likes: string;
  /** Equals one Category.categoryName. */
  readonly category: string;
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
  readonly categoryName: string;
}

/** One category as GET /categories/:id answers it: with its videos, as the template's clients expect. */
export interface CategoryWithVideos extends Category {
  readonly videos: readonly Video[];
}

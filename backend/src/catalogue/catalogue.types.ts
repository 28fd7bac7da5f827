/** Shapes of SPEC §3, as the API returns them. */
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
}

export interface Category {
  readonly _id: string;
  readonly categoryName: string;
}

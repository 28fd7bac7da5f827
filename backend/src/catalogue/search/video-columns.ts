// What the engine keeps of each video, by document number (the order the videos first came in), one array
// per field: the sort keys compare numbers and strings straight from these arrays.
export class VideoColumns {
  readonly ids: string[] = [];
  readonly seq: number[] = [];
  /** publishedAt in ms since the epoch (0 when it does not parse). */
  readonly published: number[] = [];
  /** The normalized title, which `title` sorts on. */
  readonly title: string[] = [];
  readonly categoryId: string[] = [];
  readonly retired: boolean[] = [];
  readonly popularity: number[] = [];
  readonly likeCount: number[] = [];
  readonly viewCount: number[] = [];

  get count(): number {
    return this.ids.length;
  }
}

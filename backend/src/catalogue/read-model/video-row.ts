// A videos row as both drivers answer it (SELECT of page-statement.ts's VIDEO_COLUMNS), and the port's shape of it.
import type { CatalogueVideoRow } from './catalogue-read-model.port';

export interface VideoRowValues {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly channel: string;
  readonly category_id: string;
  readonly duration: string;
  readonly thumbnail: string;
  readonly published_at: string;
  readonly retired: number;
  readonly like_count: number;
  readonly view_count: number;
  readonly seq: number;
  readonly folded_title: string;
}

export function videoOfRow(row: VideoRowValues): CatalogueVideoRow {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    channel: row.channel,
    categoryId: row.category_id,
    duration: row.duration,
    thumbnail: row.thumbnail,
    publishedAt: row.published_at,
    retired: row.retired === 1,
    likeCount: row.like_count,
    viewCount: row.view_count,
  };
}

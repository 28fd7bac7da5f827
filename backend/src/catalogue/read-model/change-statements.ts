// The writes of each change, shared by both adapters (SQL with `?`; both understand ON CONFLICT … DO UPDATE and
// `excluded`). A video's and a category's order is given once, when its row is first written, and kept by later
// upserts: the catalogue order is the order of first publication. Counts live in video_counts, which may hold a
// video's counts before its publication, and are copied onto its row for the popular order's index.
import type { CatalogueChange } from './catalogue-read-model.port';
import type { Statement } from './page-statement';
import { foldText, wordStartsForm } from './title-fold';

export function changeStatements(change: CatalogueChange): Statement[] {
  switch (change.op) {
    case 'upsertVideo': {
      const video = change.video;
      return [
        {
          sql: `INSERT INTO videos (id, seq, title, folded_title, title_words, description, channel, category_id, duration,
                  thumbnail, published_at, retired, like_count, view_count)
                VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM videos), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                  coalesce((SELECT like_count FROM video_counts WHERE video_id = ?), 0),
                  coalesce((SELECT view_count FROM video_counts WHERE video_id = ?), 0))
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, folded_title = excluded.folded_title,
                  title_words = excluded.title_words, description = excluded.description, channel = excluded.channel,
                  category_id = excluded.category_id, duration = excluded.duration, thumbnail = excluded.thumbnail,
                  published_at = excluded.published_at, retired = excluded.retired`,
          params: [
            video.id,
            video.title,
            foldText(video.title),
            wordStartsForm(video.title),
            video.description,
            video.channel,
            video.categoryId,
            video.duration,
            video.thumbnail,
            video.publishedAt,
            video.retired ? 1 : 0,
            video.id,
            video.id,
          ],
        },
      ];
    }
    case 'setCounts':
      return [
        {
          sql: `INSERT INTO video_counts (video_id, like_count, view_count) VALUES (?, ?, ?)
                ON CONFLICT (video_id) DO UPDATE SET like_count = excluded.like_count, view_count = excluded.view_count`,
          params: [change.videoId, change.likeCount, change.viewCount],
        },
        {
          sql: 'UPDATE videos SET like_count = ?, view_count = ? WHERE id = ?',
          params: [change.likeCount, change.viewCount, change.videoId],
        },
      ];
    case 'upsertCategory': {
      const category = change.category;
      return [
        {
          sql: `INSERT INTO categories (id, seq, name, name_lower, slug, title, description)
                VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM categories), ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_lower = excluded.name_lower, slug = excluded.slug,
                  title = excluded.title, description = excluded.description`,
          params: [category.id, category.name, category.name.toLowerCase(), category.slug, category.title, category.description],
        },
      ];
    }
    case 'removeCategory':
      return [{ sql: 'DELETE FROM categories WHERE id = ?', params: [change.categoryId] }];
    default: {
      const unknown: never = change;
      throw new Error(`unknown catalogue change ${JSON.stringify(unknown)}`);
    }
  }
}

const CATEGORY_COLUMNS = 'id, name, slug, title, description';

export const CATEGORIES_IN_ORDER = `SELECT ${CATEGORY_COLUMNS} FROM categories ORDER BY seq`;

/** A category by id, then slug, then name in any case: no category's name is another's id or slug. */
export function categoryStatement(reference: string): Statement {
  return {
    sql: `SELECT ${CATEGORY_COLUMNS} FROM categories WHERE id = ? OR slug = ? OR name_lower = ?
          ORDER BY CASE WHEN id = ? THEN 0 WHEN slug = ? THEN 1 ELSE 2 END LIMIT 1`,
    params: [reference, reference, reference.toLowerCase(), reference, reference],
  };
}

// The SQLite catalogue read model's schema, one migration per version (schema-migration.ts). Substring search is
// an indexed scan of folded_title (docs/design/catalogue.md, "The catalogue read model (being built)"); each sort
// has an index led by the published/retired flag, which every page filters on.
import type { SchemaMigration } from '../schema-migration';

export const SQLITE_MIGRATIONS: readonly SchemaMigration[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE videos (
        id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, title TEXT NOT NULL, folded_title TEXT NOT NULL,
        title_words TEXT NOT NULL, description TEXT NOT NULL, channel TEXT NOT NULL, category_id TEXT NOT NULL,
        duration TEXT NOT NULL, thumbnail TEXT NOT NULL, published_at TEXT NOT NULL, retired INTEGER NOT NULL,
        like_count INTEGER NOT NULL, view_count INTEGER NOT NULL)`,
      'CREATE INDEX videos_popular ON videos (retired, like_count DESC, id)',
      'CREATE INDEX videos_newest ON videos (retired, published_at DESC, id)',
      'CREATE INDEX videos_title ON videos (retired, folded_title, id)',
      'CREATE INDEX videos_catalogue ON videos (retired, seq)',
      'CREATE INDEX videos_category ON videos (category_id, retired, seq)',
      'CREATE TABLE video_counts (video_id TEXT PRIMARY KEY, like_count INTEGER NOT NULL, view_count INTEGER NOT NULL)',
      `CREATE TABLE categories (
        id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, name TEXT NOT NULL, name_lower TEXT NOT NULL,
        slug TEXT NOT NULL, title TEXT NOT NULL, description TEXT NOT NULL)`,
      'CREATE INDEX categories_slug ON categories (slug)',
      'CREATE INDEX categories_name ON categories (name_lower)',
      // One row: the log position of the last batch applied, as text (a bigint may exceed a double's integers).
      'CREATE TABLE read_checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), position TEXT)',
      'INSERT INTO read_checkpoint (id, position) VALUES (1, NULL)',
    ],
  },
];

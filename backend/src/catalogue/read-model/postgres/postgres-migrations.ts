// The PostgreSQL catalogue read model's schema, one migration per version (schema-migration.ts). The seed's title
// rule is a LIKE on the stored folded title, which the trigram GIN index (pg_trgm) answers; each sort has a btree
// index led by the published/retired flag. Text that is ordered or compared is COLLATE "C": byte order, which is
// SQLite's, so that both adapters page alike (docs/design/catalogue.md, "The catalogue read model (being built)").
import type { SchemaMigration } from '../schema-migration';

export const POSTGRES_MIGRATIONS: readonly SchemaMigration[] = [
  {
    version: 1,
    statements: [
      'CREATE EXTENSION IF NOT EXISTS pg_trgm',
      `CREATE TABLE videos (
        id text COLLATE "C" PRIMARY KEY, seq integer NOT NULL UNIQUE, title text NOT NULL,
        folded_title text COLLATE "C" NOT NULL, title_words text COLLATE "C" NOT NULL, description text NOT NULL,
        channel text NOT NULL, category_id text COLLATE "C" NOT NULL, duration text NOT NULL, thumbnail text NOT NULL,
        published_at text COLLATE "C" NOT NULL, retired smallint NOT NULL, like_count integer NOT NULL,
        view_count integer NOT NULL)`,
      'CREATE INDEX videos_folded_title_trigrams ON videos USING gin (folded_title gin_trgm_ops)',
      'CREATE INDEX videos_popular ON videos (retired, like_count DESC, id)',
      'CREATE INDEX videos_newest ON videos (retired, published_at DESC, id)',
      'CREATE INDEX videos_title ON videos (retired, folded_title, id)',
      'CREATE INDEX videos_catalogue ON videos (retired, seq)',
      'CREATE INDEX videos_category ON videos (category_id, retired, seq)',
      'CREATE TABLE video_counts (video_id text PRIMARY KEY, like_count integer NOT NULL, view_count integer NOT NULL)',
      `CREATE TABLE categories (
        id text COLLATE "C" PRIMARY KEY, seq integer NOT NULL UNIQUE, name text NOT NULL, name_lower text NOT NULL,
        slug text NOT NULL, title text NOT NULL, description text NOT NULL)`,
      'CREATE INDEX categories_slug ON categories (slug)',
      'CREATE INDEX categories_name ON categories (name_lower)',
      'CREATE TABLE read_checkpoint (id integer PRIMARY KEY CHECK (id = 1), position bigint)',
      'INSERT INTO read_checkpoint (id, position) VALUES (1, NULL)',
    ],
  },
];

// The SQL of one segment of a page, shared by both adapters (written with `?`; the PostgreSQL adapter numbers
// them). Every value is a parameter; only column names and directions from page-order.ts are spliced in.
import type { CataloguePageQuery } from './catalogue-read-model.port';
import type { OrderColumn, OrderSegment } from './page-order';
import type { SortKeyValue } from './page-cursor';
import { likeLiteral } from './title-fold';

const VIDEO_COLUMNS =
  'id, title, description, channel, category_id, duration, thumbnail, published_at, retired, like_count, view_count, seq, folded_title';

export interface Statement {
  readonly sql: string;
  readonly params: readonly SortKeyValue[];
}

const STATUS: Record<CataloguePageQuery['status'], string> = {
  published: 'retired = 0',
  retired: 'retired = 1',
  all: '1 = 1',
};

export function segmentStatement(
  query: CataloguePageQuery,
  folded: string | undefined,
  columns: readonly OrderColumn[],
  segment: OrderSegment,
  after: readonly SortKeyValue[] | undefined,
  limit: number,
): Statement {
  const where = [STATUS[query.status], `(${segment.where})`];
  const params: SortKeyValue[] = [...segment.params];
  if (folded !== undefined) {
    where.push("folded_title LIKE ? ESCAPE '\\'");
    params.push('%' + likeLiteral(folded) + '%');
  }
  if (query.categoryId !== undefined) {
    where.push('category_id = ?');
    params.push(query.categoryId);
  }
  if (after !== undefined) {
    const keyset = afterKey(columns, after);
    where.push(keyset.sql);
    params.push(...keyset.params);
  }
  const order = columns.map(({ column, descending }) => `${column} ${descending ? 'DESC' : 'ASC'}`).join(', ');
  params.push(limit);
  return { sql: `SELECT ${VIDEO_COLUMNS} FROM videos WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`, params };
}

/** Rows strictly after `key` in this order: (a after k1) OR (a = k1 AND (b after k2 OR …)). */
function afterKey(columns: readonly OrderColumn[], key: readonly SortKeyValue[]): Statement {
  const [first, ...rest] = columns;
  const [value, ...restKey] = key;
  const beyond = `${first.column} ${first.descending ? '<' : '>'} ?`;
  if (rest.length === 0) return { sql: beyond, params: [value] };
  const inner = afterKey(rest, restKey);
  return { sql: `(${beyond} OR (${first.column} = ? AND ${inner.sql}))`, params: [value, value, ...inner.params] };
}

export function videoStatement(id: string): Statement {
  return { sql: `SELECT ${VIDEO_COLUMNS} FROM videos WHERE id = ?`, params: [id] };
}

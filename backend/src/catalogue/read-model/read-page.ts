// One page, read the same way by both adapters: each segment of the order in turn, from the cursor's, until the
// page holds `limit` videos and one more shows that another page follows. A tier is read with its own limit,
// so that ranking never sorts every match at once.
import type { CataloguePage, CataloguePageQuery } from './catalogue-read-model.port';
import { decodePosition, encodePosition } from './page-cursor';
import { pageOrder } from './page-order';
import { segmentStatement, type Statement } from './page-statement';
import { videoOfRow, type VideoRowValues } from './video-row';
import { foldText } from './title-fold';

/** Runs one SELECT of page-statement.ts and answers its rows. */
export type RunSelect = (statement: Statement) => Promise<VideoRowValues[]>;

export async function readPage(query: CataloguePageQuery, run: RunSelect): Promise<CataloguePage> {
  const words = query.q?.trim();
  const folded = words ? foldText(words) : undefined;
  const { columns, segments } = pageOrder(query.sort, folded);
  const start = query.after === undefined ? undefined : decodePosition(query.after, segments.length, columns.length);
  const found: { row: VideoRowValues; segment: number }[] = [];
  for (let segment = start?.segment ?? 0; segment < segments.length && found.length <= query.limit; segment++) {
    const after = start !== undefined && segment === start.segment ? start.key : undefined;
    const wanted = query.limit + 1 - found.length;
    const rows = await run(segmentStatement(query, folded, columns, segments[segment], after, wanted));
    found.push(...rows.map((row) => ({ row, segment })));
  }
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  const next =
    found.length > query.limit && last !== undefined
      ? encodePosition({ segment: last.segment, key: columns.map(({ column }) => last.row[column]) })
      : null;
  return { videos: page.map(({ row }) => videoOfRow(row)), next };
}

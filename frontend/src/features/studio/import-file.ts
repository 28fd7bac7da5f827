import type { CatalogueVideoChanges } from '@/lib/types';

/** At most this many videos per POST /api/admin/videos/import (docs/design/catalogue.md allows 10 000). */
const IMPORT_CHUNK = 1000;

/** The columns a CSV may have, as the video's fields are named; `url` may stand for `_id` (a link or an id). */
const COLUMNS = ['_id', 'url', 'title', 'description', 'category', 'channel', 'duration', 'thumbnail'] as const;
type Column = (typeof COLUMNS)[number];
const ALIASES: Record<string, Column> = { id: '_id', videoid: '_id', link: 'url' };

export type ParsedImport = { videos: CatalogueVideoChanges[] } | { error: string };

/**
 * A file of videos to import, read in the browser: JSON (`{ "videos": [...] }` or a bare array of them) or
 * CSV with a header line naming the columns (RFC 4180 quoting; comma, semicolon or tab). The server checks
 * each video and says which it refused, by index in the file.
 */
export function parseImportFile(name: string, text: string): ParsedImport {
  const body = text.replace(/^\uFEFF/, '');
  const json = /\.json$/i.test(name) || /^\s*[[{]/.test(body);
  return json ? parseJson(body) : parseCsv(body);
}

function parseJson(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'This file is not valid JSON.' };
  }
  const videos = Array.isArray(value) ? value : (value as { videos?: unknown } | null)?.videos;
  if (!Array.isArray(videos)) return { error: 'The JSON holds no "videos" list.' };
  if (!videos.every((video) => video && typeof video === 'object' && !Array.isArray(video))) {
    return { error: 'Every entry of "videos" must be an object.' };
  }
  return { videos: videos as CatalogueVideoChanges[] };
}

function parseCsv(text: string): ParsedImport {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best));
  const rows = csvRows(text, delimiter).filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) return { error: 'This file is empty.' };
  const header = rows[0].map((cell) => {
    const key = cell.trim().toLowerCase().replace(/\s+/g, '');
    return ALIASES[key] ?? ((COLUMNS as readonly string[]).includes(key) ? (key as Column) : undefined);
  });
  if (!header.includes('_id') && !header.includes('url')) {
    return { error: 'The first line must name the columns, with "url" or "_id" among them (and title, category, channel, duration…).' };
  }
  const videos = rows.slice(1).map((row) => {
    const video: CatalogueVideoChanges = {};
    header.forEach((column, i) => {
      const cell = row[i]?.trim();
      if (column && cell) video[column] = cell;
    });
    return video;
  });
  return { videos };
}

/** RFC 4180: quoted cells may hold the delimiter, line breaks and doubled quotes. */
export function csvRows(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** `items` in runs of at most `size`, each with the index of its first item in the whole list. */
export function chunks<T>(items: readonly T[], size = IMPORT_CHUNK): { offset: number; items: T[] }[] {
  const runs: { offset: number; items: T[] }[] = [];
  for (let offset = 0; offset < items.length; offset += size) runs.push({ offset, items: items.slice(offset, offset + size) });
  return runs;
}

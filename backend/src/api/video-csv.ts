/** What a video id may look like: YouTube's are 11 of these characters; the catalogue decides which exist. */
const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEADERS = new Set(['videoid', 'id', 'url']);
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

export type CsvResult = { readonly videoIds: string[]; readonly errors?: undefined } | { readonly errors: string[] };

/**
 * The video ids of a CSV: one video per line, in its first column — a video id, a YouTube URL
 * (`watch?v=`, `youtu.be/`, `embed/`, `shorts/`) or this app's player URL (`/videoPlay/:id`). Blank lines and a header
 * line (`videoId`, `id` or `url`) are skipped. A line that names no video is an error, with its
 * number, so the user can fix the file (ids that merely are not in the catalogue are the caller's).
 */
export function parseVideoCsv(text: string): CsvResult {
  const videoIds: string[] = [];
  const errors: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let seenContent = false;
  lines.forEach((line, i) => {
    const cell = firstColumn(line);
    if (cell === '') return;
    const isHeader = !seenContent && HEADERS.has(cell.toLowerCase());
    seenContent = true;
    if (isHeader) return;
    const videoId = videoIdOf(cell);
    if (videoId === undefined) errors.push(`csv line ${i + 1}: "${cell.slice(0, 80)}" is not a video id or a video URL`);
    else videoIds.push(videoId);
  });
  if (errors.length > 0) return { errors: errors.slice(0, 20) };
  if (videoIds.length === 0) return { errors: ['csv must list at least one video, one per line'] };
  return { videoIds };
}

/** The first cell, unquoted ("a ""b""" → a "b") and trimmed. */
function firstColumn(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('"')) return trimmed.split(/[,;\t]/)[0]!.trim();
  const quoted = /^"((?:[^"]|"")*)"/.exec(trimmed);
  return (quoted ? quoted[1]!.replace(/""/g, '"') : trimmed).trim();
}

/** First path segment of this app's player page: the SPA's route, and the shorter form the design named. */
const PLAYER_PATHS = new Set(['videoPlay', 'video']);

/** A bare id, or the id a supported URL names; undefined for anything else. */
export function videoIdOf(cell: string): string | undefined {
  if (VIDEO_ID.test(cell)) return cell;
  const url = parseUrl(cell);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'v', 'live'].includes(segments[0] ?? '')) id = segments[1];
  } else if (host === 'youtu.be') {
    id = segments[0];
  } else if (segments.length === 2 && PLAYER_PATHS.has(segments[0]!)) {
    // This app's player page (/videoPlay/:id, as the address bar shows it), on whatever host it is served from, or the path alone.
    id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : undefined;
}

function parseUrl(cell: string): URL | undefined {
  try {
    // A path such as /videoPlay/abc is resolved against a placeholder host; other hosts must be http(s).
    const url = new URL(/^[a-z]+:\/\//i.test(cell) || cell.startsWith('/') ? cell : `https://${cell}`, 'https://techtube.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

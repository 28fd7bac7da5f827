/**
 * The paths a visit can start on, as the frontend routes them (frontend/src/app/router.tsx with
 * src/lib/paths.ts): case-insensitive and with an optional trailing slash, as React Router matches. A page
 * with an id in its path captures it as group 1. One table for what the server adds to a page's HTML: its
 * own code (route-preloads.ts) and its link preview (link-previews.ts).
 */
export const PAGE_PATHS = {
  player: /^\/videoPlay\/([^/]+)\/?$/i,
  channel: /^\/channel\/([^/]+)\/?$/i,
  playlist: /^\/playlist\/([^/]+)\/?$/i,
  playlists: /^\/playlist\/?$/i,
  liked: /^\/like\/?$/i,
  'watch-later': /^\/watchLater\/?$/i,
  history: /^\/history\/?$/i,
  activity: /^\/activity\/?$/i,
  settings: /^\/settings\/?$/i,
  subscriptions: /^\/subscriptions\/?$/i,
  studio: /^\/studio\/?$/i,
  login: /^\/login\/?$/i,
  signup: /^\/signup\/?$/i,
} as const satisfies Record<string, RegExp>;

/** A page's name in `PAGE_PATHS`: the frontend's lazy page module under src/app/routes of the same name. */
export type PageName = keyof typeof PAGE_PATHS;

/** The page `pathname` opens; undefined for home (in the entry itself) and for an unknown path. */
export function pageAt(pathname: string): PageName | undefined {
  return (Object.keys(PAGE_PATHS) as PageName[]).find((page) => PAGE_PATHS[page].test(pathname));
}

/** The id in the path of `page` (a video's, a channel's, a playlist's), decoded; undefined when `pathname` is another page's. */
export function idInPath(page: 'player' | 'channel' | 'playlist', pathname: string): string | undefined {
  const match = PAGE_PATHS[page].exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

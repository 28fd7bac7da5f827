import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_PATHS, pageAt } from './page-paths';

/** A lazy page's own files: what its first visit fetches beyond the ones index.html names. */
export interface PageAssets {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

/** The page modules the server may preload, for the check that the build still has each (test/api/route-preloads.test.ts). */
export const PRELOADED_PAGES: readonly string[] = Object.keys(PAGE_PATHS);

/**
 * The files of the page a URL opens, named in the HTML served for it (README, "Speed on a phone"): without
 * them a visit that starts on the player fetches the player's code only once the entry has run and React has
 * reached the lazy page, one round trip after the rest. The build lists each page's files in
 * `route-assets.json` (frontend/vite.config.ts); without that file no page gets any.
 */
export class RoutePreloads {
  private constructor(private readonly assets: Readonly<Record<string, PageAssets>>) {}

  static read(dir: string): RoutePreloads {
    const file = join(dir, 'route-assets.json');
    return new RoutePreloads(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, PageAssets>) : {});
  }

  /** The page module `pathname` opens, when the build names files for it. */
  pageOf(pathname: string): string | undefined {
    const page = pageAt(pathname);
    return page !== undefined && Object.hasOwn(this.assets, page) ? page : undefined;
  }

  /**
   * `html` with the page's files preloaded before `</head>`, as Vite names the entry's own (crossorigin: one fetch),
   * the scripts at low priority like the entry's: the HTML shell's first paint does not wait for them
   * (frontend/vite.config.ts).
   */
  withPreloads(html: string, page: string | undefined): string {
    const assets = page === undefined ? undefined : this.assets[page];
    if (!assets) return html;
    const links = [
      ...assets.js.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
      ...assets.css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    const at = html.indexOf('</head>');
    return at < 0 ? html : `${html.slice(0, at)}${links.join('\n    ')}\n  ${html.slice(at)}`;
  }
}

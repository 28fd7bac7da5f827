import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pageChangesPosition } from './changes-position';
import { firstPicturePreload } from './first-picture';
import { addVary, encodedVariants, pickEncoding, preferredEncoding } from './http-encoding';
import type { LinkPreview } from './link-previews';
import { KeptPages } from './kept-pages';
import { PreviewPages } from './preview-pages';
import { RoutePreloads } from './route-preloads';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TechTube</title></head>
<body><h1>TechTube</h1><p>The API is up under <a href="/api/videos">/api</a>. Build the frontend with <code>npm run build</code> to serve the app here.</p></body></html>`;

/** Files under assets/ carry a content hash in their name (Vite): a new build is a new URL. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) may be kept but is checked with the server every time. */
const REVALIDATE = 'no-cache';

/** index.html as one page's URL gets it, and compressed once. */
interface IndexPage {
  readonly version: number;
  readonly html: string;
  readonly index: ReturnType<typeof encodedVariants>;
}

/** Data the first screen needs, written into index.html as a JSON data block (not a script: CSP allows it). */
export interface InlineData {
  /** The element id the frontend reads it by. */
  readonly id: string;
  readonly value: unknown;
}

/** Inline data that changes while the app runs: index.html is written (and compressed) again once its version moves. */
export interface LiveInlineData {
  readonly id: string;
  readonly current: () => unknown;
  readonly version: () => number;
  /**
   * For home's URL with a query (`?q=pixel`), the key its page is kept under (with `version`) and the data its
   * first render shows instead of `current()` (undefined: the generic page after all); undefined for the generic page.
   */
  readonly searched?: (query: string) => { readonly key: string; readonly value: () => unknown } | undefined;
  /**
   * Where the changes streams have told through when a page is asked (changes-position.ts): sent with the page as
   * `server-timing: changes;desc=<position>`, since the page's bytes are kept per version and shared.
   */
  readonly position?: () => bigint | undefined;
}

/** The key of home's own page among the pages kept per version (home is no lazy page of its own). */
const HOME = Symbol('home');
/** Which page of index.html a URL gets: a lazy page's name (route-preloads.ts), home's own, or the generic one. */
type PageKey = string | typeof HOME | undefined;

/** Search pages kept encoded, the least recently asked dropped first. */
const KEPT_SEARCH_PAGES = 200;

/** Pages named for what they show (link-previews.ts): a video's, a channel's, a shared playlist's. */
export interface LinkPreviews {
  /** The page's preview, or undefined for the generic page. */
  readonly of: (pathname: string) => Promise<LinkPreview | undefined>;
  /** The origin its URLs are made absolute with, or undefined to leave them out. */
  readonly origin: (request: FastifyRequest) => string | undefined;
}

/**
 * `html` with `data` as `<script type="application/json" id=…>` before `</head>`. Every `<` of the JSON is
 * written `\u003c`, so no string in it can close the element; DEL and the C1 controls, which JSON.stringify leaves
 * as they are (a text stored before docs/design/catalogue.md's text rule may hold them), are escaped the same way,
 * so that the page holds no control character.
 */
export function withInlineData(html: string, data: InlineData): string {
  const json = JSON.stringify(data.value).replace(/[<\u007F-\u009F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return beforeHeadEnd(html, `<script type="application/json" id="${data.id}">${json}</script>`, 'the inline data');
}

/**
 * `html` with the first card's picture of the page `value` shows (`{ videos: [{ thumbnail }] }`: home's first page,
 * or a search's) preloaded (first-picture.ts): with the pictures loading, home's largest paint is that picture.
 */
function withFirstPicture(html: string, value: unknown): string {
  const preload = firstPicturePreload((value as { videos?: { thumbnail?: unknown }[] } | undefined)?.videos?.[0]?.thumbnail);
  return preload ? beforeHeadEnd(html, preload, 'the first picture') : html;
}

/** `html` with `element` before its `</head>`, on a line of its own; `what` names it when there is no `</head>`. */
function beforeHeadEnd(html: string, element: string, what: string): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error(`index.html has no </head> to put ${what} before`);
  return `${html.slice(0, at)}${element}\n  ${html.slice(at)}`;
}

/**
 * Serves the built frontend from `dir` and returns the SPA fallback: client-side routes such
 * as /like or /videoPlay/… get index.html so that a reload or a shared link works.
 *
 * Compression costs nothing per request: the build writes `.br` and `.gz` beside each asset
 * (frontend/vite.config.ts) and `preCompressed` picks one by the request's accept-encoding;
 * index.html is compressed once per version of `inline` written into it (the catalogue's first page: the
 * first screen then renders without waiting for an API call), not once per request. With `previews`, the
 * page of a video, a channel or a shared playlist names it (title, description, Open Graph and Twitter tags).
 * The page a URL opens has its own code and styles preloaded (route-preloads.ts).
 */
export async function serveFrontend(
  fastify: FastifyInstance,
  dir: string,
  inline?: LiveInlineData,
  previews?: LinkPreviews,
): Promise<(reply: FastifyReply, request: FastifyRequest) => void> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    return (reply) => void reply.status(200).type('text/html; charset=utf-8').send(PLACEHOLDER);
  }
  await fastify.register(async (files) => {
    // Caches must keep the brotli, gzip and identity answers apart: added to what CORS put in `vary`, here
    // rather than in setHeaders, whose raw header the reply's own `vary` would replace.
    files.addHook('onSend', (_request, reply, payload, done) => {
      addVary(reply, 'accept-encoding');
      done(null, payload);
    });
    await files.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz files are representations of their asset, not URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      // /index.html is answered as every page is (below), with the inline data: never the bare file.
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: false,
      setHeaders: (res, path) => {
        const inAssets = relative(dir, path).split(sep)[0] === 'assets';
        res.setHeader('cache-control', inAssets ? HASHED_ASSET : REVALIDATE);
      },
    });
  });
  const html = readFileSync(indexFile, 'utf8');
  const preloads = RoutePreloads.read(dir);
  // Per version of the inline data, index.html as each page's URL gets it (its own files preloaded), made when first asked.
  // Home's own (HOME) also preloads its first card's picture.
  let written: { version: number; html: string; value: unknown; pages: Map<PageKey, IndexPage> } | undefined;
  const currentIndex = (page: PageKey): IndexPage => {
    const version = inline ? inline.version() : 0;
    if (written?.version !== version) {
      const value = inline?.current();
      written = { version, html: inline ? withInlineData(html, { id: inline.id, value }) : html, value, pages: new Map() };
    }
    let index = written.pages.get(page);
    if (!index) {
      const pageHtml = page === HOME ? withFirstPicture(written.html, written.value) : preloads.withPreloads(written.html, page);
      index = { version, html: pageHtml, index: encodedVariants(Buffer.from(pageHtml)) };
      written.pages.set(page, index);
    }
    return index;
  };
  const previewPages = new PreviewPages();
  const searchPages = new KeptPages(KEPT_SEARCH_PAGES);
  const send = (reply: FastifyReply, encoding: 'br' | 'gzip' | undefined, body: Buffer) => {
    if (encoding) void reply.header('content-encoding', encoding);
    addVary(reply, 'accept-encoding');
    void reply.status(200).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(body);
  };
  const pageOf = (request: FastifyRequest) => preloads.pageOf(request.url.split('?')[0]!);
  const sendGeneric = (reply: FastifyReply, request: FastifyRequest, page: PageKey = pageOf(request)) => {
    const { encoding, body } = pickEncoding(currentIndex(page).index, request.headers['accept-encoding']);
    send(reply, encoding, body);
  };
  // Home with a search carries that search's first page: its results are in its first render, as home's are.
  const sendHome = (reply: FastifyReply, request: FastifyRequest) => {
    const at = request.url.indexOf('?');
    const searched = at >= 0 ? inline?.searched?.(request.url.slice(at + 1)) : undefined;
    if (!searched) return sendGeneric(reply, request, HOME);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const write = () => {
      const value = searched.value();
      return value === undefined ? undefined : withFirstPicture(withInlineData(html, { id: inline!.id, value }), value);
    };
    const page = searchPages.page(searched.key, String(inline!.version()), write, encoding);
    if (page) send(reply, encoding, page);
    else sendGeneric(reply, request, HOME);
  };
  return (reply, request) => {
    // Taken before the inline data is read, as an API answer's x-changes-position is.
    const position = inline?.position?.();
    if (position !== undefined) void reply.header('server-timing', pageChangesPosition(position));
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/') return sendHome(reply, request);
    if (!previews) return sendGeneric(reply, request);
    previews.of(pathname).then(
      (preview) => {
        if (!preview) return sendGeneric(reply, request);
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        send(reply, encoding, previewPages.page(currentIndex(pageOf(request)), preview, previews.origin(request), encoding));
      },
      // The page itself does not depend on its preview (the read model not answering for a playlist's): the generic one.
      () => sendGeneric(reply, request),
    );
  };
}

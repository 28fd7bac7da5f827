import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { encodedVariants, pickEncoding } from './http-encoding';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TechTube</title></head>
<body><h1>TechTube</h1><p>The API is up under <a href="/api/videos">/api</a>. Build the frontend with <code>npm run build</code> to serve the app here.</p></body></html>`;

/** Files under assets/ carry a content hash in their name (Vite): a new build is a new URL. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) may be kept but is checked with the server every time. */
const REVALIDATE = 'no-cache';

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
}

/**
 * `html` with `data` as `<script type="application/json" id=…>` before `</head>`. Every `<` of the JSON is
 * written `\u003c`, so no string in it can close the element.
 */
export function withInlineData(html: string, data: InlineData): string {
  const json = JSON.stringify(data.value).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${data.id}">${json}</script>`;
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('index.html has no </head> to put the inline data before');
  return `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}

/**
 * Serves the built frontend from `dir` and returns the SPA fallback: client-side routes such
 * as /like or /videoPlay/… get index.html so that a reload or a shared link works.
 *
 * Compression costs nothing per request: the build writes `.br` and `.gz` beside each asset
 * (frontend/vite.config.ts) and `preCompressed` picks one by the request's accept-encoding;
 * index.html is compressed once per version of `inline` written into it (the catalogue's first page: the
 * first screen then renders without waiting for an API call), not once per request.
 */
export async function serveFrontend(
  fastify: FastifyInstance,
  dir: string,
  inline?: LiveInlineData,
): Promise<(reply: FastifyReply, request: FastifyRequest) => void> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    return (reply) => void reply.status(200).type('text/html; charset=utf-8').send(PLACEHOLDER);
  }
  await fastify.register(fastifyStatic, {
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
      // Caches must keep the brotli, gzip and identity answers apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const html = readFileSync(indexFile, 'utf8');
  let written: { version: number; index: ReturnType<typeof encodedVariants> } | undefined;
  const currentIndex = () => {
    if (!inline) return (written ??= { version: 0, index: encodedVariants(Buffer.from(html)) }).index;
    const version = inline.version();
    if (written?.version !== version) {
      written = { version, index: encodedVariants(Buffer.from(withInlineData(html, { id: inline.id, value: inline.current() }))) };
    }
    return written.index;
  };
  return (reply, request) => {
    const { encoding, body } = pickEncoding(currentIndex(), request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    void reply
      .status(200)
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };
}

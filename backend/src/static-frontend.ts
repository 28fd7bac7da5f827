import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TechTube</title></head>
<body><h1>TechTube</h1><p>The API is up under <a href="/api/videos">/api</a>. Build the frontend with <code>npm run build</code> to serve the app here.</p></body></html>`;

/**
 * Serves the built frontend from `dir` and returns the SPA fallback: client-side routes such
 * as /like or /videoPlay/… get index.html so that a reload or a shared link works.
 */
export async function serveFrontend(fastify: FastifyInstance, dir: string): Promise<(reply: FastifyReply) => void> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    return (reply) => void reply.status(200).type('text/html; charset=utf-8').send(PLACEHOLDER);
  }
  await fastify.register(fastifyStatic, { root: dir, wildcard: false, index: false, maxAge: '1h', immutable: false });
  const index = readFileSync(indexFile);
  return (reply) => void reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
}

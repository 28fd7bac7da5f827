import type { FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** How hard a body is compressed: low for answers made while their client waits, the most for files made once. */
export interface Effort {
  readonly brotliQuality: number;
  readonly gzipLevel: number;
}

/** `body` in `coding`, on the event loop. */
export function compressed(body: Buffer, coding: 'br' | 'gzip', effort: Effort): Buffer {
  return coding === 'gzip' ? gzipSync(body, { level: effort.gzipLevel }) : brotliCompressSync(body, brotliOptions(body, effort));
}

const brotliOffLoop = promisify(brotliCompress);
const gzipOffLoop = promisify(gzip);

/** `body` in `coding`, on libuv's thread pool: for bodies too large to compress between two requests. */
export function compressedOffLoop(body: Buffer, coding: 'br' | 'gzip', effort: Effort): Promise<Buffer> {
  return coding === 'gzip' ? gzipOffLoop(body, { level: effort.gzipLevel }) : brotliOffLoop(body, brotliOptions(body, effort));
}

function brotliOptions(body: Buffer, { brotliQuality }: Effort) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
}

/** One body in each content-coding we serve, made once (they are served many times). */
export interface EncodedVariants {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

/** For a body compressed once and served many times. */
const MOST: Effort = { brotliQuality: constants.BROTLI_MAX_QUALITY, gzipLevel: 9 };

export function encodedVariants(identity: Buffer): EncodedVariants {
  return {
    identity,
    br: compressed(identity, 'br', MOST),
    gzip: compressed(identity, 'gzip', MOST),
  };
}

/** Brotli when the client takes it, else gzip, else the plain bytes (`;q=0` refuses a coding). */
export function pickEncoding(
  variants: EncodedVariants,
  acceptEncoding: string | string[] | undefined,
): { encoding: 'br' | 'gzip' | undefined; body: Buffer } {
  const encoding = preferredEncoding(acceptEncoding);
  return { encoding, body: encoding ? variants[encoding] : variants.identity };
}

/** The coding pickEncoding would choose, for answers compressed only when first asked for. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([coding]) => coding!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Adds to `vary` rather than replacing it: CORS may have put `origin` there. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (!fields.includes(field)) void reply.header('vary', current ? `${current}, ${field}` : field);
}

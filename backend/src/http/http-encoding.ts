import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One body in each content-coding we serve, made once (they are served many times). */
export interface EncodedVariants {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

export function encodedVariants(identity: Buffer): EncodedVariants {
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
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

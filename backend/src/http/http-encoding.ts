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
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([coding]) => coding!.trim()),
  );
  if (accepted.has('br')) return { encoding: 'br', body: variants.br };
  if (accepted.has('gzip') || accepted.has('*')) return { encoding: 'gzip', body: variants.gzip };
  return { encoding: undefined, body: variants.identity };
}

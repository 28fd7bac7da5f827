import { createHmac } from 'node:crypto';
import { request } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The parsed JSON body, or the text when it is not JSON. */
  readonly body: any;
}

export interface RawRequest {
  readonly method: string;
  /** Path including /api, sent as is (no normalisation or re-encoding: `..%2F`, `%00` reach the server). */
  readonly path: string;
  /** Arrays send the header several times (duplicate headers). */
  readonly headers?: Record<string, string | string[]>;
  readonly body?: string | Buffer;
  /** Client address to connect from: any 127.x.y.z is loopback on Linux (per-address rate limits). */
  readonly localAddress?: string;
  readonly timeoutMs?: number;
}

/**
 * One HTTP request over node:http, without fetch's conveniences: duplicate headers, raw paths,
 * any content type, and a chosen source address. Never throws on a status; rejects on a
 * connection error or after the timeout.
 */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string | string[]> = { ...req.headers };
  if (req.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(Buffer.byteLength(req.body));
  }
  return new Promise((resolve, reject) => {
    const r = request(
      { host: hostname, port: Number(port), method: req.method, path: req.path, headers, localAddress: req.localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* keep the text */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    r.setTimeout(req.timeoutMs ?? 10_000, () => r.destroy(new Error(`${req.method} ${req.path}: no answer in time`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** A JWT with any header, signed with HMAC (`HS256`/`HS384`/`HS512`) or with the given signature. */
export function signJwt(header: object, payload: object, secret: string, hmac: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc(header)}.${enc(payload)}`;
  return `${head}.${createHmac(hmac, secret).update(head).digest('base64url')}`;
}

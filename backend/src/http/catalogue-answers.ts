import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressed } from './http-encoding';

/** The content-codings a kept answer is sent in: brotli, gzip, or none (the JSON as it is). */
export type Coding = 'br' | 'gzip' | undefined;

/**
 * The bytes of kept answers, all codings together. Only the coding a client asked for is kept (for nearly every
 * client brotli: ~7 kB for a search page of 24 videos, where the JSON kept beside it was ~22 kB more), so that more
 * URLs fit: replaying the catalogue-scale benchmark's searches, 42 % of them found their answer kept with 1 000
 * answers, 57 % with 4 000, 62 % with 6 000 (40 MiB holds ~5 700 such pages). Each miss also dropped an answer of
 * ~38 kB that had lived long enough to be promoted, which fed the major collections of the search phase
 * (bench/RESULTS.md, "Catalogue at 100 000 videos").
 */
const MAX_KEPT_BYTES = 40 * 2 ** 20;
/** What one answer costs beside its bytes (its URL, ETag, entry), counted against MAX_KEPT_BYTES. */
const ENTRY_BYTES = 256;

/**
 * Brotli at a low quality: an answer is compressed when first asked for after a change, while its client
 * waits, and most searches are asked once. At 11 a page of videos took tens of milliseconds; at 5 compressing
 * was still the largest share of a search's CPU on the server (0.36 ms of a 24-video page in process, ~29 % of
 * the search phase's CPU at 100 000 videos); 3 takes 0.15 ms for 4.5 % more bytes (bench/RESULTS.md, "Catalogue
 * at 100 000 videos").
 */
const BROTLI_QUALITY = 3;

export interface KeptAnswer {
  readonly etag: string;
  /** The answer's own `link` header (GET /api/videos without parameters names its next page). */
  readonly link?: string;
}

interface Entry extends KeptAnswer {
  readonly url: string;
  readonly codings: Map<Coding, Buffer>;
  bytes: number;
}

/** How answers are encoded and decoded (a spec counts the calls). */
export interface AnswerCodec {
  encode(identity: Buffer, coding: 'br' | 'gzip'): Buffer;
  decode(bytes: Buffer, coding: 'br' | 'gzip'): Buffer;
}

export const ZLIB_CODEC: AnswerCodec = {
  encode: (identity, coding) => compressed(identity, coding, { brotliQuality: BROTLI_QUALITY, gzipLevel: 6 }),
  decode: (bytes, coding) => (coding === 'gzip' ? gunzipSync(bytes) : brotliDecompressSync(bytes)),
};

/**
 * The catalogue's answers by URL, for one version of the catalogue: a URL's answer depends on nothing else (these
 * routes are public, the same for everyone). Any answer of an older version is never sent: the first use with a
 * new version drops them all. The least recently used go first once their bytes pass `maxBytes`.
 */
export class CatalogueAnswers {
  private readonly kept = new Map<string, Entry>();
  private keptVersion = Number.NaN;
  private keptBytes = 0;

  constructor(
    private readonly maxBytes = MAX_KEPT_BYTES,
    private readonly codec: AnswerCodec = ZLIB_CODEC,
  ) {}

  /** How many answers, and how many bytes, are kept now. */
  get size(): { answers: number; bytes: number } {
    return { answers: this.kept.size, bytes: this.keptBytes };
  }

  /** The URL's answer if kept for this version (it becomes the most recently used). */
  find(url: string, version: number): KeptAnswer | undefined {
    this.drop(version);
    const entry = this.kept.get(url);
    if (entry === undefined) return undefined;
    this.kept.delete(url);
    this.kept.set(url, entry);
    return entry;
  }

  /** Keeps the URL's answer `identity`, in `coding` only (the one its client takes). */
  keep(url: string, version: number, identity: Buffer, coding: Coding, link?: string): KeptAnswer {
    this.drop(version);
    const old = this.kept.get(url);
    if (old !== undefined) this.remove(old);
    const entry: Entry = {
      url,
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      ...(link !== undefined && { link }),
      codings: new Map(),
      bytes: ENTRY_BYTES,
    };
    this.kept.set(url, entry);
    this.keptBytes += ENTRY_BYTES;
    this.add(entry, coding, exact(coding === undefined ? identity : this.codec.encode(identity, coding)));
    return entry;
  }

  /**
   * The answer's bytes in `coding`: kept, else made from a kept coding (decoded, then encoded) and kept too while
   * the answer is.
   */
  bytes(answer: KeptAnswer, coding: Coding): Buffer {
    const entry = answer as Entry;
    const kept = entry.codings.get(coding);
    if (kept !== undefined) return kept;
    const [[from, bytes]] = entry.codings;
    const identity = from === undefined ? bytes : this.codec.decode(bytes, from);
    const made = exact(coding === undefined ? identity : this.codec.encode(identity, coding));
    if (this.kept.get(entry.url) === entry) this.add(entry, coding, made);
    return made;
  }

  private add(entry: Entry, coding: Coding, bytes: Buffer): void {
    entry.codings.set(coding, bytes);
    entry.bytes += bytes.length;
    this.keptBytes += bytes.length;
    for (const oldest of this.kept.values()) {
      if (this.keptBytes <= this.maxBytes || oldest === entry) break;
      this.remove(oldest);
    }
  }

  private remove(entry: Entry): void {
    this.kept.delete(entry.url);
    this.keptBytes -= entry.bytes;
  }

  private drop(version: number): void {
    if (version === this.keptVersion) return;
    this.kept.clear();
    this.keptBytes = 0;
    this.keptVersion = version;
  }
}

/**
 * The bytes in a buffer of their own size: zlib's output is a view of its 16 kB chunk, which would be kept whole,
 * and a small buffer from Buffer's shared pool would keep its 8 kB slab.
 */
function exact(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

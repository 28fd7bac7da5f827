import { compressed } from './http-encoding';

interface KeptPage {
  /** What the page was written from (the index's version, its data): another stamp writes it again. */
  readonly stamp: string;
  readonly identity: Buffer;
  readonly encoded: { br?: Buffer; gzip?: Buffer };
}

/**
 * index.html pages of their own (a video's named page, a search's results), each written and compressed when first
 * asked for and kept while its stamp is unchanged. At most `max`: one walking every page (a crawler) pushes the
 * least recently asked out. Compressed at a middle level (unlike the generic index, made once): a page of its own
 * is asked for far less often.
 */
export class KeptPages {
  private readonly kept = new Map<string, KeptPage>();

  constructor(private readonly max: number) {}

  /** The page in `encoding`; undefined (and nothing kept) when `write` has no page to give. */
  page(key: string, stamp: string, write: () => string | undefined, encoding: 'br' | 'gzip' | undefined): Buffer | undefined {
    let page = this.kept.get(key);
    if (page?.stamp !== stamp) {
      const written = write();
      if (written === undefined) return undefined;
      page = { stamp, identity: Buffer.from(written), encoded: {} };
    }
    // Most recently asked last: Map keeps insertion order, so the first key is the one to drop.
    this.kept.delete(key);
    this.kept.set(key, page);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    if (encoding === undefined) return page.identity;
    return (page.encoded[encoding] ??= compressed(page.identity, encoding, { brotliQuality: 5, gzipLevel: 6 }));
  }
}

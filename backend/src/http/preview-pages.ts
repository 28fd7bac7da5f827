import type { LinkPreview } from './link-previews';
import { withLinkPreview } from './link-previews';
import { compressed } from './http-encoding';

/** Pages kept encoded: a crawler walking every video's page pushes the least recently asked out. */
const KEPT_PAGES = 500;

interface KeptPage {
  /** The index version and the preview it was written from: another of either writes it again. */
  readonly stamp: string;
  readonly identity: Buffer;
  readonly encoded: { br?: Buffer; gzip?: Buffer };
}

/**
 * index.html named for one page (link-previews.ts), in the coding a client asks for. A page is written and
 * compressed when first asked for and kept while its preview and the index are unchanged; compressed at a
 * middle level (unlike the generic index, made once): a page of its own is asked for far less often.
 */
export class PreviewPages {
  private readonly kept = new Map<string, KeptPage>();

  page(
    index: { readonly version: number; readonly html: string },
    preview: LinkPreview,
    origin: string | undefined,
    encoding: 'br' | 'gzip' | undefined,
  ): Buffer {
    const key = `${origin ?? ''}${preview.path}`;
    const stamp = `${index.version}\n${JSON.stringify(preview)}`;
    let page = this.kept.get(key);
    if (page?.stamp !== stamp) page = { stamp, identity: Buffer.from(withLinkPreview(index.html, preview, origin)), encoded: {} };
    // Most recently asked last: Map keeps insertion order, so the first key is the one to drop.
    this.kept.delete(key);
    this.kept.set(key, page);
    if (this.kept.size > KEPT_PAGES) this.kept.delete(this.kept.keys().next().value!);
    if (encoding === undefined) return page.identity;
    return (page.encoded[encoding] ??= encode(page.identity, encoding));
  }
}

function encode(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return compressed(body, encoding, { brotliQuality: 5, gzipLevel: 6 });
}

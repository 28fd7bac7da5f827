import { KeptPages } from './kept-pages';
import type { LinkPreview } from './link-previews';
import { withLinkPreview } from './link-previews';

/** Pages kept encoded: a crawler walking every video's page pushes the least recently asked out. */
const KEPT_PAGES = 500;

/**
 * index.html named for one page (link-previews.ts), in the coding a client asks for: written again when its
 * preview or the index changes, kept otherwise.
 */
export class PreviewPages {
  private readonly kept = new KeptPages(KEPT_PAGES);

  page(
    index: { readonly version: number; readonly html: string },
    preview: LinkPreview,
    origin: string | undefined,
    encoding: 'br' | 'gzip' | undefined,
  ): Buffer {
    const stamp = `${index.version}\n${JSON.stringify(preview)}`;
    return this.kept.page(`${origin ?? ''}${preview.path}`, stamp, () => withLinkPreview(index.html, preview, origin), encoding)!;
  }
}

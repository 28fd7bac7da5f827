import { isAllowedThumbnail } from '../catalogue/thumbnails';

/**
 * The element that has the browser ask for a page's first picture at high priority, beside the scripts rather than
 * after the first render (README, "Speed on a phone"); none for anything but a plain https URL on a host the page's
 * policy allows (catalogue/thumbnails.ts: no quote, angle bracket or white space), which is written into the HTML
 * as it is. The page's own `<img>` is the same request (`fetchpriority="high"`,
 * frontend/src/components/image-with-fallback.tsx).
 */
export function firstPicturePreload(url: unknown): string | undefined {
  if (!isAllowedThumbnail(url)) return undefined;
  return `<link rel="preload" as="image" fetchpriority="high" href="${url}">`;
}

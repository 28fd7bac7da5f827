import { useState, type ReactNode } from 'react';

interface Props {
  src: string | undefined;
  alt: string;
  className?: string;
  /** Rendered instead when there is no URL or the image fails (e.g. the image host is unreachable). */
  fallback: ReactNode;
  /**
   * The page's first picture (the largest on its first screen): fetched at once and first, rather than lazily
   * after layout, since it is what the page's largest paint waits for (README, "Speed on a phone").
   */
  first?: boolean;
}

// React 18 passes no `fetchPriority` prop to the DOM (19 does): the attribute by its HTML name.
const HIGH_PRIORITY = { fetchpriority: 'high' };

export function ImageWithFallback({ src, alt, className, fallback, first }: Props) {
  // Remember which URL failed, so that a new URL gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      loading={first ? 'eager' : 'lazy'}
      {...(first && HIGH_PRIORITY)}
      onError={() => setFailedSrc(src)}
    />
  );
}

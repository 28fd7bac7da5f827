import { useState, type ReactNode } from 'react';

interface Props {
  src: string | undefined;
  alt: string;
  className?: string;
  /** Rendered instead when there is no URL or the image fails (e.g. the image host is unreachable). */
  fallback: ReactNode;
}

export function ImageWithFallback({ src, alt, className, fallback }: Props) {
  // Remember which URL failed, so that a new URL gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <>{fallback}</>;
  return <img src={src} alt={alt} className={className} loading="lazy" onError={() => setFailedSrc(src)} />;
}

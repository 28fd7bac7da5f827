import { ImageWithFallback } from './image-with-fallback';
import './channel-avatar.css';

/** "Unbox Therapy" → "UT": the avatar shown when the channel image is missing or fails. */
function channelInitials(channel: string): string {
  const words = channel.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : words;
  return (
    letters
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/**
 * The colour of the disc when `src` is the server's own avatar: an SVG of the initials on a disc of the channel's
 * colour (README, "Speed on a phone"). Drawn as an image, each such SVG is a document of its own, laid out and
 * painted on the page's main thread (7–18 ms each on a slow phone); drawn as a span it costs no more than its
 * text. Undefined for any other picture, which stays an image.
 */
function initialsDiscColour(src: string | undefined): string | undefined {
  const prefix = 'data:image/svg+xml;utf8,';
  if (!src?.startsWith(prefix)) return undefined;
  let svg: string;
  try {
    svg = decodeURIComponent(src.slice(prefix.length));
  } catch {
    return undefined;
  }
  if (!svg.includes('<text')) return undefined;
  return /<circle [^>]*fill="(hsl\(\d{1,3},\d{1,3}%,\d{1,3}%\))"/.exec(svg)?.[1];
}

/** Decorative: the channel's name is always written next to it, so it is not announced twice. */
export function ChannelAvatar({ src, channel }: { src: string | undefined; channel: string }) {
  const initials = (colour?: string) => (
    <span className="avatar avatar--initials" aria-hidden="true" style={colour ? { background: colour } : undefined}>
      {channelInitials(channel)}
    </span>
  );
  const colour = initialsDiscColour(src);
  if (colour) return initials(colour);
  return <ImageWithFallback src={src} alt="" className="avatar" fallback={initials()} />;
}

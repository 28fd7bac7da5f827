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

/** Decorative: the channel's name is always written next to it, so it is not announced twice. */
export function ChannelAvatar({ src, channel }: { src: string | undefined; channel: string }) {
  return (
    <ImageWithFallback
      src={src}
      alt=""
      className="avatar"
      fallback={
        <span className="avatar avatar--initials" aria-hidden="true">
          {channelInitials(channel)}
        </span>
      }
    />
  );
}

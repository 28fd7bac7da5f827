import { useEffect, useState } from 'react';
import { Icon } from '@/components/icons';
import { VideoThumbnail } from '@/components/video-thumbnail';
import type { Video } from '@/lib/types';

const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
// A small image from the player's own image host: the page may load it (CSP img-src), and when it
// cannot, the embed cannot either (offline, blocked, or the video is gone).
const probeUrl = (videoId: string) => `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/default.jpg`;

/**
 * Whether the external player can be reached: undefined while finding out, then true or false.
 * A cross-origin frame's own failure cannot be seen from the page (its load event fires on the
 * browser's error page too), so the player's image host is asked instead.
 */
export function useEmbedReachable(videoId: string): boolean | undefined {
  const [result, setResult] = useState<{ videoId: string; reachable: boolean } | null>(null);
  useEffect(() => {
    const probe = new Image();
    let live = true;
    probe.onload = () => live && setResult({ videoId, reachable: true });
    probe.onerror = () => live && setResult({ videoId, reachable: false });
    probe.src = probeUrl(videoId);
    return () => {
      live = false;
      probe.onload = probe.onerror = null;
    };
  }, [videoId]);
  return result?.videoId === videoId ? result.reachable : undefined;
}

/** The app's own poster when the player cannot load: the thumbnail (or its fallback), the title, and a way out. */
export function PlayerFallback({ video }: { video: Video }) {
  return (
    <div className="player-fallback">
      <div className="player-fallback__poster" aria-hidden="true">
        <VideoThumbnail src={video.thumbnail} title={video.title} />
      </div>
      <div className="player-fallback__panel">
        <p className="player-fallback__title">{video.title}</p>
        <p className="player-fallback__note">The player cannot be loaded here right now.</p>
        <a className="btn btn--primary" href={watchUrl(video._id)} target="_blank" rel="noopener noreferrer">
          <Icon name="play" size={18} />
          Open on YouTube
        </a>
      </div>
    </div>
  );
}

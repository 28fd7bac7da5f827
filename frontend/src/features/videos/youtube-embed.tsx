import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import type { Video } from '@/lib/types';
import { Icon } from '@/components/icons';
import './youtube-embed.css';

const embedUrl = (videoId: string) => `https://www.youtube.com/embed/${encodeURIComponent(videoId)}?autoplay=1&controls=1`;

/**
 * The external player behind a click-to-load facade: the page shows the video's poster and a play
 * button, and only a click loads YouTube's iframe (with autoplay, so the click starts the video).
 * The iframe is most of the player page's weight and main-thread work, and browsers block sound
 * autoplay without a gesture anyway. The poster keeps the 16:9 box whether or not its image loads.
 */
export function YouTubeEmbed({
  video,
  embedQuery = '',
  frame: frameRef,
  onFrameLoad,
}: {
  video: Video;
  /** Appended to the embed URL (resume: `&enablejsapi=1&start=…`). */
  embedQuery?: string;
  frame?: RefCallback<HTMLIFrameElement>;
  onFrameLoad?: () => void;
}) {
  // The embed URL as it was at the click, for the video clicked: the saved second is read again while the
  // video plays (the echo of this player's own progress report, or another device's, docs/design/live-updates.md),
  // and a new `start=` in the frame's URL would reload the playing video.
  const [started, setStarted] = useState<{ videoId: string; query: string } | null>(null);
  const loaded = started !== null;
  const query = started?.videoId === video._id ? started.query : embedQuery;
  const [posterFailed, setPosterFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement | null>(null);
  // The player's own handle (focus) and the caller's (resume) on the same frame.
  const setFrame = useCallback(
    (element: HTMLIFrameElement | null) => {
      frame.current = element;
      frameRef?.(element);
    },
    [frameRef],
  );
  // The click that loaded the player moves keyboard focus into it, not back to the page's start.
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);

  if (loaded) {
    return (
      <iframe
        ref={setFrame}
        src={embedUrl(video._id) + query}
        onLoad={onFrameLoad}
        title={video.title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      className="embed-facade"
      aria-label={`Play ${video.title}`}
      onClick={() => setStarted({ videoId: video._id, query: embedQuery })}
    >
      {video.thumbnail && !posterFailed && (
        <img className="embed-facade__poster" src={video.thumbnail} alt="" width={480} height={360} onError={() => setPosterFailed(true)} />
      )}
      <span className="embed-facade__play">
        <Icon name="play" size={40} />
      </span>
    </button>
  );
}

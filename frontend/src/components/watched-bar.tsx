import { durationSeconds, useWatchedSeconds } from '@/lib/progress';
import type { Video } from '@/lib/types';
import './watched-bar.css';

/**
 * A thin bar under a card's thumbnail: how much of the video the user has watched, from the progress the view
 * listing the cards reads (`useProgress`).
 */
export function WatchedBar({ video }: { video: Video }) {
  const seconds = useWatchedSeconds(video._id);
  if (seconds === undefined) return null;
  return (
    <progress
      className="watched-bar"
      max={durationSeconds(video.duration)}
      value={seconds}
      aria-label={`Watched ${Math.round((100 * seconds) / durationSeconds(video.duration))}%`}
    />
  );
}

import { durationSeconds, useProgress } from '@/lib/progress';
import type { Video } from '@/lib/types';
import './watched-bar.css';

/** A thin bar under a card's thumbnail: how much of the video the user has watched. */
export function WatchedBar({ video }: { video: Video }) {
  const { data: progress } = useProgress();
  const seconds = progress?.find((p) => p.videoId === video._id)?.seconds;
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

import { VideoCard } from '@/components/video-card';
import { useProgress } from '@/lib/progress';
import type { Video } from '@/lib/types';
import { useForgetProgressMutation } from './progress-api';
import '@/components/action-menu.css';
import './continue-watching.css';

/** Home's "Continue watching" row: the videos the user stopped part-way, most recent first. */
export function ContinueWatching() {
  const { data: progress } = useProgress();
  if (!progress || progress.length === 0) return null;
  return (
    <section className="continue-watching" aria-labelledby="continue-watching-title">
      <h2 id="continue-watching-title" className="continue-watching__title">
        Continue watching
      </h2>
      <ul className="continue-watching__row">
        {progress.slice(0, 8).map(({ video }) => (
          <li key={video._id}>
            <VideoCard video={video} menu={<RemoveButton video={video} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** YouTube's "Remove from Continue watching": forgets where the user stopped; the video itself stays everywhere else. */
function RemoveButton({ video }: { video: Video }) {
  const [forget, { isLoading }] = useForgetProgressMutation();
  return (
    <button
      type="button"
      // The cards' round menu button, so that the ✕ sits where the ⋮ does on every other card.
      className="action-menu__button continue-watching__remove"
      aria-label={`Remove ${video.title} from Continue watching`}
      title="Remove from Continue watching"
      disabled={isLoading}
      onClick={() => void forget(video._id)}
    >
      <span aria-hidden="true">✕</span>
    </button>
  );
}

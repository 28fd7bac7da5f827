import { Link } from 'react-router-dom';
import { VideoThumbnail } from '@/components/video-thumbnail';
import { paths } from '@/lib/paths';
import type { Video } from '@/lib/types';
import { useGetVideosQuery } from './videos-api';
import './up-next.css';

/** "Up next": the other videos of the same category, to go on watching. */
export function UpNext({ video }: { video: Video }) {
  const { data: videos } = useGetVideosQuery();
  const next = (videos ?? []).filter((v) => v.category === video.category && v._id !== video._id);
  if (next.length === 0) return null;
  return (
    <aside className="up-next" aria-labelledby="up-next-title">
      <h2 id="up-next-title" className="up-next__title">
        Up next
      </h2>
      <ul className="up-next__list">
        {next.map((v) => (
          <li key={v._id} className="up-next__item">
            <Link className="up-next__link" to={paths.videoPlay.to(v._id)}>
              <span className="up-next__thumb" aria-hidden="true">
                <VideoThumbnail src={v.thumbnail} title={v.title} duration={v.duration} />
              </span>
              <span className="up-next__text">
                <span className="up-next__video-title">{v.title}</span>
                <span className="up-next__channel">{v.channel}</span>
                <span className="up-next__channel">{v.views} views</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

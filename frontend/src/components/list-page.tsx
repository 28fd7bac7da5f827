import { Link } from 'react-router-dom';
import { paths } from '@/app/config/paths';
import type { Video } from '@/app/types';
import { ActionMenu } from './action-menu';
import { EmptyState } from './empty-state';
import { Loader } from './loader';
import { VideoThumbnail } from './video-thumbnail';
import './list-page.css';

/** SPEC §2: "N Video", "N Videos" or "No Videos". */
export function videoCount(count: number): string {
  if (count === 0) return 'No Videos';
  return `${count} ${count === 1 ? 'Video' : 'Videos'}`;
}

interface Props {
  title: string;
  /** In display order. */
  videos: Video[] | undefined;
  isLoading: boolean;
  empty: { message: string; action: string };
  /** What "Remove" means depends on the page (unlike, delete from history, …). */
  onRemove: (video: Video) => void;
}

/** The shared layout of Liked, Watch Later, History and a single playlist. */
export function ListPage({ title, videos, isLoading, empty, onRemove }: Props) {
  const list = videos ?? [];
  return (
    <main className="list-page">
      <section className="list-page__summary" aria-labelledby="list-title">
        {/* Decorative: the first video's picture; its title is in the list below. */}
        <div className="list-page__cover" aria-hidden="true">
          <VideoThumbnail src={list[0]?.thumbnail} title={list[0]?.title ?? title} />
        </div>
        <div>
          <h1 id="list-title" className="list-page__title">
            {title}
          </h1>
          <p className="list-page__count">{videoCount(list.length)}</p>
        </div>
      </section>
      {isLoading && !videos ? (
        <Loader />
      ) : list.length === 0 ? (
        <EmptyState {...empty} />
      ) : (
        <ul className="list-page__rows">
          {list.map((video) => (
            <li key={video._id} className="list-row">
              <Link className="list-row__thumb" to={paths.videoPlay.to(video._id)} tabIndex={-1} aria-hidden="true">
                <VideoThumbnail src={video.thumbnail} title={video.title} duration={video.duration} />
              </Link>
              <div className="list-row__text">
                <h2 className="list-row__title">
                  <Link to={paths.videoPlay.to(video._id)}>{video.title}</Link>
                </h2>
                <p className="list-row__channel">{video.channel}</p>
              </div>
              <ActionMenu label={`More actions for ${video.title}`} actions={[{ label: 'Remove', onSelect: () => onRemove(video) }]} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

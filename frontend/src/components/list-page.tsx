import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/lib/paths';
import type { Video } from '@/lib/types';
import { ActionMenu } from './action-menu';
import { EmptyState } from './empty-state';
import { Loader } from './loader';
import { RowSkeletons, TextSkeleton } from './row-skeletons';
import { useDocumentTitle } from '@/lib/document-title';
import { useRenderedInSlices } from '@/lib/rendered-in-slices';
import { VideoThumbnail } from './video-thumbnail';
import './list-page.css';

/** "N Video", "N Videos" or "No Videos". */
export function videoCount(count: number): string {
  if (count === 0) return 'No Videos';
  return `${count} ${count === 1 ? 'Video' : 'Videos'}`;
}

interface SummaryProps {
  title: string;
  videos: Video[];
  /** While the list loads its count is a placeholder: never "No Videos" before it is known. */
  loading?: boolean;
  /** Under the count: e.g. a playlist's total duration. */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The head of a list page: the first video's picture, the name and the count. */
export function ListSummary({ title, videos, loading = false, extra, children }: SummaryProps) {
  return (
    <section className="list-page__summary" aria-labelledby="list-title">
      {/* Decorative: the first video's picture; its title is in the list below. */}
      <div className="list-page__cover" aria-hidden="true">
        <VideoThumbnail src={videos[0]?.thumbnail} title={videos[0]?.title ?? title} first />
      </div>
      <div className="list-page__heading">
        <h1 id="list-title" className="list-page__title">
          {title}
        </h1>
        <p className="list-page__count">{loading ? <TextSkeleton /> : videoCount(videos.length)}</p>
        {!loading && extra}
        {children}
      </div>
    </section>
  );
}

interface RowProps extends HTMLAttributes<HTMLLIElement> {
  video: Video;
  /** What "Remove" means depends on the page (unlike, delete from history, …). */
  onRemove: (video: Video) => void;
  /** Extra controls before the menu (e.g. Move up / Move down). */
  controls?: ReactNode;
}

/** One entry: thumbnail, title, channel, its own controls and the menu with Remove. */
export function ListRow({ video, onRemove, controls, className, ...rest }: RowProps) {
  if (video.available === false) return <GoneRow video={video} onRemove={onRemove} controls={controls} className={className} {...rest} />;
  // In a draggable row, a press on the title or picture drags the row rather than the link.
  const linkDraggable = rest.draggable ? false : undefined;
  return (
    <li {...rest} className={className ? `list-row ${className}` : 'list-row'}>
      <Link className="list-row__thumb" to={paths.videoPlay.to(video._id)} tabIndex={-1} aria-hidden="true" draggable={linkDraggable}>
        <VideoThumbnail src={video.thumbnail} title={video.title} duration={video.duration} />
      </Link>
      <div className="list-row__text">
        <h2 className="list-row__title">
          <Link to={paths.videoPlay.to(video._id)} draggable={linkDraggable}>
            {video.title}
          </Link>
        </h2>
        <p className="list-row__channel">{video.channel}</p>
      </div>
      {controls}
      <ActionMenu label={`More actions for ${video.title}`} actions={[{ label: 'Remove', onSelect: () => onRemove(video) }]} />
    </li>
  );
}

/**
 * A retired video's row content (`available: false`, docs/design/catalogue.md): its last title and picture, greyed
 * by the row's `list-row--gone`, saying so, with nothing to play. The user's lists and a shared playlist show it alike.
 */
export function GoneVideo({ video }: { video: Video }) {
  return (
    <>
      <div className="list-row__thumb" aria-hidden="true">
        <VideoThumbnail src={video.thumbnail} title={video.title} duration={video.duration} />
      </div>
      <div className="list-row__text">
        <h2 className="list-row__title">{video.title}</h2>
        <p className="list-row__channel">This video is no longer available</p>
      </div>
    </>
  );
}

/** A retired video in a list: Remove is at hand rather than in a menu. */
function GoneRow({ video, onRemove, controls, className, ...rest }: RowProps) {
  return (
    <li {...rest} className={`list-row list-row--gone ${className ?? ''}`}>
      <GoneVideo video={video} />
      {controls}
      <button
        type="button"
        className="btn btn--outline list-row__remove"
        aria-label={`Remove ${video.title}`}
        onClick={() => onRemove(video)}
      >
        Remove
      </button>
    </li>
  );
}

interface Props {
  title: string;
  /** The whole list, in display order: the summary counts it. */
  videos: Video[] | undefined;
  isLoading: boolean;
  empty: { message: string; action: string };
  onRemove: (video: Video) => void;
  /**
   * Between the summary and the rows: a search box, a note, list-wide actions. It is given the list as the rows show
   * it (rendered in slices, a moment behind `videos`), so that what it shows of the list comes with the rows, not a
   * moment before them, pushing the loading rows down.
   */
  toolbar?: (shown: Video[] | undefined) => ReactNode;
  /** The rows to show when they are not the whole list (a search), with what to say when none match. */
  filtered?: { videos: Video[] | undefined; none: ReactNode };
}

/** The shared layout of Liked, Watch Later and History. */
export function ListPage({ title, videos: answered, isLoading, empty, onRemove, toolbar, filtered }: Props) {
  const { shown: videos, rendering } = useRenderedInSlices(answered);
  const list = videos ?? [];
  const rows = filtered ? filtered.videos : videos;
  const loading = (isLoading && !videos) || rendering;
  useDocumentTitle(title);
  return (
    <main className="list-page">
      <ListSummary title={title} videos={list} loading={loading} />
      {toolbar?.(videos)}
      {loading ? (
        <RowSkeletons />
      ) : list.length === 0 ? (
        <EmptyState {...empty} />
      ) : !rows ? (
        <Loader />
      ) : rows.length === 0 ? (
        filtered?.none
      ) : (
        <ul className="list-page__rows">
          {rows.map((video) => (
            <ListRow key={video._id} video={video} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </main>
  );
}

import { ImageWithFallback } from './image-with-fallback';
import { Icon } from './icons';
import './video-thumbnail.css';

interface Props {
  src: string | undefined;
  title: string;
  duration?: string;
  /** The page's first picture: see ImageWithFallback. */
  first?: boolean;
}

/** A 16:9 thumbnail that keeps its box (and shows the title) when the image cannot load. */
export function VideoThumbnail({ src, title, duration, first }: Props) {
  return (
    <div className="thumb">
      <ImageWithFallback
        src={src}
        alt={title}
        className="thumb__img"
        first={first}
        fallback={
          <div className="thumb__fallback" role="img" aria-label={title}>
            <span className="thumb__play">
              <Icon name="play" size={32} />
            </span>
            <span className="thumb__fallback-title">{title}</span>
          </div>
        }
      />
      {duration && (
        <span className="thumb__duration" aria-label={`Duration ${duration}`}>
          {duration}
        </span>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { countLabel } from '@/lib/counts';
import { paths } from '@/lib/paths';
import { ChannelAvatar } from './channel-avatar';
import { VideoThumbnail } from './video-thumbnail';
import { WatchedBar } from './watched-bar';
import './video-card.css';
import type { Video } from '@/lib/types';

/** A video's card; the menu comes from the caller, which knows about the user's lists. `first`: the page's first card. */
export function VideoCard({ video, menu, first }: { video: Video; menu?: ReactNode; first?: boolean }) {
  const to = paths.videoPlay.to(video._id);
  return (
    <article className="video-card">
      <Link to={to} className="video-card__thumb-link" tabIndex={-1} aria-hidden="true">
        <VideoThumbnail src={video.thumbnail} title={video.title} duration={video.duration} first={first} />
      </Link>
      <WatchedBar video={video} />
      <div className="video-card__body">
        <ChannelAvatar src={video.channelAvatar} channel={video.channel} />
        <div className="video-card__text">
          <h3 className="video-card__title">
            <Link to={to}>{video.title}</Link>
          </h3>
          <p className="video-card__channel">
            <Link to={paths.channel.to(video.channelId)}>{video.channel}</Link>
          </p>
          <p className="video-card__stats">
            <span>{countLabel(video.views, 'view')}</span>
            <span aria-hidden="true"> · </span>
            <span>{countLabel(video.likes, 'like')}</span>
          </p>
        </div>
        {menu}
      </div>
    </article>
  );
}

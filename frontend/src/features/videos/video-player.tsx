import type { ReactNode, RefCallback } from 'react';
import { Link } from '@/components/link';
import { countLabel } from '@/lib/counts';
import { paths } from '@/lib/paths';
import { ChannelAvatar } from '@/components/channel-avatar';
import { YouTubeEmbed } from './youtube-embed';
import { PlayerFallback, useEmbedReachable } from './player-fallback';
import './video-player.css';
import type { Video } from '@/lib/types';

/** What resuming adds to the player: more embed parameters and a handle on the frame. */
export interface PlayerHooks {
  /** Appended to the embed URL (`&enablejsapi=1&start=…`). */
  readonly embedQuery?: string;
  readonly frame?: RefCallback<HTMLIFrameElement>;
  readonly onFrameLoad?: () => void;
}

/**
 * The player page: the external player (behind its click-to-load facade) plus the video's
 * details; actions come from the caller. When the player cannot be reached, the app's own poster
 * stands in for it.
 */
export function VideoPlayer({ video, actions, notice, ...hooks }: { video: Video; actions: ReactNode; notice?: ReactNode } & PlayerHooks) {
  const reachable = useEmbedReachable(video._id);
  return (
    <article className="player">
      <div className="player__frame">
        {reachable === false ? <PlayerFallback video={video} /> : <YouTubeEmbed video={video} {...hooks} />}
      </div>
      <h1 className="player__title">{video.title}</h1>
      {notice}
      <div className="player__meta">
        <p className="player__views">
          {countLabel(video.views, 'view')}
          <span aria-hidden="true"> · </span>
          {countLabel(video.likes, 'like')}
        </p>
        <div className="player__actions">{actions}</div>
      </div>
      <div className="player__channel">
        <ChannelAvatar src={video.channelAvatar} channel={video.channel} />
        <Link to={paths.channel.to(video.channelId)}>{video.channel}</Link>
      </div>
      <p className="player__description">{video.description}</p>
    </article>
  );
}

import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import type { Video } from '@/lib/types';
import { ChannelAvatar } from '@/components/channel-avatar';
import './video-player.css';

const embedUrl = (videoId: string) => `https://www.youtube.com/embed/${encodeURIComponent(videoId)}?autoplay=1&controls=1`;

/** What resuming (issue 17) adds to the player: more embed parameters and a handle on the frame. */
export interface PlayerHooks {
  /** Appended to the embed URL (`&enablejsapi=1&start=…`). */
  readonly embedQuery?: string;
  readonly frame?: Ref<HTMLIFrameElement>;
  readonly onFrameLoad?: () => void;
}

/** SPEC §2 "Player page": the external player plus the video's details; actions come from the caller. */
export function VideoPlayer({ video, actions, embedQuery = '', frame, onFrameLoad }: { video: Video; actions: ReactNode } & PlayerHooks) {
  return (
    <article className="player">
      <div className="player__frame">
        <iframe
          src={embedUrl(video._id) + embedQuery}
          ref={frame}
          onLoad={onFrameLoad}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
      <h1 className="player__title">{video.title}</h1>
      <div className="player__meta">
        <p className="player__views">{video.views} views</p>
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

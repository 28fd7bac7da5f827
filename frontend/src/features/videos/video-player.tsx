import type { ReactNode } from 'react';
import type { Video } from '@/lib/types';
import { ChannelAvatar } from '@/components/channel-avatar';
import { PlayerFallback, useEmbedReachable } from './player-fallback';
import './video-player.css';

const embedUrl = (videoId: string) => `https://www.youtube.com/embed/${encodeURIComponent(videoId)}?autoplay=1&controls=1`;

/**
 * SPEC §2 "Player page": the external player plus the video's details; actions come from the caller.
 * When the player cannot be reached, the app's own poster stands in for it.
 */
export function VideoPlayer({ video, actions }: { video: Video; actions: ReactNode }) {
  const reachable = useEmbedReachable(video._id);
  return (
    <article className="player">
      <div className="player__frame">
        {reachable === false ? (
          <PlayerFallback video={video} />
        ) : (
          reachable && (
            <iframe
              src={embedUrl(video._id)}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          )
        )}
      </div>
      <h1 className="player__title">{video.title}</h1>
      <div className="player__meta">
        <p className="player__views">{video.views} views</p>
        <div className="player__actions">{actions}</div>
      </div>
      <div className="player__channel">
        <ChannelAvatar src={video.channelAvatar} channel={video.channel} />
        <span>{video.channel}</span>
      </div>
      <p className="player__description">{video.description}</p>
    </article>
  );
}

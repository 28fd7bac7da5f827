import type { ReactNode } from 'react';
import type { Video } from '@/lib/types';
import { ChannelAvatar } from '@/components/channel-avatar';
import { YouTubeEmbed } from './youtube-embed';
import './video-player.css';

/** SPEC §2 "Player page": the external player plus the video's details; actions come from the caller. */
export function VideoPlayer({ video, actions }: { video: Video; actions: ReactNode }) {
  return (
    <article className="player">
      <div className="player__frame">
        <YouTubeEmbed video={video} />
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

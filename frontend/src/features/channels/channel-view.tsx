import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { ChannelAvatar } from '@/components/channel-avatar';
import { ErrorPage } from '@/components/error-page';
import { Loader } from '@/components/loader';
import { VideoCard } from '@/components/video-card';
import type { Video } from '@/lib/types';
import { useProgress } from '@/lib/progress';
import { useRenderedInSlices } from '@/lib/rendered-in-slices';
import { useGetChannelQuery } from './channels-api';
import { SubscribeButton } from './subscribe-button';
import './channels.css';

/** /channel/:channelId: the channel, Subscribe, and its videos; each card's menu comes from the caller. */
export function ChannelView({ menu }: { menu?: (video: Video) => ReactNode }) {
  const { channelId } = useParams();
  // Each card's watched bar reads this answer (components/watched-bar.tsx).
  useProgress();
  const { data: answered, isError, isUninitialized } = useGetChannelQuery(channelId ?? skipToken);
  const { shown: data } = useRenderedInSlices(answered);
  if (isError || isUninitialized) return <ErrorPage message="This channel could not be found." />;
  if (!data) return <Loader />;
  const { channel, videos } = data;
  return (
    <main className="channel-page">
      <header className="channel-page__header">
        <ChannelAvatar src={channel.avatar} channel={channel.name} />
        <div>
          <h1 className="channel-page__name">{channel.name}</h1>
          <p className="channel-page__count">{channel.videoCount === 1 ? '1 video' : `${channel.videoCount} videos`}</p>
        </div>
        <SubscribeButton channel={channel} />
      </header>
      {/* The cards' titles are h3: this heading keeps the outline h1 → h2 → h3 (as home's catalogue does). */}
      <h2 className="visually-hidden">Videos</h2>
      <ul className="video-grid channel-page__videos" aria-label={`Videos of ${channel.name}`}>
        {videos.map((video, index) => (
          <li key={video._id}>
            <VideoCard video={video} menu={menu?.(video)} first={index === 0} />
          </li>
        ))}
      </ul>
    </main>
  );
}

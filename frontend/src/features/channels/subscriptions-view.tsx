import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { ChannelAvatar } from '@/components/channel-avatar';
import { EmptyState } from '@/components/empty-state';
import { Loader } from '@/components/loader';
import { VideoCard } from '@/components/video-card';
import { paths } from '@/lib/paths';
import { useProgress } from '@/lib/progress';
import type { Video } from '@/lib/types';
import { useFeed, useSubscriptions } from './channels-api';
import './channels.css';

/** /subscriptions: the channels the user follows, and their videos (the feed). */
export function SubscriptionsView({ menu }: { menu?: (video: Video) => ReactNode }) {
  const { data: channels, isLoading } = useSubscriptions();
  const { data: feed } = useFeed();
  // Each card's watched bar reads this answer (components/watched-bar.tsx).
  useProgress();
  if (isLoading) return <Loader />;
  return (
    <main className="subscriptions-page">
      <h1 className="subscriptions-page__title">Subscriptions</h1>
      {!channels || channels.length === 0 ? (
        <EmptyState message="No subscriptions yet" action="Find some channels" />
      ) : (
        <>
          <ul className="subscriptions-page__channels" aria-label="Your channels">
            {channels.map((channel) => (
              <li key={channel._id}>
                <Link className="subscriptions-page__channel" to={paths.channel.to(channel._id)}>
                  <ChannelAvatar src={channel.avatar} channel={channel.name} />
                  {channel.name}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className="subscriptions-page__feed-title">Latest from your channels</h2>
          <ul className="video-grid" aria-label="Videos from your channels">
            {(feed ?? []).map((video) => (
              <li key={video._id}>
                <VideoCard video={video} menu={menu?.(video)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

import type { ChannelResponse, Video } from '@/lib/types';

/** For unit tests: a video of the channel below, as the API gives it. */
export const testVideo = (id: string): Video =>
  ({
    _id: id,
    title: `Video ${id}`,
    channel: 'Unbox Therapy',
    channelId: 'unbox-therapy',
    thumbnail: `https://example.com/${id}.jpg`,
    views: '1',
    likes: '1',
  }) as Video;

/** For unit tests: GET /api/channels/unbox-therapy, a channel of two videos. */
export const testChannelAnswer: ChannelResponse = {
  channel: { _id: 'unbox-therapy', name: 'Unbox Therapy', avatar: 'data:image/svg+xml,', videoCount: 2 },
  videos: [testVideo('a'), testVideo('b')],
} as ChannelResponse;

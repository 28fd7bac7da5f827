import { api } from '@/lib/api';
import { useUserArg } from '@/lib/hooks';
import type { Channel, ChannelResponse, FeedResponse, SubscriptionBody, SubscriptionsResponse, Video } from '@/lib/types';

const subscriptions = (response: SubscriptionsResponse) => response.subscriptions;

const channelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChannel: build.query<ChannelResponse, string>({
      query: (channelId) => `/channels/${encodeURIComponent(channelId)}`,
    }),
    getSubscriptions: build.query<Channel[], void>({
      query: () => '/user/subscriptions',
      transformResponse: subscriptions,
      providesTags: ['Subscriptions'],
    }),
    getFeed: build.query<Video[], void>({
      query: () => '/user/feed',
      transformResponse: (response: FeedResponse) => response.videos,
      providesTags: ['Subscriptions'],
    }),
    subscribe: build.mutation<Channel[], string>({
      query: (channelId) => ({ url: '/user/subscriptions', method: 'POST', body: { channelId } satisfies SubscriptionBody }),
      transformResponse: subscriptions,
      invalidatesTags: ['Subscriptions'],
      extraOptions: { errorToast: 'Something went wrong ...Try Again Later' },
    }),
    unsubscribe: build.mutation<Channel[], string>({
      query: (channelId) => ({ url: `/user/subscriptions/${encodeURIComponent(channelId)}`, method: 'DELETE' }),
      transformResponse: subscriptions,
      invalidatesTags: ['Subscriptions'],
      extraOptions: { errorToast: 'Something went wrong ...Try Again Later' },
    }),
  }),
});

export const { useGetChannelQuery, useSubscribeMutation, useUnsubscribeMutation } = channelsApi;

/** The signed-in user's subscriptions (nothing for a guest). */
export const useSubscriptions = () => channelsApi.useGetSubscriptionsQuery(useUserArg(undefined));
export const useFeed = () => channelsApi.useGetFeedQuery(useUserArg(undefined));

import { api } from '@/app/api';
import { optimisticThenServer, sameList } from '@/app/optimistic-update';
import { tokenOf } from '@/app/session-token';
import type { Playlist, Video } from '@/app/types';

type PlaylistsResponse = { playlists: Playlist[] };
type PlaylistResponse = { playlist: Playlist };
const toPlaylists = (response: PlaylistsResponse) => response.playlists;
const toPlaylist = (response: PlaylistResponse) => response.playlist;
const playlistUrl = (id: string) => `/user/playlists/${encodeURIComponent(id)}`;

export interface PlaylistKey {
  token: string;
  playlistId: string;
}
export interface PlaylistVideo {
  playlistId: string;
  video: Video;
}

// Keyed by session token (and id), like the other user lists.
const playlistsQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getPlaylists: build.query<Playlist[], string>({
      query: () => '/user/playlists',
      transformResponse: toPlaylists,
      providesTags: ['Playlists'],
    }),
    getPlaylist: build.query<Playlist, PlaylistKey>({
      query: ({ playlistId }) => playlistUrl(playlistId),
      transformResponse: toPlaylist,
      providesTags: ['Playlists'],
    }),
  }),
});

const { updateQueryData } = playlistsQuery.util;
const replaceIn = (playlists: Playlist[], playlist: Playlist) => playlists.map((p) => (p._id === playlist._id ? playlist : p));
const withVideos = (playlist: Playlist, change: (videos: Video[]) => Video[]) => ({
  ...playlist,
  videos: change(playlist.videos),
});

/** Adding or removing a video changes one playlist: both the list and the single view follow. */
async function syncPlaylist(
  lifecycle: Parameters<typeof optimisticThenServer<Playlist, Playlist>>[0] & { getState: () => unknown },
  playlistId: string,
  change: (videos: Video[]) => Video[],
): Promise<void> {
  const token = tokenOf(lifecycle);
  await Promise.all([
    optimisticThenServer<Playlist, Playlist[]>(
      lifecycle,
      (recipe) => updateQueryData('getPlaylists', token, recipe),
      (list) => list.map((p) => (p._id === playlistId ? withVideos(p, change) : p)),
      (playlist, list) => replaceIn(list, playlist),
    ),
    optimisticThenServer<Playlist, Playlist>(
      lifecycle,
      (recipe) => updateQueryData('getPlaylist', { token, playlistId }, recipe),
      (playlist) => withVideos(playlist, change),
      sameList,
    ),
  ]);
}

export const playlistsApi = playlistsQuery.injectEndpoints({
  endpoints: (build) => ({
    createPlaylist: build.mutation<Playlist[], string>({
      query: (title) => ({ url: '/user/playlists', method: 'POST', body: { playlist: { title } } }),
      transformResponse: toPlaylists,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      // No optimistic guess: the new playlist's id only exists once the server answered.
      async onQueryStarted(_title, lifecycle) {
        const token = tokenOf(lifecycle);
        const { data } = await lifecycle.queryFulfilled.catch(() => ({ data: null }));
        if (data) lifecycle.dispatch(updateQueryData('getPlaylists', token, () => data));
      },
    }),
    deletePlaylist: build.mutation<Playlist[], string>({
      query: (playlistId) => ({ url: playlistUrl(playlistId), method: 'DELETE' }),
      transformResponse: toPlaylists,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: (playlistId, lifecycle) =>
        optimisticThenServer<Playlist[], Playlist[]>(
          lifecycle,
          (recipe) => updateQueryData('getPlaylists', tokenOf(lifecycle), recipe),
          (list) => list.filter((p) => p._id !== playlistId),
          sameList,
        ),
    }),
    addToPlaylist: build.mutation<Playlist, PlaylistVideo>({
      query: ({ playlistId, video }) => ({ url: playlistUrl(playlistId), method: 'POST', body: { video } }),
      transformResponse: toPlaylist,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: ({ playlistId, video }, lifecycle) =>
        syncPlaylist(lifecycle, playlistId, (videos) => (videos.some((v) => v._id === video._id) ? videos : [...videos, video])),
    }),
    removeFromPlaylist: build.mutation<Playlist, PlaylistVideo>({
      query: ({ playlistId, video }) => ({
        url: `${playlistUrl(playlistId)}/${encodeURIComponent(video._id)}`,
        method: 'DELETE',
      }),
      transformResponse: toPlaylist,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: ({ playlistId, video }, lifecycle) =>
        syncPlaylist(lifecycle, playlistId, (videos) => videos.filter((v) => v._id !== video._id)),
    }),
  }),
});

export const {
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useCreatePlaylistMutation,
  useDeletePlaylistMutation,
  useAddToPlaylistMutation,
  useRemoveFromPlaylistMutation,
} = playlistsApi;

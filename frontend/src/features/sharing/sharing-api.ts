import { api } from '@/lib/api';
import type {
  NewPlaylistBody,
  Playlist,
  PlaylistDetailsBody,
  PlaylistResponse,
  PlaylistsResponse,
  SharedPlaylist,
  SharedPlaylistResponse,
  VideoBody,
  Visibility,
} from '@/lib/types';

const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSharedPlaylist: build.query<SharedPlaylist, string>({
      query: (playlistId) => `/playlists/${encodeURIComponent(playlistId)}`,
      transformResponse: (response: SharedPlaylistResponse) => response.playlist,
      providesTags: (_result, _error, playlistId) => [{ type: 'Playlists', id: playlistId }],
    }),
    setVisibility: build.mutation<Playlist, { playlistId: string; visibility: Visibility }>({
      query: ({ playlistId, visibility }) => ({
        url: `/user/playlists/${encodeURIComponent(playlistId)}`,
        method: 'PATCH',
        body: { visibility } satisfies PlaylistDetailsBody,
      }),
      transformResponse: (response: PlaylistResponse) => response.playlist,
      invalidatesTags: ['Playlists'],
      extraOptions: { errorToast: 'Something went wrong ...Try Again Later' },
    }),
    /**
     * "Save to my playlists": a new playlist of the viewer's own, with the same title and videos in order, but for
     * retired ones (`available: false`), which no list takes in (410).
     */
    saveCopy: build.mutation<string, SharedPlaylist>({
      async queryFn(shared, _api, extraOptions, baseQuery) {
        const playlist = { title: shared.title, ...(shared.description && { description: shared.description }) };
        const created = await baseQuery({ url: '/user/playlists', method: 'POST', body: { playlist } satisfies NewPlaylistBody });
        if (created.error) return { error: created.error };
        const mine = (created.data as PlaylistsResponse).playlists;
        const copyId = mine[mine.length - 1]!._id;
        for (const video of shared.videos.filter(({ available }) => available !== false)) {
          const added = await baseQuery({
            url: `/user/playlists/${encodeURIComponent(copyId)}`,
            method: 'POST',
            body: { video } satisfies VideoBody,
          });
          if (added.error) return { error: added.error };
        }
        void extraOptions;
        return { data: copyId };
      },
      invalidatesTags: ['Playlists'],
      extraOptions: { errorToast: 'Something went wrong ...Try Again Later' },
    }),
  }),
});

export const { useGetSharedPlaylistQuery, useSetVisibilityMutation, useSaveCopyMutation } = sharingApi;

/** Whether someone else's playlist `playlistId` has been read (its page is on screen), without asking for it. */
export const useSharedPlaylistRead = (playlistId: string) =>
  // currentData: `data` would be the last playlist read, whatever its id, just after "Save to my playlists".
  sharingApi.endpoints.getSharedPlaylist.useQueryState(playlistId).currentData !== undefined;

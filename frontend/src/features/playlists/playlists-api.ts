import { api, PLAYLISTS_LIST } from '@/lib/api';
import { noGuess, optimisticThenServer, sameList, type MutationLifecycle } from '@/lib/optimistic-update';
import type {
  NewPlaylistBody,
  Playlist,
  PlaylistDetailsBody,
  PlaylistResponse,
  PlaylistsResponse,
  ReorderBody,
  Video,
  VideoBody,
} from '@/lib/types';
import { movesOf } from './move-queue';

const toPlaylists = (response: PlaylistsResponse) => response.playlists;
const toPlaylist = (response: PlaylistResponse) => response.playlist;
const playlistUrl = (id: string) => `/user/playlists/${encodeURIComponent(id)}`;

// The mutations' arguments: the playlist's id (in the URL) beside its body. The video is the whole catalogue
// record, which the guess shows; the server reads only its `_id`.
type PlaylistVideo = { playlistId: string } & { video: Video };
type PlaylistMove = { playlistId: string } & ReorderBody;
type PlaylistDetails = { playlistId: string } & Required<Pick<PlaylistDetailsBody, 'title' | 'description'>>;

const playlistsQuery = api.injectEndpoints({
  endpoints: (build) => ({
    getPlaylists: build.query<Playlist[], void>({
      query: () => '/user/playlists',
      transformResponse: toPlaylists,
      providesTags: [PLAYLISTS_LIST],
    }),
    getPlaylist: build.query<Playlist, string>({
      query: (playlistId) => playlistUrl(playlistId),
      transformResponse: toPlaylist,
      // By id, so that another device's change to one playlist reads only it again (lib/live/live-tags.ts).
      providesTags: (_result, _error, playlistId) => [{ type: 'Playlists', id: playlistId }],
    }),
  }),
});

/** The one playlist's cache entry, read by use-changed-elsewhere.ts. */
export const playlistQuery = playlistsQuery.endpoints.getPlaylist;
const { updateQueryData } = playlistsQuery.util;
const replaceIn = (playlists: Playlist[], playlist: Playlist) => playlists.map((p) => (p._id === playlist._id ? playlist : p));
const withVideos = (playlist: Playlist, change: (videos: Video[]) => Video[]) => ({
  ...playlist,
  videos: change(playlist.videos),
});

/** `videoId` moved to `toIndex` (0-based, in the list without it), as the server does it. */
export function moveVideo(videos: Video[], videoId: string, toIndex: number): Video[] {
  const moved = videos.find((v) => v._id === videoId);
  if (!moved) return videos;
  const rest = videos.filter((v) => v !== moved);
  return [...rest.slice(0, toIndex), moved, ...rest.slice(toIndex)];
}

/**
 * A write to one playlist: both the list of playlists and the single view show the guess, then
 * what the server answered (unless `settle` says to keep the guess).
 */
async function syncPlaylist(
  lifecycle: MutationLifecycle<Playlist>,
  playlistId: string,
  change: (playlist: Playlist) => Playlist,
  settle: () => boolean = () => true,
): Promise<void> {
  await Promise.all([
    optimisticThenServer<Playlist, Playlist[]>(
      lifecycle,
      (recipe) => updateQueryData('getPlaylists', undefined, recipe),
      (list) => list.map((p) => (p._id === playlistId ? change(p) : p)),
      (playlist, list) => (settle() ? replaceIn(list, playlist) : list),
    ),
    optimisticThenServer<Playlist, Playlist>(
      lifecycle,
      (recipe) => updateQueryData('getPlaylist', playlistId, recipe),
      change,
      (playlist, current) => (settle() ? playlist : current),
    ),
  ]);
}

const playlistsApi = playlistsQuery.injectEndpoints({
  endpoints: (build) => ({
    createPlaylist: build.mutation<Playlist[], string>({
      query: (title) => ({ url: '/user/playlists', method: 'POST', body: { playlist: { title } } satisfies NewPlaylistBody }),
      transformResponse: toPlaylists,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      // No optimistic guess: the new playlist's id only exists once the server answered.
      onQueryStarted: (_title, lifecycle) =>
        optimisticThenServer<Playlist[], Playlist[]>(
          lifecycle,
          (recipe) => updateQueryData('getPlaylists', undefined, recipe),
          noGuess,
          sameList,
        ),
    }),
    deletePlaylist: build.mutation<Playlist[], string>({
      query: (playlistId) => ({ url: playlistUrl(playlistId), method: 'DELETE' }),
      transformResponse: toPlaylists,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: (playlistId, lifecycle) =>
        optimisticThenServer<Playlist[], Playlist[]>(
          lifecycle,
          (recipe) => updateQueryData('getPlaylists', undefined, recipe),
          (list) => list.filter((p) => p._id !== playlistId),
          sameList,
        ),
    }),
    addToPlaylist: build.mutation<Playlist, PlaylistVideo>({
      query: ({ playlistId, video }) => ({ url: playlistUrl(playlistId), method: 'POST', body: { video } satisfies VideoBody }),
      transformResponse: toPlaylist,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: ({ playlistId, video }, lifecycle) =>
        syncPlaylist(lifecycle, playlistId, (p) =>
          withVideos(p, (videos) => (videos.some((v) => v._id === video._id) ? videos : [...videos, video])),
        ),
    }),
    removeFromPlaylist: build.mutation<Playlist, PlaylistVideo>({
      query: ({ playlistId, video }) => ({
        url: `${playlistUrl(playlistId)}/${encodeURIComponent(video._id)}`,
        method: 'DELETE',
      }),
      transformResponse: toPlaylist,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: ({ playlistId, video }, lifecycle) =>
        syncPlaylist(lifecycle, playlistId, (p) => withVideos(p, (videos) => videos.filter((v) => v._id !== video._id))),
    }),
    updatePlaylistDetails: build.mutation<Playlist, PlaylistDetails>({
      query: ({ playlistId, title, description }) => ({
        url: playlistUrl(playlistId),
        method: 'PATCH',
        body: { title, description } satisfies PlaylistDetailsBody,
      }),
      extraOptions: { errorToast: 'The playlist could not be saved. Try again later.' },
      transformResponse: toPlaylist,
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      onQueryStarted: ({ playlistId, title, description }, lifecycle) =>
        syncPlaylist(lifecycle, playlistId, (p) => ({ ...p, title, description })),
    }),
    reorderPlaylist: build.mutation<Playlist, PlaylistMove>({
      // Sent in order through the store's move queue (move-queue.ts).
      async queryFn({ playlistId, videoId, toIndex }, { extra }, _extra, baseQuery) {
        const answer = await movesOf(extra).send(async () =>
          baseQuery({ url: `${playlistUrl(playlistId)}/reorder`, method: 'POST', body: { videoId, toIndex } satisfies ReorderBody }),
        );
        return answer.error ? { error: answer.error } : { data: toPlaylist(answer.data as PlaylistResponse) };
      },
      invalidatesTags: (_result, error) => (error ? ['Playlists'] : []),
      // Only the last answer of a run of moves settles the list (move-queue.ts).
      onQueryStarted: ({ playlistId, videoId, toIndex }, lifecycle) =>
        movesOf(lifecycle.extra).track(playlistId, (isLast) =>
          syncPlaylist(lifecycle, playlistId, (p) => withVideos(p, (videos) => moveVideo(videos, videoId, toIndex)), isLast),
        ),
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
  useUpdatePlaylistDetailsMutation,
  useReorderPlaylistMutation,
} = playlistsApi;

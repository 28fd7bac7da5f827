import { skipToken } from '@reduxjs/toolkit/query';
import { useUserArg } from '@/lib/hooks';
import type { Playlist } from '@/lib/types';
import { useGetPlaylistQuery, useGetPlaylistsQuery } from './playlists-api';

export function usePlaylists() {
  return useGetPlaylistsQuery(useUserArg(undefined));
}

/** A guest has no playlists to read, so the request is not even made. */
export function usePlaylist(playlistId: string | undefined) {
  return useGetPlaylistQuery(useUserArg(playlistId ?? skipToken));
}

/** The playlist with this id among the user's own (the address's id in any case, as the routes match it). */
export function findPlaylist(playlists: Playlist[] | undefined, playlistId: string | undefined): Playlist | undefined {
  const id = playlistId?.toLowerCase();
  return id === undefined ? undefined : playlists?.find((playlist) => playlist._id.toLowerCase() === id);
}

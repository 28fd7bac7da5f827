import { skipToken } from '@reduxjs/toolkit/query';
import { useUserArg } from '@/lib/hooks';
import { useGetPlaylistQuery, useGetPlaylistsQuery } from './playlists-api';

export function usePlaylists() {
  return useGetPlaylistsQuery(useUserArg(undefined));
}

/** A guest has no playlists to read, so the request is not even made. */
export function usePlaylist(playlistId: string | undefined) {
  return useGetPlaylistQuery(useUserArg(playlistId ?? skipToken));
}

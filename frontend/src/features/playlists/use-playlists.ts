import { skipToken } from '@reduxjs/toolkit/query';
import { useToken } from '@/app/hooks';
import { useGetPlaylistQuery, useGetPlaylistsQuery } from './playlists-api';

export function usePlaylists() {
  const token = useToken();
  return useGetPlaylistsQuery(token ?? skipToken);
}

/** A guest has no playlists to read (SPEC §6), so the request is not even made. */
export function usePlaylist(playlistId: string | undefined) {
  const token = useToken();
  return useGetPlaylistQuery(token && playlistId ? { token, playlistId } : skipToken);
}

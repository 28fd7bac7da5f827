import { DomainError } from '../errors/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Playlist ids are UUIDs we minted: anything else cannot exist and never reaches the store. */
export function playlistId(id: string): string {
  if (!UUID.test(id)) throw new DomainError('PLAYLIST_NOT_FOUND');
  return id.toLowerCase();
}

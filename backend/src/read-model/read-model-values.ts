import { ActivityEntry, LIST_NAMES, ListName, PlaylistDetails, PlaylistMeta, UserProfile, UserSettings } from './read-model.port';

/**
 * Checks every adapter makes on a change before storing it, the same way: only the declared fields
 * are copied (so that nothing else a caller passed, a hash…, is ever stored or served), and a value
 * that could not be stored faithfully is refused (so that the batch holding it applies nothing).
 */

export function pickProfile(user: UserProfile): UserProfile {
  const { _id, email, firstName, lastName, name, username, createdAt, updatedAt } = user;
  return {
    _id,
    email,
    firstName,
    lastName,
    ...(name !== undefined && { name }),
    ...(username !== undefined && { username }),
    createdAt,
    updatedAt,
  };
}

export function pickMeta(meta: PlaylistMeta): PlaylistMeta {
  const { _id, title, description, playlistImg } = meta;
  return {
    _id,
    title,
    ...(description !== undefined && { description }),
    ...(playlistImg !== undefined && { playlistImg }),
  };
}

/** Only the declared settings, each of its declared type: a bad value is refused, never stored. */
export function pickSettings(settings: UserSettings): UserSettings {
  if (typeof settings?.historyPaused !== 'boolean') throw new TypeError('settings.historyPaused must be a boolean');
  return { historyPaused: settings.historyPaused };
}

export function pickDetails(details: PlaylistDetails): PlaylistDetails {
  const { _id, title, description } = details;
  if (typeof _id !== 'string' || typeof title !== 'string') throw new TypeError('playlist details need an id and a title');
  return { _id, title, ...(description !== undefined && { description }) };
}

/** An activity entry's declared fields; one that could not be ordered or shown is refused. */
export function pickActivity(entry: ActivityEntry): ActivityEntry {
  const { type, at, videoId, playlistId, playlistTitle } = entry;
  if (typeof type !== 'string' || typeof at !== 'string') throw new TypeError('activity entries need a type and a time');
  return {
    position: checkedPosition(entry.position),
    type,
    at,
    ...(typeof videoId === 'string' && { videoId }),
    ...(typeof playlistId === 'string' && { playlistId }),
    ...(typeof playlistTitle === 'string' && { playlistTitle }),
  };
}

export function checkedPosition(value: bigint): bigint {
  if (typeof value !== 'bigint') throw new TypeError('position must be a bigint');
  return value;
}

export function checkedListName(list: ListName): ListName {
  if (!LIST_NAMES.includes(list)) throw new Error(`Unknown list: ${String(list)}`);
  return list;
}

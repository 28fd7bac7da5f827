import { HISTORY_RETENTIONS, PLAYLIST_VISIBILITIES, PlaylistVisibility } from '../events/app-events';
import {
  ActivityEntry,
  LIST_NAMES,
  ListName,
  PlaylistDetails,
  PlaylistMeta,
  ProfileChange,
  ProgressEntry,
  UserProfile,
  UserSettings,
} from './read-model.port';

/**
 * Checks every adapter makes on a change before storing it, the same way: only the declared fields
 * are copied (so that nothing else a caller passed, a hash…, is ever stored or served), and a value
 * that could not be stored faithfully is refused (so that the batch holding it applies nothing).
 */

export function pickProfile(user: UserProfile): UserProfile {
  const { _id, email, firstName, lastName, name, username, createdAt, updatedAt, sessionGeneration, operator } = user;
  return {
    _id,
    email,
    firstName,
    lastName,
    ...(name !== undefined && { name }),
    ...(username !== undefined && { username }),
    createdAt,
    updatedAt,
    ...(sessionGeneration !== undefined && { sessionGeneration: checkedCount(sessionGeneration) }),
    // Only `true` is kept: a revoked role leaves no field behind (ProfileChange's `operator: false`).
    ...(operator === true && { operator }),
  };
}

export function pickMeta(meta: PlaylistMeta): PlaylistMeta {
  const { _id, title, description, playlistImg } = meta;
  const visibility = meta.visibility === undefined ? undefined : checkedVisibility(meta.visibility);
  return {
    _id,
    title,
    ...(description !== undefined && { description }),
    ...(playlistImg !== undefined && { playlistImg }),
    ...(visibility !== undefined && visibility !== 'private' && { visibility }),
  };
}

export function checkedVisibility(value: PlaylistVisibility): PlaylistVisibility {
  if (!PLAYLIST_VISIBILITIES.includes(value)) throw new TypeError(`Unknown playlist visibility: ${String(value)}`);
  return value;
}

function checkedCount(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError('sessionGeneration must be a non-negative integer');
  return value;
}

/** Only the declared profile fields, each checked: a name must be a string, the generation a count. */
export function pickProfileChange(fields: ProfileChange): ProfileChange {
  const { firstName, lastName, updatedAt, sessionGeneration, operator } = fields;
  for (const text of [firstName, lastName, updatedAt])
    if (text !== undefined && typeof text !== 'string') throw new TypeError('profile fields are strings');
  if (operator !== undefined && typeof operator !== 'boolean') throw new TypeError('operator must be a boolean');
  return {
    ...(firstName !== undefined && { firstName }),
    ...(lastName !== undefined && { lastName }),
    ...(updatedAt !== undefined && { updatedAt }),
    ...(sessionGeneration !== undefined && { sessionGeneration: checkedCount(sessionGeneration) }),
    ...(operator !== undefined && { operator }),
  };
}

export function pickProgress(entry: ProgressEntry): ProgressEntry {
  const { videoId, seconds, updatedAt } = entry;
  if (typeof videoId !== 'string' || typeof updatedAt !== 'string') throw new TypeError('progress needs a video id and a time');
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
    throw new TypeError('progress seconds must be a number >= 0');
  return { videoId, seconds, updatedAt, position: checkedPosition(entry.position) };
}

/**
 * Only the declared settings, each of its declared type: a bad value is refused, never stored. A
 * putSettings names some of them (at least one); what is read back names them all.
 */
export function pickSettings(settings: Partial<UserSettings>): Partial<UserSettings> {
  const { historyPaused, historyRetention } = settings ?? {};
  if (historyPaused === undefined && historyRetention === undefined) throw new TypeError('settings must name at least one setting');
  if (historyPaused !== undefined && typeof historyPaused !== 'boolean') throw new TypeError('settings.historyPaused must be a boolean');
  if (historyRetention !== undefined && !HISTORY_RETENTIONS.includes(historyRetention)) {
    throw new TypeError('settings.historyRetention must be "off", 3, 18 or 36');
  }
  return { ...(historyPaused !== undefined && { historyPaused }), ...(historyRetention !== undefined && { historyRetention }) };
}

export function pickDetails(details: PlaylistDetails): PlaylistDetails {
  const { _id, title, description } = details;
  if (typeof _id !== 'string' || typeof title !== 'string') throw new TypeError('playlist details need an id and a title');
  return { _id, title, ...(description !== undefined && { description }) };
}

/** An activity entry's declared fields; one that could not be ordered or shown is refused. */
export function pickActivity(entry: ActivityEntry): ActivityEntry {
  const fields = pickActivityFields(entry);
  return { position: checkedPosition(entry.position), ...fields };
}

/**
 * pickActivity without the position (what the Redis model stores under the position), built by
 * assignment in the declared order: a replay makes one per event (bench/RESULTS.md, Replay).
 */
export function pickActivityFields(entry: ActivityEntry): Omit<ActivityEntry, 'position'> {
  const { type, at, videoId, playlistId, playlistTitle, channelId, correlationId, causedBy } = entry;
  if (typeof type !== 'string' || typeof at !== 'string') throw new TypeError('activity entries need a type and a time');
  const fields: { -readonly [K in keyof Omit<ActivityEntry, 'position'>]: Omit<ActivityEntry, 'position'>[K] } = { type, at };
  if (typeof videoId === 'string') fields.videoId = videoId;
  if (typeof playlistId === 'string') fields.playlistId = playlistId;
  if (typeof playlistTitle === 'string') fields.playlistTitle = playlistTitle;
  if (typeof channelId === 'string') fields.channelId = channelId;
  if (typeof correlationId === 'string') fields.correlationId = correlationId;
  if (typeof causedBy === 'string') fields.causedBy = causedBy;
  return fields;
}

export function checkedPosition(value: bigint): bigint {
  if (typeof value !== 'bigint') throw new TypeError('position must be a bigint');
  return value;
}

export function checkedListName(list: ListName): ListName {
  if (!LIST_NAMES.includes(list)) throw new Error(`Unknown list: ${String(list)}`);
  return list;
}

import { DEFAULT_SETTINGS, LIST_NAMES } from '../../backend/src/read-model/read-model.port';

// The reference rebuild lives in the backend: `npm run migrate -- --verify` and the migrate benchmark use it too.
export { rebuildInMemory, snapshot } from '../../backend/src/replay/rebuild-in-memory';

/**
 * A fixture's user written before some lists or settings existed: an empty list for each newer one
 * (snapshot() lists them in LIST_NAMES order), and each newer setting at its default.
 */
export function withNewerListsOf<U extends { lists: unknown[]; settings?: object }>(user: U): U {
  return {
    ...user,
    lists: [...user.lists, ...Array.from({ length: LIST_NAMES.length - user.lists.length }, () => [])],
    ...(user.settings && { settings: { ...DEFAULT_SETTINGS, ...user.settings } }),
  };
}

/** A fixture's export document as today's export writes the same library: newer lists empty, newer settings at their defaults. */
export function exportedToday<D extends { settings: object }>(document: D): D & { subscriptions: string[] } {
  return { ...document, settings: { ...DEFAULT_SETTINGS, ...document.settings }, subscriptions: [] };
}

/** A fixture's whole read model, each user padded as withNewerListsOf does. */
export function withNewerLists<M extends { users: Record<string, { lists: unknown[] }> }>(readModel: M): M {
  return { ...readModel, users: Object.fromEntries(Object.entries(readModel.users).map(([id, user]) => [id, withNewerListsOf(user)])) };
}

/**
 * Of `actual` (a snapshot, or one user of it), the parts `recorded` holds: the fixtures were written
 * before snapshot() read progress, the playlist ids ever and the shared indexes, so those are not compared
 * with them (each has its own suites); every part a fixture recorded is, exactly.
 */
export function recordedPartsOf(actual: unknown, recorded: object): Record<string, unknown> {
  const whole = actual as Record<string, unknown>;
  const parts = Object.fromEntries(Object.keys(recorded).map((key) => [key, whole[key]]));
  const recordedUsers = (recorded as { users?: Record<string, object> }).users;
  if (!recordedUsers || !whole.users) return parts;
  const users = whole.users as Record<string, unknown>;
  return {
    ...parts,
    users: Object.fromEntries(
      Object.entries(users).map(([id, user]) => [id, recordedUsers[id] ? recordedPartsOf(user, recordedUsers[id]) : user]),
    ),
  };
}

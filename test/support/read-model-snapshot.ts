import { EventStore } from '../../backend/src/event-store/event-store.port';
import { projectEvent } from '../../backend/src/projections/user-lists.projection';
import { MemoryReadModel } from '../../backend/src/read-model/memory-read-model';
import { DEFAULT_SETTINGS, LIST_NAMES, ReadModel } from '../../backend/src/read-model/read-model.port';

/** The reference: every event in the store projected from scratch into a fresh memory model. */
export async function rebuildInMemory(store: EventStore): Promise<{ model: MemoryReadModel; userIds: string[] }> {
  const model = new MemoryReadModel();
  const userIds: string[] = [];
  const head = await store.headPosition();
  if (head === undefined) return { model, userIds };
  const stop = new AbortController();
  for await (const batch of store.subscribeToAll({ signal: stop.signal, maxBatch: 5000 })) {
    for (const event of batch) if (event.type === 'UserSignedUp') userIds.push((event.data as { userId: string }).userId);
    await model.apply(batch.flatMap(projectEvent), batch[batch.length - 1]!.position);
    if (batch[batch.length - 1]!.position >= head) stop.abort();
  }
  return { model, userIds };
}

/** Everything a user can read, for exact comparison between two read models. */
export async function snapshot(model: ReadModel, userIds: readonly string[]) {
  const users: Record<string, unknown> = {};
  for (const id of userIds) {
    const lists = await Promise.all(LIST_NAMES.map((list) => model.list(id, list)));
    const activity = (await model.activity(id, { limit: Number.MAX_SAFE_INTEGER })).map((entry) => ({
      ...entry,
      position: entry.position.toString(),
    }));
    users[id] = { user: await model.user(id), lists, playlists: await model.playlists(id), settings: await model.settings(id), activity };
  }
  return { checkpoint: (await model.checkpoint())?.toString(), users };
}

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

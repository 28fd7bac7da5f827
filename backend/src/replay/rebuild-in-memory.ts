import type { EventStore } from '../event-store/event-store.port';
import { projectEvent } from '../projections/user-lists.projection';
import { MemoryReadModel } from '../read-model/memory/memory-read-model';
import { LIST_NAMES, type ReadModel } from '../read-model/read-model.port';

/**
 * The reference read model: every event of the store, up to the head it had when called, projected
 * from scratch into a fresh memory model (no Redis, no lease). What tests compare a live model with,
 * and what `npm run migrate -- --verify` compares a copy with.
 */
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

/** The public listing is read whole; a limit as Redis's LIMIT takes it. */
const WHOLE_LISTING = 1_000_000_000;

/**
 * Everything a user can read, for exact comparison between two read models: each user's profile, lists,
 * playlists (with every id they ever had), settings, progress and activity, and the cross-user indexes
 * anyone reads (each shared playlist by id, and the public listing in its order). Positions as strings.
 */
export async function snapshot(model: ReadModel, userIds: readonly string[]) {
  const users: Record<string, unknown> = {};
  const playlistIds: string[] = [];
  for (const id of userIds) {
    const lists = await Promise.all(LIST_NAMES.map((list) => model.list(id, list)));
    const activity = (await model.activity(id, { limit: Number.MAX_SAFE_INTEGER })).map(withTextPosition);
    const playlistIdsEver = await model.playlistIdsEver(id);
    playlistIds.push(...playlistIdsEver);
    users[id] = {
      user: await model.user(id),
      lists,
      playlists: await model.playlists(id),
      playlistIdsEver,
      settings: await model.settings(id),
      progress: (await model.progress(id)).map(withTextPosition),
      activity,
    };
  }
  const shared: Record<string, unknown> = {};
  for (const id of playlistIds.sort()) {
    const found = await model.sharedPlaylist(id);
    if (found) shared[id] = withTextPosition(found);
  }
  const publicListing = (await model.publicPlaylists({ limit: WHOLE_LISTING })).map(({ playlist, position }) => ({
    _id: playlist._id,
    position: position?.toString(),
  }));
  return { checkpoint: (await model.checkpoint())?.toString(), users, shared, publicListing };
}

/** The entry with its position (absent stays absent) as a string: bigints are compared as text, as JSON carries them. */
function withTextPosition<T extends { position?: bigint }>(entry: T): Omit<T, 'position'> & { position?: string } {
  return { ...entry, position: entry.position?.toString() };
}

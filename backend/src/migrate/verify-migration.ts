import { isDeepStrictEqual } from 'node:util';
import type { EventStore } from '../event-store/event-store.port';
import { rebuildInMemory, snapshot } from '../replay/rebuild-in-memory';
import { normaliseEmail } from '../shared/user-id';

export interface MigrationCheck {
  /** Users found in both stores (matched by email) and compared. */
  readonly users: number;
  /** One line per user whose read model differs or who is in one store only (named by their old id); empty when the copy is faithful. */
  readonly mismatches: string[];
}

/** A user's read model as a copy must keep it: ids mapped through `back` (new → old), positions (a copy has its own) dropped. */
export function comparable(user: unknown, back: ReadonlyMap<string, string>): unknown {
  return JSON.parse(JSON.stringify(user), (key, value: unknown) =>
    key === 'position' ? undefined : typeof value === 'string' ? (back.get(value) ?? value) : value,
  );
}

type UserReadModel = { user?: { email: string } } & Record<string, unknown>;

/** The whole read model of a store, rebuilt from scratch, and each user's id by their normalised email. */
async function readModelByEmail(store: EventStore) {
  const { model, userIds } = await rebuildInMemory(store);
  const users = (await snapshot(model, userIds)).users as Record<string, UserReadModel>;
  const ids = new Map<string, string>();
  const withoutProfile: string[] = [];
  for (const id of userIds) {
    const profile = users[id]!.user;
    if (profile) ids.set(normaliseEmail(profile.email), id);
    else withoutProfile.push(id);
  }
  return { users, ids, withoutProfile };
}

/**
 * Rebuilds the read model of both stores from scratch and compares them user by user: what `npm run
 * migrate` must keep. Both are read as the app reads them (the original through the same codec: nothing
 * sealed, its events upcast, which test/projections/store-v1.test.ts shows is what the previous version
 * served). A user of the copy is found by their email, read through the codec (so decrypted), since
 * every id changed.
 */
export async function verifyMigration(original: EventStore, copy: EventStore): Promise<MigrationCheck> {
  const before = await readModelByEmail(original);
  const after = await readModelByEmail(copy);
  const back = new Map<string, string>();
  for (const [email, fresh] of after.ids) {
    const old = before.ids.get(email);
    if (old) back.set(fresh, old);
  }
  const mismatches: string[] = [];
  let users = 0;
  for (const [email, old] of before.ids) {
    const fresh = after.ids.get(email);
    if (!fresh) {
      mismatches.push(`${old}: not in the copy`);
      continue;
    }
    users++;
    const was = comparable(before.users[old], back) as Record<string, unknown>;
    const is = comparable(after.users[fresh], back) as Record<string, unknown>;
    const differing = Object.keys({ ...was, ...is }).filter((part) => !isDeepStrictEqual(was[part], is[part]));
    if (differing.length > 0) mismatches.push(`${old}: ${differing.join(', ')} differ`);
  }
  for (const fresh of after.ids.values()) if (!back.has(fresh)) mismatches.push(`${fresh}: in the copy only`);
  for (const id of [...before.withoutProfile, ...after.withoutProfile]) mismatches.push(`${id}: no profile in the read model`);
  return { users, mismatches };
}

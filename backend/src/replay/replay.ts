import { EventStore } from '../event-store/event-store.port';
import type { StoredEvent } from '../events/event';
import type { ReadModelChange } from '../read-model/read-model.port';
import { RedisLease, projectorLeaseKey } from '../projector-leases/projector-lease';
import { projectEvent } from '../projections/user-lists.projection';
import { DEFAULT_NAMESPACE, RedisReadModel, activeNamespaceKey } from '../read-model/redis/redis-read-model';
import { RedisClient, masters } from '../shared/redis-connection';

export interface ReplayOptions {
  readonly store: EventStore;
  readonly redis: RedisClient;
  readonly prefix: string;
  /** PROJECTION_PARTITIONS of the live projectors: the rebuilt model records each one's progress, and every lease is seized. */
  readonly partitions?: number;
  readonly leaseTtlMs: number;
  readonly batchSize?: number;
  readonly log?: (line: string) => void;
}

export interface ReplayReport {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly namespace: string;
  readonly previousNamespace: string;
}

/** Readers cache the active namespace for a second; wait longer before deleting the old one. */
const SWITCH_GRACE_MS = 2500;

/**
 * Rebuilds the read model from the whole event log into a fresh namespace while the live one
 * keeps serving. Once nearly caught up it seizes the projector lease (pausing the live
 * projector), catches up to the head, points readers at the new namespace and hands the lease
 * back; the live projector resumes from the new namespace's checkpoint. Users never see an empty
 * list: until the switch they read the old, complete namespace.
 */
export async function replay(options: ReplayOptions): Promise<ReplayReport> {
  const { redis, prefix } = options;
  const previousNamespace = (await redis.get(activeNamespaceKey(prefix))) ?? DEFAULT_NAMESPACE;
  const namespace = `r${Date.now().toString(36)}`;
  // Marks this run as alive, so that another replay never takes our namespace for a stale one.
  const lock = replayLockKey(prefix, namespace);
  const lockTtlMs = 30_000;
  await redis.set(lock, '1', 'PX', lockTtlMs);
  const heartbeat = setInterval(() => void redis.pexpire(lock, lockTtlMs).catch(() => undefined), lockTtlMs / 3);
  try {
    return await replayInto(options, namespace, previousNamespace);
  } finally {
    clearInterval(heartbeat);
    await redis.del(lock).catch(() => undefined);
  }
}

async function replayInto(options: ReplayOptions, namespace: string, previousNamespace: string): Promise<ReplayReport> {
  const { store, redis, prefix, log = () => undefined } = options;
  for (const stale of await staleNamespaces(redis, prefix, [previousNamespace, namespace])) {
    const deleted = await deleteNamespace(redis, prefix, stale);
    log(`removed stale namespace ${stale} (${deleted} keys), left by a replay that did not finish`);
  }
  const partitions = options.partitions ?? 1;
  const model = new RedisReadModel(redis, { prefix, namespace, partitions });
  const started = process.hrtime.bigint();
  let applied: bigint | undefined;
  let events = 0;
  let lastLog = Date.now();

  const catchUp = async (): Promise<void> => {
    const head = await store.headPosition();
    if (head === undefined || (applied !== undefined && applied >= head)) return;
    const stop = new AbortController();
    // One batch in flight: while Redis runs batch N, batch N+1 is read and projected. Redis runs one
    // connection's scripts in order, so N+1's fencing check (expecting N's checkpoint) still sees N land
    // first; a failed N fails N+1 too, and N's own error is the one thrown.
    let inFlight: Promise<void> | undefined;
    for await (const batch of store.subscribeToAll({ after: applied, maxBatch: options.batchSize ?? 5000, signal: stop.signal })) {
      const last = batch[batch.length - 1]!.position;
      // A sharded model's batch spans many slots (and nodes): its progress moves only once every slot
      // answered, so the next batch, fenced by that progress, is sent after it.
      if (model.sharded) await inFlight;
      // Unsharded, a batch is one list of changes (what applyEvents would flatten it to), made in one loop.
      const sent = model.sharded
        ? model.applyEvents(
            batch.map((event) => ({ position: event.position, changes: projectEvent(event) })),
            last,
            { expected: applied },
          )
        : model.apply(projectAll(batch), last, { expected: applied });
      sent.catch(() => undefined); // awaited below, after the batch before it
      await inFlight;
      inFlight = sent;
      applied = last;
      events += batch.length;
      if (Date.now() - lastLog >= 1000) {
        lastLog = Date.now();
        log(`replayed ${events} events (${rate(events, started)} events/s), position ${last} of ${head}`);
      }
      if (last >= head) stop.abort();
    }
    await inFlight;
  };

  log(`replaying into namespace ${namespace}; readers stay on ${previousNamespace} until it has caught up`);
  await catchUp();
  const leases = Array.from(
    { length: partitions },
    (_, k) => new RedisLease(redis, projectorLeaseKey(prefix, k, partitions), options.leaseTtlMs),
  );
  const seizeAll = () => Promise.all(leases.map((lease) => lease.seize()));
  await seizeAll();
  const renewal = setInterval(() => void seizeAll().catch(() => undefined), Math.max(100, Math.floor(options.leaseTtlMs / 3)));
  try {
    await catchUp();
    // The new namespace says which store it was built from, as the projector's own do.
    await model.recordStoreId(await store.storeId());
    await redis.set(activeNamespaceKey(prefix), namespace);
  } finally {
    clearInterval(renewal);
    await Promise.all(leases.map((lease) => lease.release()));
  }
  await model.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  log(`switched readers to ${namespace}: ${events} events in ${seconds.toFixed(2)} s (${rate(events, started)} events/s)`);

  await new Promise((resolve) => setTimeout(resolve, SWITCH_GRACE_MS));
  const deleted = await deleteNamespace(redis, prefix, previousNamespace);
  log(`deleted ${deleted} keys of the old namespace ${previousNamespace}`);
  return { events, seconds, eventsPerSecond: Math.round(events / seconds), namespace, previousNamespace };
}

/** Every event's changes, in order, in one list. */
function projectAll(events: readonly StoredEvent[]): ReadModelChange[] {
  const changes: ReadModelChange[] = [];
  for (const event of events) for (const change of projectEvent(event)) changes.push(change);
  return changes;
}

/** Set (with a TTL kept alive) while a replay into `namespace` runs. */
export function replayLockKey(prefix: string, namespace: string): string {
  return `${prefix}:replay-lock:${namespace}`;
}

/**
 * Namespaces of this prefix that nobody reads or writes: not `keep` (the active one, our own), and
 * without a live replay lock — what a replay killed before its switch (its half-built namespace) or
 * after it (the old one it never deleted) leaves behind. A namespace is recognised by its checkpoint
 * key (`<prefix>:<namespace>:checkpoint`), which every read model writes with its first batch.
 */
async function staleNamespaces(redis: RedisClient, prefix: string, keep: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  // A sharded model (Cluster, or several partitions) is recognised by its progress hash instead.
  for (const suffix of [':checkpoint', ':progress']) {
    for (const key of await scanAll(redis, `${prefix}:*${suffix}`)) {
      const namespace = key.slice(prefix.length + 1, -suffix.length);
      if (namespace !== '' && !namespace.includes(':') && !keep.includes(namespace)) found.add(namespace);
    }
  }
  const stale: string[] = [];
  for (const namespace of found) if ((await redis.exists(replayLockKey(prefix, namespace))) === 0) stale.push(namespace);
  return stale;
}

async function deleteNamespace(redis: RedisClient, prefix: string, namespace: string): Promise<number> {
  let deleted = 0;
  // SCAN per master (each holds its own slots); one UNLINK per key, sent through the client that
  // follows slots: keys of different users live in different slots, and a slot may be migrating.
  for (const node of await masters(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:${namespace}:*`, 'COUNT', 1000);
      cursor = next;
      await Promise.all(keys.map((key) => redis.unlink(key)));
      deleted += keys.length;
    } while (cursor !== '0');
  }
  return deleted;
}

/** Every key matching `pattern`, from every master. */
async function scanAll(redis: RedisClient, pattern: string): Promise<string[]> {
  const found: string[] = [];
  for (const node of await masters(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
  }
  return found;
}

function rate(events: number, started: bigint): number {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return seconds > 0 ? Math.round(events / seconds) : 0;
}

import { RedisClient, RedisTarget, connectRedis, masters } from '../shared/redis-connection';
import { Snapshot, SnapshotStore, decodeSnapshot, encodeSnapshot } from './snapshot-store.port';

// Saves only when no newer snapshot is stored (two processes may save the same stream).
const SAVE_IF_NEWER = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, doc = pcall(cjson.decode, current)
  if ok and type(doc) == 'table' and tonumber(doc.revision) and tonumber(doc.revision) >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2])
return 1`;

/**
 * Snapshots beside a Redis read model, so that every process of a deployment shares them. They live
 * under `<prefix>:snapshot:` outside the read model's namespaces: a replay that rebuilds the read
 * model leaves them alone, as they describe the event store, not the read model.
 */
export class RedisSnapshotStore implements SnapshotStore {
  private constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  static connect(target: string | RedisTarget, prefix: string): RedisSnapshotStore {
    // Few retries: a snapshot that cannot be read is skipped, not waited for.
    const redis = connectRedis(typeof target === 'string' ? { url: target } : target, {
      maxRetriesPerRequest: 1,
      lazyConnect: true,
      enableOfflineQueue: true,
    });
    redis.on('error', () => undefined); // failures surface as rejected calls, which the runner handles
    redis.defineCommand('saveSnapshotIfNewer', { numberOfKeys: 1, lua: SAVE_IF_NEWER });
    return new RedisSnapshotStore(redis, prefix);
  }

  async load(key: string): Promise<Snapshot | undefined> {
    return decodeSnapshot(await this.redis.get(this.keyOf(key)));
  }

  async save(key: string, snapshot: Snapshot): Promise<void> {
    const redis = this.redis as RedisClient & { saveSnapshotIfNewer(key: string, revision: number, body: string): Promise<number> };
    await redis.saveSnapshotIfNewer(this.keyOf(key), snapshot.revision, encodeSnapshot(snapshot));
  }

  /**
   * One UNLINK per key and a SCAN per master: on a Redis Cluster the keys lie in different slots (one
   * DEL of several fails with CROSSSLOT) and each master holds only its own.
   */
  async drop(keys: readonly string[], prefixes: readonly string[] = []): Promise<void> {
    const names = keys.map((key) => this.keyOf(key));
    // Lazily connected: a cluster client learns its masters only once connected.
    // (Another call may be connecting it already: masters() then waits for it.)
    if (prefixes.length > 0 && this.redis.status === 'wait') await this.redis.connect().catch(() => undefined);
    for (const prefix of prefixes) {
      // SCAN with a pattern: an erasure is rare, and Redis globs need their special characters escaped.
      const pattern = `${this.keyOf(prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
      for (const node of await masters(this.redis)) {
        let cursor = '0';
        do {
          const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
          names.push(...found);
          cursor = next;
        } while (cursor !== '0');
      }
    }
    await Promise.all(names.map((name) => this.redis.unlink(name)));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }

  private keyOf(key: string): string {
    return `${this.prefix}:snapshot:${encodeURIComponent(key)}`;
  }
}

import { RedisClient, RedisTarget, connectRedis, isCluster } from '../../shared/redis-connection';
import {
  ActivityEntry,
  ActivityQuery,
  TimelineQuery,
  ApplyOptions,
  CheckpointMovedError,
  EventChanges,
  ReadModelUnavailableError,
  ListName,
  PlaylistView,
  ProgressEntry,
  ReadModel,
  SharedPlaylist,
  ReadModelChange,
  UserProfile,
  UserSettings,
} from '../read-model.port';
import { checkedListName } from '../read-model-values';
import { readActivity, readPlaylistIdsEver, readTimeline } from './redis-activity';
import { changesProfile, toCommandBatch } from './redis-changes';
import { DEFAULT_NAMESPACE, activeNamespaceKey, checkpointKey, key, operatorsKey, profileChangesChannel, storeIdKey } from './redis-keys';
import { readPlaylist, readPlaylists } from './redis-playlists';
import { ShardedProgress } from './redis-progress';
import { SlottedBatch } from './redis-slotted-batch';
import { readProgress, readPublicPlaylists, readSharedPlaylist } from './redis-shared-playlists';
import { readSettings, scanRetentionUsers } from './redis-settings';

// replay.ts names the namespaces through this module.
export { DEFAULT_NAMESPACE, activeNamespaceKey } from './redis-keys';

export interface RedisReadModelOptions {
  /** Prefix of every key, so several deployments or test suites can share one server. */
  readonly prefix?: string;
  /**
   * Pin one namespace (replay builds a new one this way). Without it the model follows the
   * namespace named by `<prefix>:active`, so a finished replay switches every reader over.
   */
  readonly namespace?: string;
  /**
   * PROJECTION_PARTITIONS: with more than one, or on a Redis Cluster, the model is sharded: every batch
   * is applied per slot with the slot's own checkpoint, and each partition keeps its own progress
   * (redis-slotted-batch.ts, redis-progress.ts). One partition on one server keeps the single
   * checkpoint and the one-script batch.
   */
  readonly partitions?: number;
}

/** How long a follower trusts its idea of the active namespace before asking Redis again. */
const NAMESPACE_TTL_MS = 1000;

/** How long a profile read from Redis answers again without a round trip, and how many are kept. */
const PROFILE_TTL_MS = 5000;
const MAX_CACHED_PROFILES = 10_000;

/** Points readers at a new namespace only if the pointer still names the one the caller saw. */
const SWITCH_IF_UNCHANGED = `
local current = redis.call('GET', KEYS[1]) or ARGV[1]
if current ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[3])
return 1`;

/**
 * Read model in Redis: the keys are laid out in redis-keys.ts (one `{userId}` hash tag per user), a
 * batch of changes becomes one atomic script (redis-changes.ts, redis-batch.ts), and playlists and the
 * activity timeline are read by redis-playlists.ts and redis-activity.ts. This class holds the
 * connection, follows the active namespace and caches profiles.
 */
export class RedisReadModel implements ReadModel {
  private readonly prefix: string;
  /** Only a client created by connect() is quit by close(). */
  private ownsClient = false;
  private active: { base: string; until: number } | undefined;
  private activeLookup: Promise<string> | undefined;
  /**
   * Profiles read lately, by key (so per namespace). The auth guard reads one per request, and no event
   * changes a profile after sign-up; only a putUser applied here (forgotten below) or the data vanishing
   * (a wiped Redis: its users are refused PROFILE_TTL_MS later at most) could make one stale.
   */
  private readonly profiles = new Map<string, { readonly profile: UserProfile; readonly until: number }>();
  /** Hears which profiles another instance's batch changed (an account change), to forget them at once. */
  private subscriber: RedisClient | undefined;

  /** Set when the model is sharded (a Cluster, or several partitions): see RedisReadModelOptions.partitions. */
  private readonly shardedProgress: ShardedProgress | undefined;

  constructor(
    private readonly redis: RedisClient,
    options: RedisReadModelOptions = {},
  ) {
    this.prefix = options.prefix ?? 'tt';
    if (options.namespace) this.active = { base: `${this.prefix}:${options.namespace}`, until: Infinity };
    const partitions = options.partitions ?? 1;
    if (!Number.isInteger(partitions) || partitions < 1) throw new RangeError('partitions must be a positive integer');
    if (isCluster(redis) || partitions > 1) this.shardedProgress = new ShardedProgress(redis, partitions);
  }

  /** True when batches are applied per slot (a Cluster, or several partitions). */
  get sharded(): boolean {
    return this.shardedProgress !== undefined;
  }

  static connect(target: string | RedisTarget, options: RedisReadModelOptions = {}): RedisReadModel {
    // A few retries per request: while Redis is down, requests fail (and the projection retries
    // from its checkpoint) instead of queueing forever behind a reconnect loop.
    // disconnectTimeout: ioredis arms it even for a socket already closed (Redis down), and the
    // default 2 s then holds the process open after close().
    const redis = connectRedis(typeof target === 'string' ? { url: target } : target, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // Commands issued in the same tick (concurrent requests) leave in one socket write, not one each.
      enableAutoPipelining: true,
      connectTimeout: 5000,
      disconnectTimeout: 200,
    });
    // Without a listener ioredis prints every reconnect failure; the failing requests report it.
    redis.on('error', () => undefined);
    const model = new RedisReadModel(redis, options);
    model.ownsClient = true;
    model.listenForProfileChanges();
    return model;
  }

  /**
   * A revoked session must be refused by every instance from the moment the revocation is applied, so
   * the profile cache (PROFILE_TTL_MS) is told about changes over pub/sub. Messages can be lost while
   * the subscriber is disconnected: the cache is then emptied whenever it (re)connects.
   */
  private listenForProfileChanges(): void {
    // A Cluster's duplicate takes its seed nodes first: it keeps the original's options.
    const subscriber = isCluster(this.redis) ? this.redis.duplicate() : this.redis.duplicate({ enableAutoPipelining: false });
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => this.profiles.clear());
    subscriber.on('message', (_channel: string, userKey: string) => this.profiles.delete(userKey));
    subscriber.subscribe(profileChangesChannel(this.prefix)).catch(() => undefined);
    this.subscriber = subscriber;
  }

  async apply(changes: readonly ReadModelChange[], checkpoint: bigint, options?: ApplyOptions): Promise<void> {
    if (typeof checkpoint !== 'bigint') throw new TypeError('checkpoint must be a bigint');
    // Sharded, a batch without its events' positions is one event at its checkpoint.
    if (this.shardedProgress) return this.applyEvents([{ position: checkpoint, changes }], checkpoint, options);
    const base = await this.base();
    const playlistIds = await this.playlistIdsOfErased(base, changes);
    // Built client-side first: a bad change throws here, before anything reaches Redis.
    const batch = toCommandBatch(base, changes, playlistIds, profileChangesChannel(this.prefix));
    // One script: the fencing check, the changes and the checkpoint, atomically (see CommandBatch.run).
    const result = await batch.run(this.redis, checkpointKey(base), checkpoint, options);
    if (!result.applied) throw new CheckpointMovedError(options?.expected, result.stored);
    for (const change of changes) {
      if (change.op === 'putUser') this.profiles.delete(key(base, change.user._id, 'user'));
      if (changesProfile(change)) this.profiles.delete(key(base, change.userId, 'user'));
    }
  }

  async applyEvents(events: readonly EventChanges[], checkpoint: bigint, options?: ApplyOptions): Promise<void> {
    if (typeof checkpoint !== 'bigint') throw new TypeError('checkpoint must be a bigint');
    if (!this.shardedProgress)
      return this.apply(
        events.flatMap((event) => event.changes),
        checkpoint,
        options,
      );
    const base = await this.base();
    const playlistIds = await this.playlistIdsOfErased(
      base,
      events.flatMap((event) => event.changes),
    );
    // Built client-side first: a bad change throws here, before anything reaches Redis.
    const batch = SlottedBatch.of(base, events, playlistIds);
    const fields = this.shardedProgress.fields(options?.partition);
    // The fence is checked before anything is sent, and again when the progress moves (a projector
    // that raced past the first check has sent only events each slot did not hold yet: harmless).
    if (options) await this.shardedProgress.fence(base, fields, options.expected);
    await batch.run(this.redis, checkpoint, !isCluster(this.redis));
    await this.shardedProgress.advance(base, fields, checkpoint, options);
    const channel = profileChangesChannel(this.prefix);
    for (const { changes } of events)
      for (const change of changes) {
        if (change.op === 'putUser') this.profiles.delete(key(base, change.user._id, 'user'));
        if (!changesProfile(change)) continue;
        const userKey = key(base, change.userId, 'user');
        this.profiles.delete(userKey);
        // Per slot, a batch's script cannot publish for every instance at once: said here, once applied.
        await this.redis.publish(channel, userKey);
      }
  }

  /** An erasure deletes every playlist's keys, so it needs the ids of those created in earlier batches. */
  private async playlistIdsOfErased(base: string, changes: readonly ReadModelChange[]): Promise<Map<string, string[]>> {
    const erasedIds = new Set<string>();
    // A loop, not a flatMap: a replay batch holds tens of thousands of changes and rarely an erasure.
    for (const change of changes) if (change.op === 'eraseUser') erasedIds.add(change.userId);
    if (erasedIds.size === 0) return new Map();
    const erased = [...erasedIds];
    return new Map(await Promise.all(erased.map(async (id) => [id, await readPlaylistIdsEver(this.redis, base, id)] as const)));
  }

  /** Forgets the cached active namespace, so the next call reads the pointer again. */
  refreshNamespace(): void {
    if (this.active?.until !== Infinity) this.active = undefined;
  }

  async checkpoint(partition?: number): Promise<bigint | undefined> {
    return this.reading(async () => {
      const base = await this.base();
      const legacy = async () => parseCheckpoint(await this.redis.get(checkpointKey(base)));
      return this.shardedProgress ? this.shardedProgress.checkpoint(base, partition, legacy) : legacy();
    });
  }

  async followedStoreId(): Promise<string | undefined> {
    return this.reading(async () => (await this.redis.get(storeIdKey(await this.base()))) ?? undefined);
  }

  async recordStoreId(storeId: string): Promise<void> {
    await this.reading(async () => this.redis.set(storeIdKey(await this.base()), storeId, 'NX'));
  }

  /** A fresh namespace `a<time>` for every reader (the old one stays, untouched); not for a pinned model. */
  async startAfresh(): Promise<{ switched: boolean; from: string; to: string }> {
    if (this.active?.until === Infinity) throw new Error('A read model pinned to one namespace cannot start afresh');
    this.refreshNamespace();
    const from = (await this.reading(() => this.base())).slice(this.prefix.length + 1);
    const to = `a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const switched = await this.reading(() =>
      this.redis.eval(SWITCH_IF_UNCHANGED, 1, activeNamespaceKey(this.prefix), DEFAULT_NAMESPACE, from, to),
    );
    this.refreshNamespace();
    this.profiles.clear();
    return { switched: switched === 1, from, to };
  }

  async user(userId: string): Promise<UserProfile | undefined> {
    const base = await this.reading(() => this.base());
    const userKey = key(base, userId, 'user');
    const cached = this.profiles.get(userKey);
    if (cached && Date.now() < cached.until) return { ...cached.profile };
    const json = await this.reading(() => this.redis.get(userKey));
    if (json === null) return undefined;
    const profile = JSON.parse(json) as UserProfile;
    this.rememberProfile(userKey, profile);
    return { ...profile };
  }

  async operators(): Promise<UserProfile[]> {
    const ids = await this.reading(async () => this.redis.hkeys(operatorsKey(await this.base())));
    const profiles = await Promise.all(ids.map((id) => this.user(id)));
    return profiles.filter((profile): profile is UserProfile => profile?.operator === true);
  }

  private rememberProfile(userKey: string, profile: UserProfile): void {
    this.profiles.delete(userKey);
    if (this.profiles.size >= MAX_CACHED_PROFILES) this.profiles.delete(this.profiles.keys().next().value!);
    this.profiles.set(userKey, { profile, until: Date.now() + PROFILE_TTL_MS });
  }

  async list(userId: string, list: ListName): Promise<string[]> {
    return this.reading(async () => this.redis.zrange(key(await this.base(), userId, `list:${checkedListName(list)}`), 0, -1));
  }

  async playlists(userId: string): Promise<PlaylistView[]> {
    return this.reading(async () => readPlaylists(this.redis, await this.base(), userId));
  }

  async playlist(userId: string, playlistId: string): Promise<PlaylistView | undefined> {
    return this.reading(async () => readPlaylist(this.redis, await this.base(), userId, playlistId));
  }

  async settings(userId: string): Promise<UserSettings> {
    return this.reading(async () => readSettings(this.redis, await this.base(), userId));
  }

  async usersWithHistoryRetention(cursor: string | undefined, count: number): Promise<{ userIds: string[]; next?: string }> {
    return this.reading(async () => scanRetentionUsers(this.redis, await this.base(), cursor, count));
  }

  async playlistIdsEver(userId: string): Promise<string[]> {
    return this.reading(async () => readPlaylistIdsEver(this.redis, await this.base(), userId));
  }

  async sharedPlaylist(playlistId: string): Promise<SharedPlaylist | undefined> {
    return this.reading(async () => readSharedPlaylist(this.redis, await this.base(), playlistId));
  }

  async publicPlaylists(query: { readonly limit: number; readonly before?: bigint }): Promise<SharedPlaylist[]> {
    return this.reading(async () => readPublicPlaylists(this.redis, await this.base(), query));
  }

  async progress(userId: string): Promise<ProgressEntry[]> {
    return this.reading(async () => readProgress(this.redis, await this.base(), userId));
  }

  async activity(userId: string, query: ActivityQuery): Promise<ActivityEntry[]> {
    return this.reading(async () => readActivity(this.redis, await this.base(), userId, query));
  }

  async timeline(userId: string, query: TimelineQuery): Promise<ActivityEntry[]> {
    return this.reading(async () => readTimeline(this.redis, await this.base(), userId, query));
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    // A client handed in belongs to the caller, who may share it with other components.
    if (!this.ownsClient) return;
    // QUIT lets pending replies arrive; on a connection that is not up it would only wait for retries.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  /** Reads fail as "unavailable" (503), not as a bug (500), while Redis cannot be reached. */
  private async reading<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof RangeError) throw error;
      throw new ReadModelUnavailableError({ cause: error });
    }
  }

  /** `<prefix>:<namespace>`, the start of every key this model reads or writes. */
  private async base(): Promise<string> {
    if (this.active && Date.now() < this.active.until) return this.active.base;
    // Concurrent requests share one lookup of the pointer.
    this.activeLookup ??= this.redis
      .get(activeNamespaceKey(this.prefix))
      .then((namespace) => {
        const base = `${this.prefix}:${namespace ?? DEFAULT_NAMESPACE}`;
        this.active = { base, until: Date.now() + NAMESPACE_TTL_MS };
        return base;
      })
      .finally(() => (this.activeLookup = undefined));
    return this.activeLookup;
  }
}

function parseCheckpoint(value: string | null): bigint | undefined {
  return value === null ? undefined : BigInt(value);
}

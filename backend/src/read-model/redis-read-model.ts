import Redis from 'ioredis';
import { pickActivity, pickDetails, pickMeta, pickProfile, pickSettings } from './memory-read-model';
import {
  ActivityEntry,
  ActivityQuery,
  ApplyOptions,
  CheckpointMovedError,
  ReadModelUnavailableError,
  LIST_NAMES,
  ListName,
  PlaylistMeta,
  PlaylistView,
  ReadModel,
  ReadModelChange,
  UserProfile,
  UserSettings,
  DEFAULT_SETTINGS,
} from './read-model.port';
import { CommandBatch } from './redis-batch';

export interface RedisReadModelOptions {
  /** Prefix of every key, so several deployments or test suites can share one server. */
  readonly prefix?: string;
  /**
   * Pin one namespace (replay builds a new one this way). Without it the model follows the
   * namespace named by `<prefix>:active`, so a finished replay switches every reader over.
   */
  readonly namespace?: string;
}

/** How long a follower trusts its idea of the active namespace before asking Redis again. */
const NAMESPACE_TTL_MS = 1000;

const MAX_SCORE = BigInt(Number.MAX_SAFE_INTEGER);

/** How long a profile read from Redis answers again without a round trip, and how many are kept. */
const PROFILE_TTL_MS = 5000;
const MAX_CACHED_PROFILES = 10_000;

/**
 * Read model in Redis. Every key of one user carries the `{userId}` hash tag so that a user's
 * keys share one Redis Cluster slot; ids are URI-encoded inside keys so that an id holding
 * `:`, `{` or `}` can neither collide with another key nor move the hash tag.
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

  constructor(
    private readonly redis: Redis,
    options: RedisReadModelOptions = {},
  ) {
    this.prefix = options.prefix ?? 'tt';
    if (options.namespace) this.active = { base: `${this.prefix}:${options.namespace}`, until: Infinity };
  }

  static connect(url: string, options: RedisReadModelOptions = {}): RedisReadModel {
    // A few retries per request: while Redis is down, requests fail (and the projection retries
    // from its checkpoint) instead of queueing forever behind a reconnect loop.
    // disconnectTimeout: ioredis arms it even for a socket already closed (Redis down), and the
    // default 2 s then holds the process open after close().
    const redis = new Redis(url, {
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
    return model;
  }

  async apply(changes: readonly ReadModelChange[], checkpoint: bigint, options?: ApplyOptions): Promise<void> {
    if (typeof checkpoint !== 'bigint') throw new TypeError('checkpoint must be a bigint');
    const base = await this.base();
    // Built client-side first: a bad change throws here, before anything reaches Redis.
    const batch = new CommandBatch();
    const activity = new ActivityWrites();
    for (const change of changes) {
      if (change.op === 'recordActivity') activity.add(change.userId, change.entry);
      else this.queue(batch, base, change);
    }
    activity.queue(batch, base);
    // One script: the fencing check, the changes and the checkpoint, atomically (see CommandBatch.run).
    const result = await batch.run(this.redis, checkpointKey(base), checkpoint, options);
    if (!result.applied) throw new CheckpointMovedError(options?.expected, result.stored);
    for (const change of changes) if (change.op === 'putUser') this.profiles.delete(key(base, change.user._id, 'user'));
  }

  /** Forgets the cached active namespace, so the next call reads the pointer again. */
  refreshNamespace(): void {
    if (this.active?.until !== Infinity) this.active = undefined;
  }

  async checkpoint(): Promise<bigint | undefined> {
    return this.reading(async () => parseCheckpoint(await this.redis.get(checkpointKey(await this.base()))));
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

  private rememberProfile(userKey: string, profile: UserProfile): void {
    this.profiles.delete(userKey);
    if (this.profiles.size >= MAX_CACHED_PROFILES) this.profiles.delete(this.profiles.keys().next().value!);
    this.profiles.set(userKey, { profile, until: Date.now() + PROFILE_TTL_MS });
  }

  async list(userId: string, list: ListName): Promise<string[]> {
    return this.reading(async () => this.redis.zrange(key(await this.base(), userId, `list:${listName(list)}`), 0, -1));
  }

  async playlists(userId: string): Promise<PlaylistView[]> {
    return this.reading(() => this.readPlaylists(userId));
  }

  private async readPlaylists(userId: string): Promise<PlaylistView[]> {
    const base = await this.base();
    const ids = await this.redis.zrange(key(base, userId, 'playlists'), 0, -1);
    if (ids.length === 0) return [];
    // One round trip for every playlist's meta and videos, however many playlists there are.
    const pipeline = this.redis.pipeline();
    for (const id of ids) {
      pipeline.get(playlistKey(base, userId, id));
      pipeline.zrange(playlistKey(base, userId, id, ':videos'), 0, -1);
    }
    const results = (await pipeline.exec()) ?? [];
    const views: PlaylistView[] = [];
    for (let i = 0; i < ids.length; i++) {
      const [[metaError, meta], [videosError, videos]] = [results[2 * i], results[2 * i + 1]];
      if (metaError || videosError) throw metaError ?? videosError;
      // The index and the meta are written in one transaction; a missing meta is skipped defensively.
      if (typeof meta === 'string') views.push(toView(meta, videos as string[]));
    }
    return views;
  }

  async playlist(userId: string, playlistId: string): Promise<PlaylistView | undefined> {
    return this.reading(() => this.readPlaylist(userId, playlistId));
  }

  private async readPlaylist(userId: string, playlistId: string): Promise<PlaylistView | undefined> {
    const base = await this.base();
    const [[metaError, meta], [videosError, videos]] = ((await this.redis
      .pipeline()
      .get(playlistKey(base, userId, playlistId))
      .zrange(playlistKey(base, userId, playlistId, ':videos'), 0, -1)
      .exec()) ?? []) as [Error | null, unknown][];
    if (metaError || videosError) throw metaError ?? videosError;
    return typeof meta === 'string' ? toView(meta, videos as string[]) : undefined;
  }

  async settings(userId: string): Promise<UserSettings> {
    const json = await this.reading(async () => this.redis.get(key(await this.base(), userId, 'settings')));
    return json === null ? { ...DEFAULT_SETTINGS } : pickSettings(JSON.parse(json) as UserSettings);
  }

  /** Every playlist ever created left its title in the timeline's titles, deletion included. */
  async playlistIdsEver(userId: string): Promise<string[]> {
    const ids = await this.reading(async () => this.redis.hkeys(key(await this.base(), userId, 'activity:titles')));
    return ids.sort();
  }

  async activity(userId: string, query: ActivityQuery): Promise<ActivityEntry[]> {
    return this.reading(() => this.readActivity(userId, query));
  }

  private async readActivity(userId: string, { limit, before }: ActivityQuery): Promise<ActivityEntry[]> {
    if (!(limit > 0) || (before !== undefined && before <= -MAX_SCORE)) return [];
    const base = await this.base();
    // Every stored score fits in MAX_SCORE, so a larger cursor means "from the newest".
    const max = before === undefined || before > MAX_SCORE ? '+inf' : `(${before}`;
    const positions = await this.redis.zrevrangebyscore(key(base, userId, 'activity'), max, '-inf', 'LIMIT', 0, Math.floor(limit));
    if (positions.length === 0) return [];
    const stored = await this.redis.hmget(key(base, userId, 'activity:entries'), ...positions);
    // The index and the entries are written in one transaction; a missing entry is skipped defensively.
    const entries = stored.flatMap((json, i) => (json === null ? [] : [parseActivity(positions[i]!, json)]));
    // Titles are looked up at read time: an entry that names a playlist may have been recorded
    // in a later batch (or replay) than the playlist's creation.
    const untitled = [
      ...new Set(entries.flatMap((e) => (e.playlistId !== undefined && e.playlistTitle === undefined ? [e.playlistId] : []))),
    ];
    if (untitled.length === 0) return entries;
    const found = await this.redis.hmget(key(base, userId, 'activity:titles'), ...untitled);
    const titles = new Map(untitled.flatMap((id, i) => (found[i] === null ? [] : [[id, found[i]!] as const])));
    return entries.map((e) => {
      const title = e.playlistId !== undefined && e.playlistTitle === undefined ? titles.get(e.playlistId) : undefined;
      return title === undefined ? e : { ...e, playlistTitle: title };
    });
  }

  async close(): Promise<void> {
    // A client handed in belongs to the caller, who may share it with other components.
    if (!this.ownsClient) return;
    // QUIT lets pending replies arrive; on a connection that is not up it would only wait for retries.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private queue(tx: CommandBatch, base: string, change: ReadModelChange): void {
    switch (change.op) {
      case 'putUser':
        tx.set(key(base, change.user._id, 'user'), JSON.stringify(pickProfile(change.user)));
        return;
      case 'addToList':
        tx.zadd(key(base, change.userId, `list:${listName(change.list)}`), score(change.position), change.videoId);
        return;
      case 'removeFromList':
        tx.zrem(key(base, change.userId, `list:${listName(change.list)}`), change.videoId);
        return;
      case 'clearList':
        tx.del(key(base, change.userId, `list:${listName(change.list)}`));
        return;
      case 'putPlaylist':
        tx.set(playlistKey(base, change.userId, change.playlist._id), JSON.stringify(pickMeta(change.playlist)));
        tx.zadd(key(base, change.userId, 'playlists'), score(change.position), change.playlist._id);
        return;
      case 'deletePlaylist':
        tx.zrem(key(base, change.userId, 'playlists'), change.playlistId);
        tx.del(playlistKey(base, change.userId, change.playlistId), playlistKey(base, change.userId, change.playlistId, ':videos'));
        return;
      case 'addToPlaylist':
        tx.zadd(playlistKey(base, change.userId, change.playlistId, ':videos'), score(change.position), change.videoId);
        return;
      case 'removeFromPlaylist':
        tx.zrem(playlistKey(base, change.userId, change.playlistId, ':videos'), change.videoId);
        return;
      case 'putSettings':
        tx.set(key(base, change.userId, 'settings'), JSON.stringify(pickSettings(change.settings)));
        return;
      case 'updatePlaylistMeta': {
        const { _id, title, description } = pickDetails(change.playlist);
        // A missing playlist stays missing; the image, place and videos stay as they are.
        tx.mergeJson(playlistKey(base, change.userId, _id), { title, description: description ?? null });
        return;
      }
      case 'setPlaylistOrder': {
        const videosKey = playlistKey(base, change.userId, change.playlistId, ':videos');
        const members = change.entries.flatMap(({ videoId, order }) => [score(order), videoId]);
        tx.del(videosKey);
        if (members.length > 0) tx.zadd(videosKey, ...members);
        return;
      }
      case 'recordActivity':
        throw new Error('recordActivity is queued by RedisReadModel.apply itself');
      default: {
        const unknown: never = change;
        throw new Error(`Unknown read model change: ${JSON.stringify((unknown as { op?: unknown }).op)}`);
      }
    }
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

/** The namespace readers use until a replay names another. */
export const DEFAULT_NAMESPACE = 'main';

export function activeNamespaceKey(prefix: string): string {
  return `${prefix}:active`;
}

function key(base: string, userId: string, suffix: string): string {
  return `${base}:{${encodeURIComponent(userId)}}:${suffix}`;
}

function playlistKey(base: string, userId: string, playlistId: string, suffix = ''): string {
  return key(base, userId, `playlist:${encodeURIComponent(playlistId)}${suffix}`);
}

function checkpointKey(base: string): string {
  return `${base}:checkpoint`;
}

function parseCheckpoint(value: string | null): bigint | undefined {
  return value === null ? undefined : BigInt(value);
}

/** ZSET scores are doubles: beyond 2^53 two positions could share a score and reorder. */
function score(position: bigint): string {
  if (typeof position !== 'bigint') throw new TypeError('position must be a bigint');
  if (position > MAX_SCORE || position < -MAX_SCORE) {
    throw new RangeError(`position ${position} exceeds Number.MAX_SAFE_INTEGER and cannot be a Redis score exactly`);
  }
  return position.toString();
}

function listName(list: ListName): ListName {
  if (!LIST_NAMES.includes(list)) throw new Error(`Unknown list: ${String(list)}`);
  return list;
}

/**
 * A batch's activity, grouped per user: a replay batch holds thousands of events, and three
 * commands per user cost far less than three per event. Each entry is keyed by its position
 * (the ZSET member and the hash field), so recording it again replaces it: never a duplicate.
 */
class ActivityWrites {
  private readonly users = new Map<string, { index: string[]; entries: string[]; titles: string[] }>();

  add(userId: string, entry: ActivityEntry): void {
    if (typeof userId !== 'string') throw new TypeError('recordActivity needs a userId');
    const { position, ...rest } = pickActivity(entry);
    const at = score(position);
    let writes = this.users.get(userId);
    if (!writes) this.users.set(userId, (writes = { index: [], entries: [], titles: [] }));
    writes.index.push(at, at);
    writes.entries.push(at, JSON.stringify(rest));
    // Deleting the playlist leaves its title here: later entries name it by id.
    if (rest.playlistId !== undefined && rest.playlistTitle !== undefined) writes.titles.push(rest.playlistId, rest.playlistTitle);
  }

  queue(tx: CommandBatch, base: string): void {
    for (const [userId, { index, entries, titles }] of this.users) {
      tx.zadd(key(base, userId, 'activity'), ...index);
      tx.hset(key(base, userId, 'activity:entries'), ...entries);
      if (titles.length > 0) tx.hset(key(base, userId, 'activity:titles'), ...titles);
    }
  }
}

function parseActivity(position: string, json: string): ActivityEntry {
  return { position: BigInt(position), ...(JSON.parse(json) as Omit<ActivityEntry, 'position'>) };
}

/** pickMeta: a meta merged by the batch script (MERGEJSON) comes back with its keys in cjson's order. */
function toView(metaJson: string, videoIds: string[]): PlaylistView {
  return { ...pickMeta(JSON.parse(metaJson) as PlaylistMeta), videoIds };
}

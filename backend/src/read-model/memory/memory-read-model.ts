import {
  ActivityEntry,
  ActivityQuery,
  TimelineQuery,
  EventChanges,
  LIST_NAMES,
  ListName,
  PlaylistMeta,
  PlaylistView,
  ProgressEntry,
  SharedPlaylist,
  ApplyOptions,
  CheckpointMovedError,
  DEFAULT_SETTINGS,
  ReadModel,
  ReadModelChange,
  UserProfile,
  UserSettings,
} from '../read-model.port';
import {
  checkedListName,
  checkedPosition,
  checkedVisibility,
  pickActivity,
  pickDetails,
  pickMeta,
  pickProfile,
  pickProfileChange,
  pickProgress,
  pickSettings,
} from '../read-model-values';

/** Members by position, like a Redis sorted set (the Redis adapter must order identically). */
type Ordered = Map<string, bigint>;

interface UserState {
  user?: UserProfile;
  settings?: UserSettings;
  lists: Record<ListName, Ordered>;
  /** Playlists that exist (were put and not deleted), with their creation position. */
  playlists: Map<string, { meta: PlaylistMeta; position: bigint }>;
  /**
   * Videos per playlist id, kept apart from `playlists` exactly as the Redis keys are, so that
   * both adapters agree even on a video added to a playlist that does not exist (yet).
   */
  videos: Map<string, Ordered>;
  /** Video id → where the user stopped it. */
  progress: Map<string, ProgressEntry>;
}

/** Unlisted and public playlists by id (the Redis `shared-playlists` hash and `public-playlists` ZSET). */
interface SharedEntry {
  readonly ownerId: string;
  readonly public: boolean;
  readonly position: bigint;
}

/**
 * A user's timeline, kept apart from UserState so that a batch never copies it (it only grows):
 * entries by position, and every playlist title ever recorded (deletion keeps it).
 */
interface Activity {
  entries: Map<bigint, ActivityEntry>;
  titles: Map<string, string>;
  /** The entries oldest first, built on the first read after a write: pages are then binary searches. */
  sorted?: ActivityEntry[];
}

type RecordActivity = Extract<ReadModelChange, { op: 'recordActivity' }>;

/** Embedded read model: rebuilt from the event store at start, nothing persisted. */
export class MemoryReadModel implements ReadModel {
  private users = new Map<string, UserState>();
  private shared = new Map<string, SharedEntry>();
  private activities = new Map<string, Activity>();
  private lastCheckpoint: bigint | undefined;
  private storeId: string | undefined;

  /** One process, one partition: the events' changes in order, as one batch. */
  async applyEvents(events: readonly EventChanges[], checkpoint: bigint, options?: ApplyOptions): Promise<void> {
    await this.apply(
      events.flatMap((event) => event.changes),
      checkpoint,
      options,
    );
  }

  async apply(changes: readonly ReadModelChange[], checkpoint: bigint, options?: ApplyOptions): Promise<void> {
    if (typeof checkpoint !== 'bigint') throw new TypeError('checkpoint must be a bigint');
    if (options && options.expected !== this.lastCheckpoint) throw new CheckpointMovedError(options.expected, this.lastCheckpoint);
    // All or nothing: every touched user is edited on a private copy, and the copies replace
    // the originals only once the whole batch went through without throwing.
    const drafts = new Map<string, UserState>();
    const draft = (userId: string): UserState => {
      let state = drafts.get(userId);
      if (!state) {
        const current = this.users.get(userId);
        state = current ? cloneUser(current) : emptyUser();
        drafts.set(userId, state);
      }
      return state;
    };
    // Activity is only appended to, so it is checked with the batch and written after it.
    const recorded: RecordActivity[] = [];
    // The shared index is edited on a copy too, replaced with the users.
    const shared = new Map(this.shared);
    // Erasures go last: nothing else of the batch may bring the user back.
    const erased = new Set<string>();
    for (const change of changes) {
      if (change.op === 'recordActivity') recorded.push(checkedActivity(change));
      else if (change.op === 'eraseUser') erased.add(checkedUserId(change.userId));
      else {
        applyChange(change, draft);
        applySharing(change, shared);
      }
    }
    for (const [userId, state] of drafts) this.users.set(userId, state);
    this.shared = shared;
    for (const { userId, entry } of recorded) this.record(userId, entry);
    for (const userId of erased) {
      this.users.delete(userId);
      this.activities.delete(userId);
      // An erased person's shared playlists are gone with them: not readable by link, not listed.
      for (const [playlistId, entry] of this.shared) if (entry.ownerId === userId) this.shared.delete(playlistId);
    }
    this.lastCheckpoint = checkpoint;
  }

  async checkpoint(): Promise<bigint | undefined> {
    return this.lastCheckpoint;
  }

  async followedStoreId(): Promise<string | undefined> {
    return this.storeId;
  }

  async recordStoreId(storeId: string): Promise<void> {
    this.storeId ??= storeId;
  }

  async startAfresh(): Promise<{ switched: boolean; from: string; to: string }> {
    this.users = new Map();
    this.shared = new Map();
    this.activities = new Map();
    this.lastCheckpoint = undefined;
    this.storeId = undefined;
    return { switched: true, from: 'memory', to: 'memory' };
  }

  async user(userId: string): Promise<UserProfile | undefined> {
    const user = this.users.get(userId)?.user;
    return user ? { ...user } : undefined;
  }

  /** A walk over every user, in process: the Redis model keeps an index instead. */
  async operators(): Promise<UserProfile[]> {
    return [...this.users.values()].flatMap(({ user }) => (user?.operator ? [{ ...user }] : []));
  }

  async list(userId: string, list: ListName): Promise<string[]> {
    const lists = this.users.get(userId)?.lists;
    return lists ? ordered(lists[list]) : [];
  }

  async playlists(userId: string): Promise<PlaylistView[]> {
    const state = this.users.get(userId);
    if (!state) return [];
    const ids = ordered(new Map([...state.playlists].map(([id, p]) => [id, p.position])));
    return ids.map((id) => view(state, id)!);
  }

  async playlist(userId: string, playlistId: string): Promise<PlaylistView | undefined> {
    const state = this.users.get(userId);
    return state ? view(state, playlistId) : undefined;
  }

  async sharedPlaylist(playlistId: string): Promise<SharedPlaylist | undefined> {
    const entry = this.shared.get(playlistId);
    if (!entry) return undefined;
    const state = this.users.get(entry.ownerId);
    const playlist = state && view(state, playlistId);
    if (!playlist?.visibility) return undefined;
    return { ownerId: entry.ownerId, playlist, ...(entry.public && { position: entry.position }) };
  }

  async publicPlaylists({ limit, before }: { readonly limit: number; readonly before?: bigint }): Promise<SharedPlaylist[]> {
    const ids = [...this.shared]
      .filter(([, entry]) => entry.public && (before === undefined || entry.position < before))
      // Newest first; ties (never expected) by id bytes descending, as ZREVRANGEBYSCORE does.
      .sort(([a, x], [b, y]) =>
        x.position > y.position ? -1 : x.position < y.position ? 1 : Buffer.compare(Buffer.from(b), Buffer.from(a)),
      )
      .slice(0, Math.max(0, limit))
      .map(([id]) => id);
    const found = await Promise.all(ids.map((id) => this.sharedPlaylist(id)));
    return found.filter((p): p is SharedPlaylist => p !== undefined);
  }

  async progress(userId: string): Promise<ProgressEntry[]> {
    const entries = [...(this.users.get(userId)?.progress.values() ?? [])];
    return entries.sort((a, b) => (a.position > b.position ? -1 : a.position < b.position ? 1 : 0)).map((e) => ({ ...e }));
  }

  async settings(userId: string): Promise<UserSettings> {
    return { ...(this.users.get(userId)?.settings ?? DEFAULT_SETTINGS) };
  }

  /** Ids in byte order, each page those after the cursor: a walk over every user, but in memory, and only once a day. */
  async usersWithHistoryRetention(cursor: string | undefined, count: number): Promise<{ userIds: string[]; next?: string }> {
    const after = (id: string) => cursor === undefined || Buffer.compare(Buffer.from(id), Buffer.from(cursor)) > 0;
    const ids = [...this.users]
      .filter(([id, state]) => (state.settings?.historyRetention ?? 'off') !== 'off' && after(id))
      .map(([id]) => id)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const userIds = ids.slice(0, Math.max(1, count));
    return ids.length > userIds.length ? { userIds, next: userIds[userIds.length - 1]! } : { userIds };
  }

  async playlistIdsEver(userId: string): Promise<string[]> {
    return [...(this.activities.get(userId)?.titles.keys() ?? [])].sort();
  }

  async activity(userId: string, { limit, before }: ActivityQuery): Promise<ActivityEntry[]> {
    const activity = this.activities.get(userId);
    if (!activity) return [];
    const sorted = sortedEntries(activity);
    const end = before === undefined ? sorted.length : firstAtOrAfter(sorted, before);
    return sorted
      .slice(Math.max(0, end - Math.max(0, limit)), end)
      .reverse()
      .map((entry) => titled(activity, entry));
  }

  async timeline(userId: string, { limit, after }: TimelineQuery): Promise<ActivityEntry[]> {
    const activity = this.activities.get(userId);
    if (!activity) return [];
    const sorted = sortedEntries(activity);
    const start = after === undefined ? 0 : firstAtOrAfter(sorted, after + 1n);
    return sorted.slice(start, start + Math.max(0, limit)).map((entry) => titled(activity, entry));
  }

  async close(): Promise<void> {}

  private record(userId: string, entry: ActivityEntry): void {
    let activity = this.activities.get(userId);
    if (!activity) this.activities.set(userId, (activity = { entries: new Map(), titles: new Map() }));
    activity.entries.set(entry.position, entry);
    activity.sorted = undefined;
    if (entry.playlistId !== undefined && entry.playlistTitle !== undefined) activity.titles.set(entry.playlistId, entry.playlistTitle);
  }
}

function sortedEntries(activity: Activity): ActivityEntry[] {
  return (activity.sorted ??= [...activity.entries.values()].sort((a, b) =>
    a.position < b.position ? -1 : a.position > b.position ? 1 : 0,
  ));
}

/** The index of the first entry at or after `position` (the length when there is none). */
function firstAtOrAfter(sorted: readonly ActivityEntry[], position: bigint): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.position < position) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Titles are looked up at read time: the playlist may have been named in a later batch than the entry. */
function titled(activity: Activity, entry: ActivityEntry): ActivityEntry {
  const title = entry.playlistTitle ?? (entry.playlistId !== undefined ? activity.titles.get(entry.playlistId) : undefined);
  return { ...entry, ...(title !== undefined && { playlistTitle: title }) };
}

function checkedUserId(userId: unknown): string {
  if (typeof userId !== 'string') throw new TypeError('eraseUser needs a userId');
  return userId;
}

function checkedActivity(change: RecordActivity): RecordActivity {
  if (typeof change.userId !== 'string') throw new TypeError('recordActivity needs a userId');
  return { op: 'recordActivity', userId: change.userId, entry: pickActivity(change.entry) };
}

function applyChange(change: ReadModelChange, draft: (userId: string) => UserState): void {
  switch (change.op) {
    case 'putUser':
      draft(change.user._id).user = pickProfile(change.user);
      return;
    case 'addToList':
      draft(change.userId).lists[checkedListName(change.list)].set(change.videoId, checkedPosition(change.position));
      return;
    case 'removeFromList':
      draft(change.userId).lists[checkedListName(change.list)].delete(change.videoId);
      return;
    case 'clearList':
      draft(change.userId).lists[checkedListName(change.list)].clear();
      return;
    case 'putPlaylist':
      draft(change.userId).playlists.set(change.playlist._id, {
        meta: pickMeta(change.playlist),
        position: checkedPosition(change.position),
      });
      return;
    case 'deletePlaylist': {
      const state = draft(change.userId);
      state.playlists.delete(change.playlistId);
      state.videos.delete(change.playlistId);
      return;
    }
    case 'addToPlaylist': {
      const videos = draft(change.userId).videos;
      if (!videos.has(change.playlistId)) videos.set(change.playlistId, new Map());
      videos.get(change.playlistId)!.set(change.videoId, checkedPosition(change.position));
      return;
    }
    case 'removeFromPlaylist':
      draft(change.userId).videos.get(change.playlistId)?.delete(change.videoId);
      return;
    case 'putSettings': {
      const state = draft(change.userId);
      state.settings = { ...(state.settings ?? DEFAULT_SETTINGS), ...pickSettings(change.settings) };
      return;
    }
    case 'updatePlaylistMeta': {
      const details = pickDetails(change.playlist);
      const playlists = draft(change.userId).playlists;
      const current = playlists.get(details._id);
      if (current) {
        const { playlistImg, visibility } = current.meta;
        const kept = { ...(playlistImg !== undefined && { playlistImg }), ...(visibility !== undefined && { visibility }) };
        playlists.set(details._id, { ...current, meta: pickMeta({ ...details, ...kept }) });
      }
      return;
    }
    case 'setPlaylistOrder': {
      const entries = change.entries.map(({ videoId, order }) => [videoId, checkedPosition(order)] as const);
      draft(change.userId).videos.set(change.playlistId, new Map(entries));
      return;
    }
    case 'setPlaylistVisibility': {
      const visibility = checkedVisibility(change.visibility);
      checkedPosition(change.position);
      const playlists = draft(change.userId).playlists;
      const current = playlists.get(change.playlistId);
      if (current)
        playlists.set(change.playlistId, {
          ...current,
          meta: pickMeta({ ...current.meta, visibility: undefined, ...(visibility !== 'private' && { visibility }) }),
        });
      return;
    }
    case 'updateUser': {
      const { operator, ...fields } = pickProfileChange(change.fields);
      const state = draft(change.userId);
      // The profile holds `operator: true` or nothing: `false` takes the field away.
      if (state.user)
        state.user = pickProfile({
          ...state.user,
          ...fields,
          operator: operator === undefined ? state.user.operator : operator || undefined,
        });
      return;
    }
    case 'putProgress': {
      const entry = pickProgress(change.entry);
      draft(change.userId).progress.set(entry.videoId, entry);
      return;
    }
    case 'removeProgress':
      draft(change.userId).progress.delete(change.videoId);
      return;
    case 'recordActivity':
    case 'eraseUser':
      throw new Error(`${change.op} is applied by MemoryReadModel.apply itself`);
    default: {
      const unknown: never = change;
      throw new Error(`Unknown read model change: ${JSON.stringify((unknown as { op?: unknown }).op)}`);
    }
  }
}

/** The shared index follows visibility changes and deletions (a deleted playlist is nobody's to read). */
function applySharing(change: ReadModelChange, shared: Map<string, SharedEntry>): void {
  if (change.op === 'deletePlaylist') shared.delete(change.playlistId);
  if (change.op !== 'setPlaylistVisibility') return;
  if (change.visibility === 'private') shared.delete(change.playlistId);
  else shared.set(change.playlistId, { ownerId: change.userId, public: change.visibility === 'public', position: change.position });
}

function view(state: UserState, playlistId: string): PlaylistView | undefined {
  const playlist = state.playlists.get(playlistId);
  if (!playlist) return undefined;
  return { ...playlist.meta, videoIds: ordered(state.videos.get(playlistId) ?? new Map()) };
}

/** Position order; ties broken by member bytes, which is what a Redis ZSET does. */
function ordered(members: Ordered): string[] {
  return [...members]
    .sort(([a, pa], [b, pb]) => (pa < pb ? -1 : pa > pb ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b))))
    .map(([id]) => id);
}

/** One entry per list name: a new list in the port needs nothing here. */
function listsOf(make: (list: ListName) => Ordered): Record<ListName, Ordered> {
  return Object.fromEntries(LIST_NAMES.map((list) => [list, make(list)])) as Record<ListName, Ordered>;
}

function emptyUser(): UserState {
  return { lists: listsOf(() => new Map()), playlists: new Map(), videos: new Map(), progress: new Map() };
}

function cloneUser(state: UserState): UserState {
  return {
    user: state.user,
    settings: state.settings,
    lists: listsOf((list) => new Map(state.lists[list])),
    playlists: new Map(state.playlists),
    videos: new Map([...state.videos].map(([id, videos]) => [id, new Map(videos)])),
    progress: new Map(state.progress),
  };
}

import type { NewEvent } from '../../events/event';
import type { HistoryRetention } from '../../events/app-events';
import { PlannedCommand, plan } from '../../domain/all-lists';
import type { ListDefinition } from '../../domain/decider';
import { historyList } from '../../domain/history/history.list';
import { Library, activePlaylists } from '../../domain/library/library';
import type { DocumentHistoryEntry, DocumentPlaylist } from '../../domain/library/library-document';
import { playlistList } from '../../domain/playlist/playlist.list';
import { CapReached } from '../../errors/cap-reached';
import { subscriptionsList } from '../../domain/subscriptions/subscriptions.list';
import { likesList, watchLaterList } from '../../domain/video-set/video-set.list';

/** A validated import: a library document, or a CSV already turned into one playlist. */
export interface ImportRequest {
  readonly likes: readonly string[];
  readonly watchlater: readonly string[];
  readonly history: readonly DocumentHistoryEntry[];
  readonly playlists: readonly DocumentPlaylist[];
  readonly settings?: { readonly historyPaused: boolean; readonly historyRetention?: HistoryRetention };
  /** Channel ids; unknown channels are skipped. */
  readonly subscriptions?: readonly string[];
}

export interface ImportCounts {
  likes: number;
  watchlater: number;
  history: number;
  playlists: number;
  playlistVideos: number;
  subscriptions: number;
}

export const noCounts = (): ImportCounts => ({ likes: 0, watchlater: 0, history: 0, playlists: 0, playlistVideos: 0, subscriptions: 0 });

type Decided = readonly { readonly data: unknown }[];

/** Events that name a video: an entry added (the rest of an import's events create or pause). */
const entries = (events: Decided) => events.filter(({ data }) => typeof data === 'object' && data !== null && 'videoId' in data).length;

export interface ImportPlan {
  /**
   * One command per stream, each for that list's decider: it adds only what is missing. `count`
   * says what the events it decided add to the answer.
   */
  readonly commands: {
    readonly stream: string;
    readonly command: PlannedCommand;
    readonly count: (events: Decided) => Partial<ImportCounts>;
  }[];
  /** Ids the catalogue does not know, in the order first met: reported, never written. */
  readonly unknownVideoIds: string[];
  /** The playlists the plan creates: each takes a slot under the user's playlist cap. */
  readonly newPlaylistIds: string[];
}

export interface ImportContext {
  readonly userId: string;
  /** The user's library now: its playlists are matched by title. */
  readonly library: Library;
  /**
   * The user's playlists counted towards the playlist cap: the library's active ones, and any a
   * write elsewhere is making active now (commands/shared/capped-runner.ts). Default: the library's.
   */
  readonly activePlaylists?: number;
  readonly isKnownVideo: (videoId: string) => boolean;
  readonly isKnownChannel: (channelId: string) => boolean;
  readonly newPlaylistId: () => string;
  /** The app's clock now (ISO): history auto-delete applies at this time. */
  readonly now: string;
  /** The library caps (settings): an import over any of them writes nothing. */
  readonly caps: { readonly playlistsPerUser: number; readonly videosPerPlaylist: number; readonly importEntries: number };
}

/** Every entry of the request: each video of each list, each history entry, each playlist. */
export function importEntries({ likes, watchlater, history, playlists, subscriptions }: ImportRequest): number {
  const listed = likes.length + watchlater.length + history.length + (subscriptions?.length ?? 0);
  return listed + playlists.reduce((sum, p) => sum + 1 + p.videoIds.length, 0);
}

/**
 * Turns an import into ordinary commands, one per stream. The deciders skip what is already
 * there, so importing the same file twice changes nothing. Playlists are matched by title (the
 * n-th of a title in the file to the n-th existing one).
 *
 * Caps: a request of more than `importEntries` entries is refused (413) before anything else; each
 * playlist command carries the caps and is decided once here, on the library as it is, so that an
 * import that would take the user past a playlist cap is refused (422) before anything is written.
 * The decider decides it again when it runs, on the stream as it is then.
 */
export function planImport(request: ImportRequest, context: ImportContext): ImportPlan {
  const { userId, library, caps } = context;
  if (importEntries(request) > caps.importEntries) throw new CapReached('IMPORT_TOO_LARGE', caps.importEntries);
  const unknown = new Set<string>();
  const known = (videoIds: readonly string[]) => videoIds.filter((id) => context.isKnownVideo(id) || (unknown.add(id), false));
  const commands: ImportPlan['commands'] = [];
  const add = <C, E extends NewEvent, S>(
    list: ListDefinition<C, E, S>,
    command: C,
    wanted: number,
    count: (events: Decided) => Partial<ImportCounts>,
  ) => {
    if (wanted > 0) commands.push({ stream: list.streamOf(command), command: plan(list, command), count });
  };

  const likes = known(request.likes);
  add(likesList, { type: 'ImportVideos', userId, videoIds: likes }, likes.length, (events) => ({ likes: events.length }));
  const saved = known(request.watchlater);
  add(watchLaterList, { type: 'ImportVideos', userId, videoIds: saved }, saved.length, (events) => ({ watchlater: events.length }));
  const watched = request.history.filter((entry) => known([entry.videoId]).length > 0);
  const paused = request.settings?.historyPaused;
  const retention = request.settings?.historyRetention;
  const settingsGiven = (paused === undefined ? 0 : 1) + (retention === undefined ? 0 : 1);
  const importHistory = { type: 'Import' as const, userId, entries: watched, paused, retention, at: context.now };
  add(historyList, importHistory, watched.length + settingsGiven, (events) => ({ history: entries(events) }));

  const channelIds = (request.subscriptions ?? []).filter(context.isKnownChannel);
  add(subscriptionsList, { type: 'ImportSubscriptions', userId, channelIds }, channelIds.length, (events) => ({
    subscriptions: events.length,
  }));

  const byTitle = new Map<string, string[]>();
  const active = activePlaylists(library);
  for (const [id, { title }] of active) byTitle.set(title!, [...(byTitle.get(title!) ?? []), id]);
  let activeCount = context.activePlaylists ?? active.length;
  const newPlaylistIds: string[] = [];
  for (const { title, description, playlistImg, videoIds } of request.playlists) {
    const playlistId = byTitle.get(title)?.shift() ?? context.newPlaylistId();
    const created = {
      playlistId,
      userId,
      title,
      ...(description !== undefined && { description }),
      ...(playlistImg !== undefined && { playlistImg }),
    };
    const { playlistsPerUser, videosPerPlaylist } = caps;
    const command = {
      type: 'ImportPlaylist' as const,
      ...created,
      videoIds: known(videoIds),
      caps: { playlistsPerUser, videosPerPlaylist, activePlaylists: activeCount },
    };
    // Throws the cap reached, if any; a new playlist counts for the next ones.
    const state = library.playlists.get(playlistId) ?? playlistList.initialState();
    if (playlistList.decide(command, state)[0]?.type === 'PlaylistCreated') {
      activeCount++;
      newPlaylistIds.push(playlistId);
    }
    add(playlistList, command, 1, (events) => ({
      playlists: events.length - entries(events),
      playlistVideos: entries(events),
    }));
  }
  return { commands, unknownVideoIds: [...unknown], newPlaylistIds };
}

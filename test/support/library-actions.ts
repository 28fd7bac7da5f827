import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from './api-client';

/** A user's lists as a client sees them: ids in the order served, playlists with their details. */
export interface Lists {
  likes: string[];
  watchlater: string[];
  history: string[];
  playlists: { _id: string; title: string; description?: string; playlistImg?: string; videoIds: string[] }[];
}

type Video = { _id: string };
type Playlist = { _id: string; title: string; description?: string; playlistImg?: string; videos: Video[] };

const ids = (videos: Video[]) => videos.map((v) => v._id);

/** Lists in the shapes the list routes (and GET /user/library) answer with, reduced to ids. */
export function listsOf(body: { likes: Video[]; watchlater: Video[]; history: Video[]; playlists: Playlist[] }): Lists {
  return {
    likes: ids(body.likes),
    watchlater: ids(body.watchlater),
    history: ids(body.history),
    playlists: body.playlists.map(({ videos, ...meta }) => ({ ...meta, videoIds: ids(videos) })),
  };
}

function ok<T>(res: { status: number; body: T }, what: string): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The lists as the list routes serve them now. */
export async function readLists(client: ApiClient): Promise<Lists> {
  const [likes, watchlater, history, playlists] = await Promise.all([
    client.get('/user/likes').then((r) => ok(r, 'likes').likes),
    client.get('/user/watchlater/').then((r) => ok(r, 'watchlater').watchlater),
    client.get('/user/history').then((r) => ok(r, 'history').history),
    client.get('/user/playlists').then((r) => ok(r, 'playlists').playlists),
  ]);
  return listsOf({ likes, watchlater, history, playlists });
}

/** Waits until Date.now() has moved past its value at the call, so that two moments never share a millisecond. */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() <= now) await sleep(1);
}

export const ACTION_KINDS = [
  'like',
  'unlike',
  'save',
  'unsave',
  'watch',
  'unwatch',
  'clearHistory',
  'removeHistoryBefore',
  'createPlaylist',
  'deletePlaylist',
  'addToPlaylist',
  'removeFromPlaylist',
  'changeDetails',
  'reorder',
  'pause',
  'resume',
  'importCsv',
  'undo',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** One user action; `a` and `b` pick its targets among the current lists (or the catalogue). */
export interface Action {
  readonly kind: ActionKind;
  readonly a: number;
  readonly b: number;
}

export interface ActionContext {
  readonly client: ApiClient;
  /** The catalogue's video ids. */
  readonly videos: readonly string[];
  /** The lists before the action. */
  readonly lists: Lists;
  /** Moments to remove history before (besides now). */
  readonly moments?: readonly string[];
}

const pick = <T>(items: readonly T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);

/**
 * Performs the action through the API, as a client would, and returns its status. Removals pick
 * from what is there, additions from the whole catalogue: duplicates (409) and removals of what is
 * missing are part of real use, and must change nothing.
 */
export async function perform({ client, videos, lists, moments = [] }: ActionContext, { kind, a, b }: Action): Promise<number> {
  const video = videos[a % videos.length]!;
  const playlist = pick(lists.playlists, a);
  const inPlaylist = playlist ? pick(playlist.videoIds, b) : undefined;
  const otherVideo = videos[b % videos.length]!;
  const send = async (method: string, path: string, body?: unknown) => (await client.request(method, path, body)).status;
  switch (kind) {
    case 'like':
      return send('POST', '/user/likes', { video: { _id: video } });
    case 'unlike':
      return send('DELETE', `/user/likes/${pick(lists.likes, a) ?? video}`);
    case 'save':
      return send('POST', '/user/watchlater', { video: { _id: video } });
    case 'unsave':
      return send('DELETE', `/user/watchlater/${pick(lists.watchlater, a) ?? video}`);
    case 'watch':
      return send('POST', '/user/history', { video: { _id: video } });
    case 'unwatch':
      return send('DELETE', `/user/history/${pick(lists.history, a) ?? video}`);
    case 'clearHistory':
      return send('DELETE', '/user/history/all');
    case 'removeHistoryBefore':
      return send('DELETE', `/user/history?before=${encodeURIComponent(pick(moments, b) ?? new Date().toISOString())}`);
    case 'createPlaylist':
      return send('POST', '/user/playlists', { playlist: { title: `List ${a % 4}`, ...(b % 2 === 0 && { description: `about ${b}` }) } });
    case 'deletePlaylist':
      return playlist
        ? send('DELETE', `/user/playlists/${playlist._id}`)
        : send('POST', '/user/playlists', { playlist: { title: 'Fresh' } });
    case 'addToPlaylist':
      return playlist ? send('POST', `/user/playlists/${playlist._id}`, { video: { _id: otherVideo } }) : 404;
    case 'removeFromPlaylist':
      return playlist ? send('DELETE', `/user/playlists/${playlist._id}/${inPlaylist ?? otherVideo}`) : 404;
    case 'changeDetails': {
      if (!playlist) return 404;
      const details = [{ title: `Renamed ${a % 3}` }, { description: `note ${b % 3}` }, { title: `Both ${b % 2}`, description: '' }][a % 3];
      return send('PATCH', `/user/playlists/${playlist._id}`, details);
    }
    case 'reorder':
      if (!playlist || !inPlaylist) return 404;
      return send('POST', `/user/playlists/${playlist._id}/reorder`, { videoId: inPlaylist, toIndex: a % playlist.videoIds.length });
    case 'pause':
    case 'resume':
      return send('PUT', '/user/settings', { historyPaused: kind === 'pause' });
    case 'importCsv':
      return send('POST', '/user/import', { format: 'csv', playlist: `List ${a % 4}`, csv: `${video}\n${otherVideo}\nunknown${b % 2}` });
    case 'undo':
      return send('POST', '/user/undo');
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown action ${String(unknown)}`);
    }
  }
}

/** A small deterministic generator (mulberry32), so that a failing sequence can be replayed from its seed. */
export function randomActions(seed: number, count: number, kinds: readonly ActionKind[] = ACTION_KINDS): Action[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => ({
    kind: kinds[Math.floor(next() * kinds.length)]!,
    a: Math.floor(next() * 1000),
    b: Math.floor(next() * 1000),
  }));
}

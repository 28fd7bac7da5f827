import type { NewEvent } from '../../backend/src/events/event';
import { createHash } from 'node:crypto';
import { VIDEOS } from '../../backend/src/catalogue/catalogue.data';
import { EventStore } from '../../backend/src/event-store/event-store.port';
import { type PlaylistVisibility, streams } from '../../backend/src/events/app-events';

const VIDEO_IDS = VIDEOS.map((v) => v._id);

/** A deterministic pseudo-random source, so a generated log is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const uuid = (name: string) => {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * Appends a realistic activity log straight to the store: users who like, unlike, save, watch,
 * clear history and curate playlists, every event valid for the deciders' rules. Returns the
 * user ids and how many events were written (about `targetEvents`).
 */
export async function generateActivity(
  store: Pick<EventStore, 'appendToStream'>,
  targetEvents: number,
  seed = 42,
): Promise<{ userIds: string[]; events: number }> {
  const next = random(seed);
  const pick = () => VIDEO_IDS[Math.floor(next() * VIDEO_IDS.length)]!;
  const userIds: string[] = [];
  let events = 0;
  for (let u = 0; events < targetEvents; u++) {
    const userId = uuid(`generated-user-${seed}-${u}`);
    userIds.push(userId);
    const email = `user${u}@generated.example`;
    await store.appendToStream(
      streams.user(userId),
      [
        {
          type: 'UserSignedUp',
          data: {
            userId,
            email,
            passwordHash: 'scrypt$generated',
            firstName: `User${u}`,
            lastName: 'Generated',
            createdAt: '2026-11-21T10:00:00+00:00',
          },
        },
      ],
      'no_stream',
    );
    events += 1;
    const toggles = (added: string, removed: string, count: number, cleared?: string): NewEvent[] => {
      const present = new Set<string>();
      const out: NewEvent[] = [];
      for (let i = 0; i < count; i++) {
        const videoId = pick();
        if (cleared && next() < 0.03) {
          out.push({ type: cleared, data: { userId } });
          present.clear();
        } else if (present.has(videoId)) {
          out.push({ type: removed, data: { userId, videoId } });
          present.delete(videoId);
        } else {
          out.push({ type: added, data: { userId, videoId } });
          present.add(videoId);
        }
      }
      return out;
    };
    for (const [stream, list] of [
      [streams.likes(userId), toggles('VideoLiked', 'VideoUnliked', 30)],
      [streams.watchLater(userId), toggles('VideoAddedToWatchLater', 'VideoRemovedFromWatchLater', 20)],
      [streams.history(userId), toggles('VideoWatched', 'VideoRemovedFromHistory', 30, 'HistoryCleared')],
    ] as const) {
      await store.appendToStream(stream, list, 'no_stream');
      events += list.length;
    }
    for (let p = 0; p < 2; p++) {
      const playlistId = uuid(`generated-playlist-${seed}-${u}-${p}`);
      const created: NewEvent = { type: 'PlaylistCreated', data: { playlistId, userId, title: `Playlist ${p} of user ${u}` } };
      const videos = toggles('VideoAddedToPlaylist', 'VideoRemovedFromPlaylist', 8).map((e) => ({
        ...e,
        data: { ...(e.data as object), playlistId },
      }));
      const deleted: NewEvent[] = p === 1 && next() < 0.2 ? [{ type: 'PlaylistDeleted', data: { playlistId, userId } }] : [];
      const all = [created, ...videos, ...deleted];
      await store.appendToStream(streams.playlist(playlistId), all, 'no_stream');
      events += all.length;
    }
  }
  return { userIds, events };
}

/**
 * Appends, for each of `userIds`, a progress stream (recorded, re-recorded and cleared positions) and a
 * playlist made unlisted, public or public then private again: what the cross-user indexes (shared
 * playlists by id, the public listing) and progress hold, which generateActivity (mirrored by the
 * benchmarks' bench/generate-events.mjs) does not write. Deterministic like it; returns how many events.
 */
export async function generateSharingAndProgress(
  store: Pick<EventStore, 'appendToStream'>,
  userIds: readonly string[],
  seed = 7,
): Promise<number> {
  const next = random(seed);
  const pick = () => VIDEO_IDS[Math.floor(next() * VIDEO_IDS.length)]!;
  const ways: PlaylistVisibility[][] = [['unlisted'], ['public'], ['public', 'private'], ['unlisted', 'public']];
  let events = 0;
  for (const [u, userId] of userIds.entries()) {
    const progress: NewEvent[] = [];
    const recorded = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const videoId = pick();
      const at = new Date(Date.UTC(2026, 10, 21, 11, i)).toISOString();
      // Only a recorded position is cleared (the decider writes nothing for another).
      if (recorded.has(videoId) && next() < 0.3) {
        progress.push({ type: 'PlaybackProgressCleared', data: { userId, videoId } });
        recorded.delete(videoId);
      } else {
        progress.push({ type: 'PlaybackProgressRecorded', data: { userId, videoId, seconds: 30 + Math.floor(next() * 300), at } });
        recorded.add(videoId);
      }
    }
    const playlistId = uuid(`generated-shared-playlist-${seed}-${u}`);
    const shared: NewEvent[] = [
      { type: 'PlaylistCreated', data: { playlistId, userId, title: `Shared ${u}` } },
      { type: 'VideoAddedToPlaylist', data: { playlistId, userId, videoId: pick() } },
      ...ways[u % ways.length]!.map((visibility) => ({ type: 'PlaylistVisibilityChanged', data: { playlistId, userId, visibility } })),
    ];
    await store.appendToStream(streams.progress(userId), progress, 'no_stream');
    await store.appendToStream(streams.playlist(playlistId), shared, 'no_stream');
    events += progress.length + shared.length;
  }
  return events;
}

import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { onLiveChange } from '@/lib/live/live-change';
import type { Playlist } from '@/lib/types';
import { playlistQuery } from './playlists-api';

/** How long the cue stays: long enough to be read, not a banner to dismiss. */
const CUE_MS = 6_000;

/** What the page shows of a playlist: a cue is due only when this differs. */
const shownOf = (playlist: Playlist | undefined) =>
  playlist && JSON.stringify([playlist.title, playlist.description, playlist.videos.map((video) => video._id)]);

/**
 * True for a few seconds after another device changed the playlist on screen (docs/design/live-updates.md,
 * "Where a change from elsewhere would surprise"). A live change of this playlist is read again once the
 * user's own writes have their answers (app/live-updates.ts); the cue shows only when that answer differs from
 * what was on screen, so the echo of the user's own edit, which reads again to the same, shows none.
 */
export function useChangedElsewhere(playlistId: string | undefined): boolean {
  const store = useStore();
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (!playlistId) return;
    const read = () => playlistQuery.select(playlistId)(store.getState() as Parameters<ReturnType<typeof playlistQuery.select>>[0]);
    const cleanups = new Set<() => void>();
    const stopListening = onLiveChange((change) => {
      if (change.what !== 'playlist' || change.playlistId !== playlistId) return;
      const before = read();
      const unsubscribe = store.subscribe(() => {
        const now = read();
        if (now.fulfilledTimeStamp === before.fulfilledTimeStamp && !now.isError) return;
        unsubscribe();
        cleanups.delete(unsubscribe);
        if (now.isSuccess && shownOf(now.data) !== shownOf(before.data)) {
          setChanged(true);
          const timer = setTimeout(() => setChanged(false), CUE_MS);
          cleanups.add(() => clearTimeout(timer));
        }
      });
      cleanups.add(unsubscribe);
    });
    return () => {
      stopListening();
      cleanups.forEach((cleanup) => cleanup());
    };
  }, [playlistId, store]);
  return changed;
}

/**
 * A playlist's moves are sent one at a time, in the order they were made, so that each toIndex means
 * what the user saw. While a later move of the same playlist is on its way, an earlier answer would
 * show the list without it for a moment: only the last answer settles the list. One queue per store
 * (app/store.ts passes it to every thunk as the extra argument), so that two stores never share one.
 */
export interface MoveQueue {
  /** Runs `send` once every move sent before it has been answered (or failed). */
  send<T>(send: () => Promise<T>): Promise<T>;
  /** Counts a move of `playlistId` as on its way until `settled` ends; `isLast` says whether no other is. */
  track<T>(playlistId: string, run: (isLast: () => boolean) => Promise<T>): Promise<T>;
}

export function createMoveQueue(): MoveQueue {
  let tail: Promise<unknown> = Promise.resolve();
  const inFlight = new Map<string, number>();
  return {
    send(send) {
      const sent = tail.then(send);
      tail = sent.catch(() => undefined);
      return sent;
    },
    async track(playlistId, run) {
      inFlight.set(playlistId, (inFlight.get(playlistId) ?? 0) + 1);
      try {
        return await run(() => inFlight.get(playlistId) === 1);
      } finally {
        const left = (inFlight.get(playlistId) ?? 1) - 1;
        if (left > 0) inFlight.set(playlistId, left);
        else inFlight.delete(playlistId);
      }
    },
  };
}

/** What this feature keeps in the store's extra argument. */
export interface PlaylistExtras {
  playlistMoves: MoveQueue;
}

/** The store's move queue, from a thunk's or a query's `extra`. */
export function movesOf(extra: unknown): MoveQueue {
  const moves = (extra as Partial<PlaylistExtras> | undefined)?.playlistMoves;
  if (!moves) throw new Error('The store has no playlist move queue: make it with makeStore()');
  return moves;
}

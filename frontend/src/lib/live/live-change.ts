/**
 * One change a live stream announced (docs/design/live-updates.md): `what` names the answers that changed,
 * `type` the event behind it (for cues only). The catalogue's stream sends `video` (with `videoId`),
 * `categories`, and `catalogue` for several changes of one log batch (an import: `videoIds` when few,
 * `categories` when one changed too); a user's stream the rest.
 */
export interface LiveChange {
  what: string;
  playlistId?: string;
  videoId?: string;
  videoIds?: string[];
  categories?: boolean;
  count?: number;
  type?: string;
  position?: string;
}

/** The data of an `event: change` message, or undefined when it is not one we can read. */
export function readChange(data: string): LiveChange | undefined {
  try {
    const change = JSON.parse(data) as Partial<LiveChange> | null;
    return change && typeof change.what === 'string' ? (change as LiveChange) : undefined;
  } catch {
    return undefined;
  }
}

type Listener = (change: LiveChange) => void;
const listeners = new Set<Listener>();

/**
 * Tells `listener` of each change from the live streams, once its answers are being read again: for a cue
 * such as "Updated on another device". Tiny and free of the live client itself, which loads after the first
 * render (README, "Speed on a phone"). Returns the unsubscribe.
 */
export function onLiveChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceLiveChange(change: LiveChange): void {
  for (const listener of listeners) listener(change);
}

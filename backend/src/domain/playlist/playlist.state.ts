import { PLAYLIST_VISIBILITIES, PlaylistVisibility } from '../../events/app-events';
import type { SnapshotCodec } from '../decider';
import { asObject, asOptionalString, asStringPairs } from '../snapshot-json';
import { byKey, keysFromJson, keysToJson } from '../sort-keys';

export interface PlaylistState {
  readonly status: 'absent' | 'active' | 'deleted';
  readonly ownerId?: string;
  readonly title?: string;
  readonly description?: string;
  readonly playlistImg?: string;
  /** Absent: private (every playlist from before sharing, and every new one). */
  readonly visibility?: PlaylistVisibility;
  /** Sort key among the owner's playlists: the creation's position, or the order a restore carried. */
  readonly order: bigint;
  /**
   * Video id → sort key, exactly as the read model orders them (`order ?? position`, keys
   * 0…n-1 after a reorder), so that an index here is the index the owner sees.
   */
  readonly videos: ReadonlyMap<string, bigint>;
}

/** The playlist's video ids in the order the owner sees them. */
export const orderedVideoIds = (state: PlaylistState): string[] => byKey(state.videos);

const STATUSES: readonly PlaylistState['status'][] = ['absent', 'active', 'deleted'];

/** Sort keys are bigints: written as decimal strings. */
export const playlistSnapshot: SnapshotCodec<PlaylistState> = {
  version: 3,
  encode: ({ status, ownerId, title, description, playlistImg, visibility, order, videos }) => ({
    status,
    ownerId,
    title,
    description,
    playlistImg,
    visibility,
    order: order.toString(),
    videos: keysToJson(videos),
  }),
  decode: (json) => {
    const doc = asObject(json);
    const status = STATUSES.find((s) => s === doc.status);
    if (!status) throw new TypeError('snapshot: unknown playlist status');
    if (typeof doc.order !== 'string') throw new TypeError('snapshot: order is not a string');
    return {
      status,
      ownerId: asOptionalString(doc.ownerId),
      title: asOptionalString(doc.title),
      description: asOptionalString(doc.description),
      playlistImg: asOptionalString(doc.playlistImg),
      visibility: PLAYLIST_VISIBILITIES.find((v) => v === doc.visibility),
      order: BigInt(doc.order),
      videos: keysFromJson(asStringPairs(doc.videos)),
    };
  },
};

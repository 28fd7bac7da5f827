import { DomainError } from '../../errors/domain-error';
import { CatalogueVideoEvent, VideoFields, streams } from '../../events/app-events';
import type { StoredEvent } from '../../events/event';
import { ListDefinition, SnapshotCodec } from '../decider';
import { asObject } from '../snapshot-json';

/** A new video as an operator (or the seed) publishes it. */
export interface VideoToPublish extends VideoFields {
  readonly videoId: string;
  readonly publishedAt: string;
  readonly baseLikes?: number;
  readonly baseViews?: number;
}

export type VideoCommand =
  | { readonly type: 'PublishVideo'; readonly userId: string; readonly video: VideoToPublish }
  | { readonly type: 'EditVideo'; readonly userId: string; readonly videoId: string; readonly changes: Partial<VideoFields> }
  | { readonly type: 'RetireVideo'; readonly userId: string; readonly videoId: string }
  /** `categories`: those that exist now; a video comes back only into one of them. */
  | {
      readonly type: 'RestoreVideo';
      readonly userId: string;
      readonly videoId: string;
      readonly categories: { has(categoryId: string): boolean };
    };

export interface VideoState {
  readonly status: 'unpublished' | 'published' | 'retired';
  readonly fields?: VideoFields;
}

const FIELD_NAMES: readonly (keyof VideoFields)[] = ['title', 'description', 'channel', 'categoryId', 'duration', 'thumbnail'];

function evolve(state: VideoState, event: StoredEvent<CatalogueVideoEvent>): VideoState {
  switch (event.type) {
    case 'VideoPublished': {
      const { title, description, channel, categoryId, duration, thumbnail } = event.data;
      return { status: 'published', fields: { title, description, channel, categoryId, duration, thumbnail } };
    }
    case 'VideoEdited':
      return { ...state, fields: { ...state.fields!, ...changedFields(event.data) } };
    case 'VideoRetired':
      return { ...state, status: 'retired' };
    case 'VideoRestored':
      return { ...state, status: 'published' };
  }
}

/** Only the fields of a video, whatever else an object carries. */
function changedFields(data: Partial<VideoFields>): Partial<VideoFields> {
  return Object.fromEntries(FIELD_NAMES.filter((name) => data[name] !== undefined).map((name) => [name, data[name]]));
}

function decide(command: VideoCommand, state: VideoState): CatalogueVideoEvent[] {
  const { userId } = command;
  if (command.type === 'PublishVideo') {
    // Retired counts as published: its tombstones in users' lists keep the id, so it comes back by restoring.
    if (state.status !== 'unpublished') throw new DomainError('VIDEO_EXISTS');
    return [{ type: 'VideoPublished', data: { userId, ...command.video } }];
  }
  if (state.status === 'unpublished') throw new DomainError('VIDEO_NOT_FOUND');
  const { videoId } = command;
  switch (command.type) {
    case 'EditVideo': {
      // Only what differs is recorded; an edit that changes nothing appends nothing.
      const changes = Object.entries(changedFields(command.changes)).filter(
        ([name, value]) => state.fields![name as keyof VideoFields] !== value,
      );
      return changes.length === 0 ? [] : [{ type: 'VideoEdited', data: { userId, videoId, ...Object.fromEntries(changes) } }];
    }
    case 'RetireVideo':
      return state.status === 'retired' ? [] : [{ type: 'VideoRetired', data: { userId, videoId } }];
    case 'RestoreVideo': {
      if (state.status === 'published') return [];
      // Never published into a category that is gone (docs/design/catalogue.md, "Categories and their videos").
      const { categoryId } = state.fields!;
      if (!command.categories.has(categoryId)) throw new DomainError('VIDEO_CATEGORY_REMOVED', { category: { _id: categoryId } });
      return [{ type: 'VideoRestored', data: { userId, videoId } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

const videoSnapshot: SnapshotCodec<VideoState> = {
  version: 1,
  encode: (state) => state,
  decode: (json) => {
    const { status, fields } = asObject(json);
    if (status !== 'unpublished' && status !== 'published' && status !== 'retired') throw new TypeError('snapshot: not a video state');
    return { status, ...(fields !== undefined && { fields: asObject(fields) as unknown as VideoFields }) };
  },
};

const streamOf = (command: VideoCommand) => streams.video(command.type === 'PublishVideo' ? command.video.videoId : command.videoId);

/**
 * One catalogue video (docs/design/catalogue.md): published, edited, retired, restored by operators.
 * Its read side is the catalogue each instance holds (catalogue/catalogue-projection.ts), not the
 * per-user read model; its events are lines of the operator's timeline. Undo never reverts them: an
 * operator restores what they retired, so a user who is no longer an operator cannot change the
 * catalogue through their undo stack.
 */
export const videoList: ListDefinition<VideoCommand, CatalogueVideoEvent, VideoState> = {
  name: 'video',
  eventTypes: ['VideoPublished', 'VideoEdited', 'VideoRetired', 'VideoRestored'],
  initialState: () => ({ status: 'unpublished' }),
  evolve,
  decide,
  snapshot: videoSnapshot,
  streamOf,
  project: () => [],
  compensate: () => undefined,
};

import type { NewEvent, StoredEvent } from '../events/event';
import type { AppEvent } from '../events/app-events';
import { ListDefinition, fold, isEventOf } from './decider';
import { historyList } from './history/history.list';
import { playlistList } from './playlist/playlist.list';
import { progressList } from './progress/progress.list';
import { subscriptionsList } from './subscriptions/subscriptions.list';
import { userAccount } from './user-account/user-account';
import { likesList, watchLaterList } from './video-set/video-set.list';
import { videoList } from './video/video.list';
import { categoryList } from './category/category.list';
import { viewsList } from './views/views.list';
import type { ReadModelChange } from '../read-model/read-model.port';

/**
 * A list with its types closed over: what the projection, undo and the library fold need of
 * any list, for an event of any type.
 */
export interface AnyList {
  readonly name: string;
  readonly eventTypes: readonly string[];
  readonly project: (event: StoredEvent) => ReadModelChange[];
  /** Whether this event of the list is a line of the activity timeline. */
  readonly inActivity: (event: StoredEvent) => boolean;
  /** Whether undo can revert this event (compensations themselves never are). */
  readonly undoable: (event: StoredEvent) => boolean;
  /**
   * Reverting `target`, given the events of its stream before it: the command that puts the list
   * back, ready to be decided on the stream as it is now.
   */
  readonly compensation: (target: StoredEvent, streamBefore: readonly StoredEvent[]) => PlannedCommand;
  /** The same, given the list's state just before `target` (this list's own state, e.g. from a checkpoint). */
  readonly compensationOn: (target: StoredEvent, before: unknown) => PlannedCommand;
}

/** A command for one list's decider, with the types that bind them kept together. */
export interface PlannedCommand {
  readonly name: string;
  /** `expectedRevision`: the revision the plan was made on; a stream that moved since is a conflict. */
  readonly run: <R>(runner: CommandSink<R>, stream: string, expectedRevision?: number) => R;
  /** The same command without the videos `keep` turns down (its list's `keepingVideos`), and those left out. */
  readonly keeping: (keep: (videoId: string) => boolean) => { readonly command?: PlannedCommand; readonly skipped: readonly string[] };
}

/** Whoever decides and appends (the command runner), seen from a planned command. */
interface CommandSink<R> {
  run<C, E extends NewEvent, S>(stream: string, list: ListDefinition<C, E, S>, command: C, expectedRevision?: number): R;
}

export function plan<C, E extends NewEvent, S>(list: ListDefinition<C, E, S>, command: C): PlannedCommand {
  return {
    name: list.name,
    run: (runner, stream, expectedRevision) => runner.run(stream, list, command, expectedRevision),
    keeping: (keep) => {
      const kept = list.keepingVideos?.(command, keep) ?? { command, skipped: [] };
      return { ...(kept.command !== undefined && { command: plan(list, kept.command) }), skipped: kept.skipped };
    },
  };
}

function compensate<C, E extends NewEvent, S>(list: ListDefinition<C, E, S>, target: StoredEvent, before: S): PlannedCommand {
  const revert = isEventOf(list, target) ? list.compensate(target) : undefined;
  if (!revert) throw new Error(`${target.type} is not a list action that undo reverts`);
  return plan(list, revert(before));
}

function erase<C, E extends NewEvent, S>(list: ListDefinition<C, E, S>): AnyList {
  return {
    name: list.name,
    eventTypes: list.eventTypes,
    project: (event) => (isEventOf(list, event) ? list.project(event) : []),
    inActivity: (event) => {
      const { inActivity } = list;
      return inActivity === undefined || (inActivity !== false && isEventOf(list, event) && inActivity(event));
    },
    undoable: (event) => isEventOf(list, event) && list.compensate(event) !== undefined,
    compensation: (target, streamBefore) => compensate(list, target, fold(list, list.initialState(), streamBefore)),
    compensationOn: (target, before) => compensate(list, target, before as S),
  };
}

/** Every list of the product. A new list is one more line here. */
const LISTS: readonly AnyList[] = [
  erase(userAccount),
  erase(likesList),
  erase(watchLaterList),
  erase(historyList),
  erase(playlistList),
  erase(subscriptionsList),
  erase(progressList),
  erase(videoList),
  erase(categoryList),
  erase(viewsList),
];

const byEventType = new Map(LISTS.flatMap((list) => list.eventTypes.map((type) => [type, list] as const)));

/** Whether a stored event is one of this product's own types (its data then has that type's shape). */
export const isAppEvent = (event: StoredEvent): event is StoredEvent<AppEvent> => byEventType.has(event.type);

/** The list that owns an event type; undefined for a type this code does not know. */
export const listOf = (type: string): AnyList | undefined => byEventType.get(type);

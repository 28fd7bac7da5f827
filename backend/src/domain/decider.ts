import type { NewEvent, StoredEvent } from '../events/event';
import type { ReadModelChange } from '../read-model/read-model.port';

/**
 * A decider holds one stream's rules as pure functions (no I/O), so that tests can drive them
 * with Given (past events) / When (command) / Then (new events or an error).
 */
export interface Decider<Command, Event extends NewEvent, State> {
  /** Names the stream kind; keys the folded-state cache and snapshots. */
  readonly name: string;
  /** Every event type of this stream: `evolve` sees only these (older code skips newer types). */
  readonly eventTypes: readonly Event['type'][];
  readonly initialState: () => State;
  readonly evolve: (state: State, event: StoredEvent<Event>) => State;
  /** Returns the events to append ([] = nothing to do), or throws a DomainError. */
  readonly decide: (command: Command, state: State) => Event[];
  /** How the state is stored as a snapshot (JSON); without it the stream is never snapshotted. */
  readonly snapshot?: SnapshotCodec<State>;
}

/**
 * One list, defined once: its decider, the stream a command goes to, the read-model change each
 * event makes, and how each event is reverted. The command side, the projection, time-travel and
 * export, undo and import all read this; none restates a rule.
 */
export interface ListDefinition<Command, Event extends NewEvent, State> extends Decider<Command, Event, State> {
  readonly streamOf: (command: Command) => string;
  /** The catalogue video a command names, checked before deciding: events name catalogue videos only. */
  readonly videoOf?: (command: Command) => string | undefined;
  /**
   * Whether the command only takes its video out of the list: a retired video may still be taken out
   * (its tombstone's Remove), where putting it in is refused with 410.
   */
  readonly takesOut?: (command: Command) => boolean;
  /**
   * The command without the catalogue videos `keep` turns down, and which those were: an undo puts back
   * only videos still in the catalogue (docs/design/library-controls.md, "Undo"). No `command` in the
   * answer: nothing is left to do. Absent: none of the list's commands puts back a video.
   */
  readonly keepingVideos?: (command: Command, keep: (videoId: string) => boolean) => KeptVideos<Command>;
  /**
   * A command's readable name, which its events carry as `causedBy` (docs/design/operating.md): the
   * command's `type` where this is absent, so a name shared by several lists (`AddVideo`) is given here.
   */
  readonly commandName?: (command: Command) => string;
  /** The read-model changes of one event: assignments, so that re-applying is harmless. */
  readonly project: (event: StoredEvent<Event>) => ReadModelChange[];
  /**
   * How to revert this event: given the list's state just before it, the command that puts that
   * state back (decided like any other command). Undefined: not an action undo reverts.
   */
  readonly compensate: (event: StoredEvent<Event>) => ((before: State) => Command) | undefined;
  /**
   * Which of its events make a line in the activity timeline. false: none; a function: those it accepts
   * (playback progress, recorded every few seconds while watching, would drown the user's own actions,
   * but clearing it is one). Absent: every event does.
   */
  readonly inActivity?: false | ((event: StoredEvent<Event>) => boolean);
}

/** What `keepingVideos` left of a command: the command (absent when nothing is left) and the ids it left out. */
export interface KeptVideos<Command> {
  readonly command?: Command;
  readonly skipped: readonly string[];
}

/** `keepingVideos` for a command that puts back at most `videoId`: the whole command, or nothing. */
export const keepingOne = <Command>(command: Command, videoId: string, keep: (videoId: string) => boolean): KeptVideos<Command> =>
  keep(videoId) ? { command, skipped: [] } : { skipped: [videoId] };

/**
 * Turns a decider's state into JSON and back. `decode` may throw on a document it does not
 * recognise: the snapshot is then ignored and the stream folded from its start.
 */
export interface SnapshotCodec<State> {
  /** Bump whenever evolve or the state's shape changes: snapshots of another version are ignored. */
  readonly version: number;
  readonly encode: (state: State) => unknown;
  readonly decode: (json: unknown) => State;
}

/** True when the event is one of this decider's own types (the store's data is trusted by type). */
export function isEventOf<E extends NewEvent, State>(
  decider: Pick<Decider<never, E, State>, 'eventTypes' | 'evolve'>,
  event: StoredEvent,
): event is StoredEvent<E> {
  return (decider.eventTypes as readonly string[]).includes(event.type);
}

export function fold<E extends NewEvent, State>(
  decider: Pick<Decider<never, E, State>, 'evolve' | 'eventTypes'>,
  state: State,
  events: readonly StoredEvent[],
): State {
  return events.reduce((s, event) => (isEventOf(decider, event) ? decider.evolve(s, event) : s), state);
}

/** The same decider over any stored event: events of other types leave its state as it is (as in `fold`). */
export function overAnyEvent<C, E extends NewEvent, S>(decider: Decider<C, E, S>): Decider<C, NewEvent, S> {
  return { ...decider, evolve: (state, event) => (isEventOf(decider, event) ? decider.evolve(state, event) : state) };
}

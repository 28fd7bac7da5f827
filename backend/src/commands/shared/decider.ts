/**
 * A decider holds one stream's rules as pure functions (no I/O), so that tests can drive
 * them with Given (past events) / When (command) / Then (new events or an error).
 */
export interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
}

export interface Decider<Command, Event extends StoredEvent, State> {
  /** Names the stream kind; keys the folded-state cache. */
  readonly name: string;
  readonly initialState: () => State;
  /** Must ignore event types it does not know, so that old code can read newer streams. */
  readonly evolve: (state: State, event: StoredEvent) => State;
  /** Returns the events to append ([] = nothing to do), or throws a DomainError. */
  readonly decide: (command: Command, state: State) => Event[];
  /** How the state is stored as a snapshot (JSON); without it the stream is never snapshotted. */
  readonly snapshot?: SnapshotCodec<State>;
}

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

export function fold<State>(
  decider: Pick<Decider<unknown, StoredEvent, State>, 'evolve'>,
  state: State,
  events: readonly StoredEvent[],
): State {
  return events.reduce(decider.evolve, state);
}

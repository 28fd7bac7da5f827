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
}

export function fold<State>(
  decider: Pick<Decider<unknown, StoredEvent, State>, 'evolve'>,
  state: State,
  events: readonly StoredEvent[],
): State {
  return events.reduce(decider.evolve, state);
}

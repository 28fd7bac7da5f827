import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import { Decider, ListEvent, StoredEvent, fold } from './decider';

/** Past events as the store would hand them over: positions 1, 2, … and a time, unless a test gives its own. */
const recorded = (events: readonly (ListEvent & Partial<StoredEvent>)[]): StoredEvent[] =>
  events.map((event, i) => ({ position: BigInt(i + 1), createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString(), ...event }));

/**
 * Given (past events) / When (command) / Then (new events, or a DomainError code), with no I/O.
 * Used by the lists' unit tests.
 */
export function given<C, E extends ListEvent, S>(decider: Decider<C, E, S>, history: readonly (ListEvent & Partial<StoredEvent>)[]) {
  const state = fold(decider, decider.initialState(), recorded(history));
  return {
    when: (command: C) => ({
      then: (expected: readonly ListEvent[]) => expect(decider.decide(command, state)).toEqual(expected),
      thenFails: (code: ErrorCode) => {
        let thrown: unknown;
        try {
          decider.decide(command, state);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(DomainError);
        expect((thrown as DomainError).code).toBe(code);
      },
    }),
  };
}

import { DomainError } from '../../errors/domain-error';
import { ErrorCode } from '../../errors/error-catalogue';
import { Decider, StoredEvent, fold } from './decider';

/**
 * Given (past events) / When (command) / Then (new events, or a DomainError code), with no I/O.
 * Used by the deciders' unit tests.
 */
export function given<C, E extends StoredEvent, S>(decider: Decider<C, E, S>, history: readonly StoredEvent[]) {
  const state = fold(decider, decider.initialState(), history);
  return {
    when: (command: C) => ({
      then: (expected: readonly E[]) => expect(decider.decide(command, state)).toEqual(expected),
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

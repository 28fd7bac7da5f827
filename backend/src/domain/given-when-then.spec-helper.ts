import type { NewEvent, StoredEvent } from '../events/event';
import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-catalogue';
import { Decider, fold } from './decider';

/** An event as the store would hand it over, at `position` and `createdAt`; the rest a test does not look at. */
export const stored = <E extends NewEvent>(event: E, position = 1n, createdAt = '2026-01-01T00:00:00.000Z'): StoredEvent<E> => ({
  id: `event-${position}`,
  streamId: 'stream',
  revision: Number(position) - 1,
  metadata: {},
  ...event,
  position,
  createdAt,
});

/** Past events as the store would hand them over: positions 1, 2, … and a time, unless a test gives its own. */
const recorded = (events: readonly (NewEvent & Partial<StoredEvent>)[]): StoredEvent[] =>
  events.map((event, i) =>
    stored(event, event.position ?? BigInt(i + 1), event.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString()),
  );

/**
 * Given (past events) / When (command) / Then (new events, or a DomainError code), with no I/O.
 * Used by the lists' unit tests.
 */
export function given<C, E extends NewEvent, S>(decider: Decider<C, E, S>, history: readonly (NewEvent & Partial<StoredEvent>)[]) {
  const state = fold(decider, decider.initialState(), recorded(history));
  return {
    when: (command: C) => ({
      then: (expected: readonly NewEvent[]) => expect(decider.decide(command, state)).toEqual(expected),
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

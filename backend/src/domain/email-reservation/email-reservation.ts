import { DomainError } from '../../errors/domain-error';
import { EmailReservationEvent } from '../../events/app-events';
import { Decider } from '../decider';

/**
 * `Reserve`: the email becomes `userId`'s, unless someone else holds it. `takeOverFrom`: the holder
 * the caller found gone (erased, or a signup that crashed before its account was written), decided
 * against the stream as it is, so two signups can never both win. `Release`: only by its holder.
 */
export type ReservationCommand =
  | { readonly type: 'Reserve'; readonly userId: string; readonly takeOverFrom?: string }
  | { readonly type: 'Release'; readonly userId: string };

export interface ReservationState {
  /** Who holds the email now, and since when (the EmailReserved's time). */
  readonly holder?: string;
  readonly since?: string;
}

/**
 * One email's reservation (stream `emailres-<keyed hash of the email>`): email uniqueness decided by
 * the store itself, since every decision is appended with the revision it was decided on. Not a list:
 * it has no read-model changes and nothing to undo.
 */
export const emailReservation: Decider<ReservationCommand, EmailReservationEvent, ReservationState> = {
  name: 'email-reservation',
  eventTypes: ['EmailReserved', 'EmailReleased'],
  initialState: () => ({}),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EmailReserved':
        return { holder: event.data.userId, since: event.createdAt };
      case 'EmailReleased':
        return state.holder === event.data.userId ? {} : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Reserve':
        if (state.holder !== undefined && state.holder !== command.takeOverFrom) throw new DomainError('EMAIL_EXISTS');
        return [{ type: 'EmailReserved', data: { userId: command.userId } }];
      case 'Release':
        return state.holder === command.userId ? [{ type: 'EmailReleased', data: { userId: command.userId } }] : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

import { DomainError } from '../errors/domain-error';
import { UserEvent, UserSignedUpData, streams } from '../events/app-events';
import { ListDefinition } from './decider';

type SignUpData = Omit<UserSignedUpData, 'erased'>;

export type UserCommand = ({ readonly type: 'SignUp' } & SignUpData) | { readonly type: 'DeleteAccount'; readonly userId: string };

/** `erased`: the account was deleted (AccountDeleted), or its personal data key is gone: it is nobody now. */
export type UserState =
  { readonly registered: false; readonly erased?: true } | ({ readonly registered: true; readonly erased?: undefined } & SignUpData);

/** A user's own stream: signing up (decided once, the stream must not exist yet) and deleting the account. */
export const userAccount: ListDefinition<UserCommand, UserEvent, UserState> = {
  name: 'user',
  eventTypes: ['UserSignedUp', 'AccountDeleted'],
  initialState: () => ({ registered: false }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'UserSignedUp': {
        const { erased, ...data } = event.data;
        return erased ? { registered: false, erased: true } : { registered: true, ...data };
      }
      case 'AccountDeleted':
        return { registered: false, erased: true };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SignUp': {
        if (state.registered || state.erased) throw new DomainError('EMAIL_EXISTS');
        const { type: _type, ...data } = command;
        return [{ type: 'UserSignedUp', data }];
      }
      case 'DeleteAccount':
        if (!state.registered) throw new DomainError('INVALID_TOKEN');
        return [{ type: 'AccountDeleted', data: { userId: command.userId } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
  streamOf: (command) => streams.user(command.userId),
  project: (event) => {
    switch (event.type) {
      case 'UserSignedUp': {
        const { userId, email, firstName, lastName, name, username, createdAt, erased } = event.data;
        // The password hash stays in the event store: the read model serves profiles to clients.
        if (erased) return [];
        return [{ op: 'putUser', user: { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt: createdAt } }];
      }
      case 'AccountDeleted':
        return [{ op: 'eraseUser', userId: event.data.userId }];
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  // Signing up and deleting the account are not list actions: undo walks past them.
  compensate: () => undefined,
};

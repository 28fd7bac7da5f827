import { DomainError } from '../errors/domain-error';
import { UserEvent, UserSignedUpData, streams } from '../events/app-events';
import { ListDefinition } from './decider';

export type UserCommand = { readonly type: 'SignUp' } & UserSignedUpData;

export type UserState = { readonly registered: false } | ({ readonly registered: true } & UserSignedUpData);

/** A user's own stream: signing up, decided once per email (the stream must not exist yet). */
export const userAccount: ListDefinition<UserCommand, UserEvent, UserState> = {
  name: 'user',
  eventTypes: ['UserSignedUp'],
  initialState: () => ({ registered: false }),
  evolve: (_state, event) => ({ registered: true, ...event.data }),
  decide: (command, state) => {
    if (state.registered) throw new DomainError('EMAIL_EXISTS');
    const { type: _type, ...data } = command;
    return [{ type: 'UserSignedUp', data }];
  },
  streamOf: (command) => streams.user(command.userId),
  project: ({ data: { userId, email, firstName, lastName, name, username, createdAt } }) =>
    // The password hash stays in the event store: the read model serves profiles to clients.
    [{ op: 'putUser', user: { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt: createdAt } }],
  // Signing up is not a list action: undo walks past it.
  compensate: () => undefined,
};

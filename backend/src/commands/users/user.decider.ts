import { DomainError } from '../../errors/domain-error';
import { UserEvent, UserSignedUpData } from '../../events/app-events';
import { Decider, StoredEvent } from '../shared/decider';

export type UserCommand = { readonly type: 'SignUp' } & UserSignedUpData;

export type UserState = { readonly registered: false } | ({ readonly registered: true } & UserSignedUpData);

function evolve(state: UserState, event: StoredEvent): UserState {
  const e = event as UserEvent;
  if (e.type === 'UserSignedUp') return { registered: true, ...e.data };
  return state;
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (state.registered) throw new DomainError('EMAIL_EXISTS');
  const { type: _type, ...data } = command;
  return [{ type: 'UserSignedUp', data }];
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  name: 'user',
  initialState: () => ({ registered: false }),
  evolve,
  decide,
};

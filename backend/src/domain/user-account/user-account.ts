import { DomainError } from '../../errors/domain-error';
import { UserEvent, UserSignedUpData, streams } from '../../events/app-events';
import type { ReadModelChange } from '../../read-model/read-model.port';
import { ListDefinition } from '../decider';
import type { StoredEvent } from '../../events/event';

type SignUpData = Omit<UserSignedUpData, 'erased'>;

export type UserCommand =
  | ({ readonly type: 'SignUp' } & SignUpData)
  /** Absent names keep their value. */
  | {
      readonly type: 'UpdateProfile';
      readonly userId: string;
      readonly firstName?: string;
      readonly lastName?: string;
      readonly at: string;
    }
  /**
   * `replaces`: the hash the current password was checked against; another change in between makes
   * the check stale, so the command is refused rather than applied on top of it.
   */
  | {
      readonly type: 'ChangePassword';
      readonly userId: string;
      readonly passwordHash: string;
      readonly replaces: string;
      readonly at: string;
    }
  | { readonly type: 'RevokeSessions'; readonly userId: string; readonly at: string }
  /** `by`: the operator asking (a user id), or "cli" (docs/design/catalogue.md, "Operators"). */
  | { readonly type: 'GrantOperator'; readonly userId: string; readonly by: string }
  | { readonly type: 'RevokeOperator'; readonly userId: string; readonly by: string }
  | { readonly type: 'DeleteAccount'; readonly userId: string };

/** `erased`: the account was deleted (AccountDeleted), or its personal data key is gone: it is nobody now. */
export type UserState =
  | { readonly registered: false; readonly erased?: true }
  | ({
      readonly registered: true;
      readonly erased?: undefined;
      readonly updatedAt: string;
      readonly sessionGeneration: number;
      /** May change the catalogue (docs/design/catalogue.md, "Operators"). */
      readonly operator: boolean;
    } & SignUpData);

const ERASED: UserState = { registered: false, erased: true };

function evolve(state: UserState, event: StoredEvent<UserEvent>): UserState {
  if (event.type === 'UserSignedUp') {
    const { erased, ...data } = event.data;
    return erased ? ERASED : { registered: true, ...data, updatedAt: data.createdAt, sessionGeneration: 0, operator: false };
  }
  if (event.type === 'AccountDeleted') return ERASED;
  // Account changes only ever follow a sign-up in the same stream, and nothing follows an erasure.
  if (!state.registered) return state;
  switch (event.type) {
    case 'ProfileUpdated':
      if (event.data.erased) return ERASED;
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName, updatedAt: event.data.updatedAt };
    case 'PasswordChanged':
      if (event.data.erased) return ERASED;
      return { ...state, passwordHash: event.data.passwordHash, sessionGeneration: event.data.sessionGeneration, updatedAt: event.data.at };
    case 'SessionsRevoked':
      return { ...state, sessionGeneration: event.data.sessionGeneration };
    case 'OperatorGranted':
      return { ...state, operator: true };
    case 'OperatorRevoked':
      return { ...state, operator: false };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'SignUp') {
    if (state.registered || state.erased) throw new DomainError('EMAIL_EXISTS');
    const { type: _type, ...data } = command;
    return [{ type: 'UserSignedUp', data }];
  }
  if (command.type === 'DeleteAccount') {
    if (!state.registered) throw new DomainError('INVALID_TOKEN');
    return [{ type: 'AccountDeleted', data: { userId: command.userId } }];
  }
  if (!state.registered) throw new DomainError('USER_NOT_FOUND');
  if (command.type === 'GrantOperator' || command.type === 'RevokeOperator') return decideRole(command, state.operator);
  const { userId, at } = command;
  switch (command.type) {
    case 'UpdateProfile': {
      const firstName = command.firstName ?? state.firstName;
      const lastName = command.lastName ?? state.lastName;
      if (firstName === state.firstName && lastName === state.lastName) return [];
      return [{ type: 'ProfileUpdated', data: { userId, firstName, lastName, updatedAt: at } }];
    }
    case 'ChangePassword':
      if (command.replaces !== state.passwordHash) throw new DomainError('WRONG_CURRENT_PASSWORD');
      return [
        {
          type: 'PasswordChanged',
          data: { userId, passwordHash: command.passwordHash, sessionGeneration: state.sessionGeneration + 1, at },
        },
      ];
    case 'RevokeSessions':
      return [{ type: 'SessionsRevoked', data: { userId, sessionGeneration: state.sessionGeneration + 1, at } }];
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
    }
  }
}

type RoleCommand = Extract<UserCommand, { type: 'GrantOperator' | 'RevokeOperator' }>;

/**
 * A grant or revoke that changes nothing appends nothing. Nobody revokes themselves, so that the
 * catalogue never loses its last operator by accident (docs/design/catalogue.md, "Operators").
 */
function decideRole({ type, userId, by }: RoleCommand, operator: boolean): UserEvent[] {
  if (type === 'GrantOperator') return operator ? [] : [{ type: 'OperatorGranted', data: { userId, by } }];
  if (by === userId) throw new DomainError('CANNOT_REVOKE_SELF');
  return operator ? [{ type: 'OperatorRevoked', data: { userId, by } }] : [];
}

function project(event: StoredEvent<UserEvent>): ReadModelChange[] {
  switch (event.type) {
    case 'UserSignedUp': {
      const { userId, email, firstName, lastName, name, username, createdAt, erased } = event.data;
      // The password hash stays in the event store: the read model serves profiles to clients.
      if (erased) return [];
      return [{ op: 'putUser', user: { _id: userId, email, firstName, lastName, name, username, createdAt, updatedAt: createdAt } }];
    }
    case 'ProfileUpdated': {
      const { userId, firstName, lastName, updatedAt, erased } = event.data;
      if (erased) return [];
      return [{ op: 'updateUser', userId, fields: { firstName, lastName, updatedAt } }];
    }
    case 'PasswordChanged':
      // Never the hash: only the generation that retires every earlier token.
      return [
        {
          op: 'updateUser',
          userId: event.data.userId,
          fields: { sessionGeneration: event.data.sessionGeneration, updatedAt: event.data.at },
        },
      ];
    case 'SessionsRevoked':
      return [{ op: 'updateUser', userId: event.data.userId, fields: { sessionGeneration: event.data.sessionGeneration } }];
    case 'OperatorGranted':
      return [{ op: 'updateUser', userId: event.data.userId, fields: { operator: true } }];
    case 'OperatorRevoked':
      return [{ op: 'updateUser', userId: event.data.userId, fields: { operator: false } }];
    case 'AccountDeleted':
      return [{ op: 'eraseUser', userId: event.data.userId }];
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/**
 * A user's own stream: signing up (decided once: the stream must not exist yet), the account
 * changes (name, password, signing out everywhere, the operator role) and deleting the account. None of them is a list action: undo walks
 * past them, and export, import and time-travel leave them out (a password or a sign-out is not part
 * of a library).
 */
export const userAccount: ListDefinition<UserCommand, UserEvent, UserState> = {
  name: 'user',
  eventTypes: [
    'UserSignedUp',
    'ProfileUpdated',
    'PasswordChanged',
    'SessionsRevoked',
    'AccountDeleted',
    'OperatorGranted',
    'OperatorRevoked',
  ],
  initialState: () => ({ registered: false }),
  evolve,
  decide,
  streamOf: (command) => streams.user(command.userId),
  project,
  compensate: () => undefined,
};

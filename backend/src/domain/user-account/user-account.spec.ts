import { given, stored } from '../given-when-then.spec-helper';
import { userAccount as userDecider } from './user-account';
import { normaliseEmail, userIdForEmail } from '../../shared/user-id';

const signUp = {
  type: 'SignUp' as const,
  userId: 'u1',
  email: 'ada@example.com',
  passwordHash: 'scrypt$…',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdAt: '2026-11-21T10:00:00+00:00',
};
const { type: _t, ...signedUpData } = signUp;

describe('user decider', () => {
  test('signing up on a fresh stream emits UserSignedUp', () => {
    given(userDecider, [])
      .when(signUp)
      .then([{ type: 'UserSignedUp', data: signedUpData }]);
  });

  test('signing up again for the same user fails with 422 EMAIL_EXISTS', () => {
    given(userDecider, [{ type: 'UserSignedUp', data: signedUpData }])
      .when(signUp)
      .thenFails('EMAIL_EXISTS');
  });
});

describe('account changes', () => {
  const signedUp = { type: 'UserSignedUp', data: signedUpData };
  const at = '2026-11-24T10:00:00+00:00';

  test('a profile change carries the resulting names; the same names again decide nothing', () => {
    given(userDecider, [signedUp])
      .when({ type: 'UpdateProfile', userId: 'u1', firstName: 'Augusta', at })
      .then([{ type: 'ProfileUpdated', data: { userId: 'u1', firstName: 'Augusta', lastName: 'Lovelace', updatedAt: at } }]);
    given(userDecider, [signedUp]).when({ type: 'UpdateProfile', userId: 'u1', firstName: 'Ada', at }).then([]);
  });

  test('each password change or revocation raises the session generation by one', () => {
    const changed = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new', sessionGeneration: 1, at } };
    given(userDecider, [signedUp])
      .when({ type: 'ChangePassword', userId: 'u1', passwordHash: 'scrypt$new', replaces: signUp.passwordHash, at })
      .then([changed]);
    given(userDecider, [signedUp, changed])
      .when({ type: 'RevokeSessions', userId: 'u1', at })
      .then([{ type: 'SessionsRevoked', data: { userId: 'u1', sessionGeneration: 2, at } }]);
  });

  test('a password change checked against a hash that is no longer current is refused', () => {
    const changed = { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$other', sessionGeneration: 1, at } };
    given(userDecider, [signedUp, changed])
      .when({ type: 'ChangePassword', userId: 'u1', passwordHash: 'scrypt$new', replaces: signUp.passwordHash, at })
      .thenFails('WRONG_CURRENT_PASSWORD');
  });

  test('no account, no change', () => {
    given(userDecider, []).when({ type: 'RevokeSessions', userId: 'u1', at }).thenFails('USER_NOT_FOUND');
  });
});

describe('user ids', () => {
  test('one id per email, however it is cased or padded', () => {
    expect(userIdForEmail('  Ada@Example.COM ')).toBe(userIdForEmail('ada@example.com'));
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  test('different emails get different RFC 9562 version-5 UUIDs', () => {
    const a = userIdForEmail('a@example.com');
    const b = userIdForEmail('b@example.com');
    expect(a).not.toBe(b);
    for (const id of [a, b]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('deleting an account', () => {
  test('a registered account is deleted once; a deleted or erased one cannot be deleted or signed up again', () => {
    given(userDecider, [{ type: 'UserSignedUp', data: signedUpData }])
      .when({ type: 'DeleteAccount', userId: 'u1' })
      .then([{ type: 'AccountDeleted', data: { userId: 'u1' } }]);
    const deleted = [
      { type: 'UserSignedUp', data: signedUpData },
      { type: 'AccountDeleted', data: { userId: 'u1' } },
    ];
    given(userDecider, deleted).when({ type: 'DeleteAccount', userId: 'u1' }).thenFails('INVALID_TOKEN');
    given(userDecider, deleted).when(signUp).thenFails('EMAIL_EXISTS');
    // Its key destroyed, the sign-up reads as erased (no personal fields): nobody, whatever follows.
    const unreadable = [{ type: 'UserSignedUp', data: { userId: 'u1', createdAt: signUp.createdAt, erased: true } }];
    given(userDecider, unreadable).when({ type: 'DeleteAccount', userId: 'u1' }).thenFails('INVALID_TOKEN');
  });

  test('the projection removes everything of the user, and an erased sign-up puts no profile', () => {
    expect(userDecider.project(stored({ type: 'AccountDeleted' as const, data: { userId: 'u1' } }, 9n))).toEqual([
      { op: 'eraseUser', userId: 'u1' },
    ]);
    const erased = { type: 'UserSignedUp' as const, data: { userId: 'u1', createdAt: signUp.createdAt, erased: true } as never };
    expect(userDecider.project(stored(erased, 9n))).toEqual([]);
  });
});

describe('the operator role', () => {
  const signedUp = { type: 'UserSignedUp', data: signedUpData };
  const granted = { type: 'OperatorGranted', data: { userId: 'u1', by: 'cli' } };

  test('a grant names who made it; granting an operator again appends nothing', () => {
    given(userDecider, [signedUp]).when({ type: 'GrantOperator', userId: 'u1', by: 'cli' }).then([granted]);
    given(userDecider, [signedUp, granted]).when({ type: 'GrantOperator', userId: 'u1', by: 'u2' }).then([]);
  });

  test('a revoke names who made it; revoking a user who is not an operator appends nothing', () => {
    given(userDecider, [signedUp, granted])
      .when({ type: 'RevokeOperator', userId: 'u1', by: 'u2' })
      .then([{ type: 'OperatorRevoked', data: { userId: 'u1', by: 'u2' } }]);
    given(userDecider, [signedUp]).when({ type: 'RevokeOperator', userId: 'u1', by: 'u2' }).then([]);
    const revoked = { type: 'OperatorRevoked', data: { userId: 'u1', by: 'u2' } };
    given(userDecider, [signedUp, granted, revoked]).when({ type: 'RevokeOperator', userId: 'u1', by: 'cli' }).then([]);
    given(userDecider, [signedUp, granted, revoked]).when({ type: 'GrantOperator', userId: 'u1', by: 'cli' }).then([granted]);
  });

  test('nobody revokes their own role', () => {
    given(userDecider, [signedUp, granted]).when({ type: 'RevokeOperator', userId: 'u1', by: 'u1' }).thenFails('CANNOT_REVOKE_SELF');
  });

  test('no role for an account that does not exist or was deleted', () => {
    given(userDecider, []).when({ type: 'GrantOperator', userId: 'u1', by: 'cli' }).thenFails('USER_NOT_FOUND');
    const deleted = [signedUp, granted, { type: 'AccountDeleted', data: { userId: 'u1' } }];
    given(userDecider, deleted).when({ type: 'GrantOperator', userId: 'u1', by: 'cli' }).thenFails('USER_NOT_FOUND');
    given(userDecider, deleted).when({ type: 'RevokeOperator', userId: 'u1', by: 'cli' }).thenFails('USER_NOT_FOUND');
  });

  test('the projection marks the profile while the role lasts', () => {
    expect(userDecider.project(stored({ type: 'OperatorGranted' as const, data: { userId: 'u1', by: 'cli' } }, 5n))).toEqual([
      { op: 'updateUser', userId: 'u1', fields: { operator: true } },
    ]);
    expect(userDecider.project(stored({ type: 'OperatorRevoked' as const, data: { userId: 'u1', by: 'u2' } }, 6n))).toEqual([
      { op: 'updateUser', userId: 'u1', fields: { operator: false } },
    ]);
  });
});

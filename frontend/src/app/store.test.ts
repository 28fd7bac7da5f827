import { describe, expect, test } from 'vitest';
import { movesOf } from '@/features/playlists/move-queue';
import { loggedOut, profileRead } from '@/features/auth/auth-slice';
import { makeStore } from './store';

const extraOf = (store: ReturnType<typeof makeStore>) => store.dispatch((_dispatch, _getState, extra: unknown) => extra);

describe('makeStore', () => {
  test('two stores never share the playlist move queue', () => {
    const a = makeStore();
    const b = makeStore();
    expect(movesOf(extraOf(a))).not.toBe(movesOf(extraOf(b)));
    expect(movesOf(extraOf(a))).toBe(movesOf(extraOf(a)));
  });

  test('starts from the given session and signs out to an empty one', () => {
    const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', createdAt: '2026-01-01T00:00:00Z' };
    const store = makeStore({ auth: { token: 't1', user } });
    expect(store.getState().auth.token).toBe('t1');
    store.dispatch(loggedOut());
    expect(store.getState().auth).toEqual({ token: null, user: null });
  });

  test('the profile read afresh replaces the kept one: a role granted shows, a role revoked goes', () => {
    const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', createdAt: '2026-01-01T00:00:00Z' };
    const store = makeStore({ auth: { token: 't1', user } });
    store.dispatch(profileRead({ ...user, firstName: 'Augusta', operator: true }));
    expect(store.getState().auth.user).toEqual({ ...user, firstName: 'Augusta', operator: true });
    store.dispatch(profileRead({ ...user, firstName: 'Augusta' }));
    expect(store.getState().auth.user).toEqual({ ...user, firstName: 'Augusta' });
    expect(store.getState().auth.token).toBe('t1');
    store.dispatch(loggedOut());
    store.dispatch(profileRead(user));
    expect(store.getState().auth.user).toBeNull();
  });
});

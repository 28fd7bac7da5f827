import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearSession, isRemembered, loadSession, saveSession } from './session-storage';
import type { User } from '@/lib/types';

const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada' } as User;

describe('the stored session (session token)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  test('"Remember me" keeps the token and user in localStorage under the keys of the spec, and a reload restores them', () => {
    saveSession({ token: 't1', user }, true);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(loadSession()).toEqual({ token: 't1', user });
    expect(isRemembered()).toBe(true);
  });

  test('saving the session already stored writes nothing; a changed profile, token or place is written', () => {
    saveSession({ token: 't1', user }, true);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    try {
      saveSession({ token: 't1', user: { ...user } }, true);
      expect(setItem).not.toHaveBeenCalled();
      expect(removeItem).not.toHaveBeenCalled();
      saveSession({ token: 't1', user: { ...user, firstName: 'Augusta' } }, true);
      expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ ...user, firstName: 'Augusta' });
      saveSession({ token: 't2', user: { ...user, firstName: 'Augusta' } }, true);
      expect(localStorage.getItem('token')).toBe('t2');
      saveSession({ token: 't2', user: { ...user, firstName: 'Augusta' } }, false);
      expect([localStorage.getItem('token'), sessionStorage.getItem('token')]).toEqual([null, 't2']);
    } finally {
      setItem.mockRestore();
      removeItem.mockRestore();
    }
  });

  test('without "Remember me" the session lives in sessionStorage only, and moving between the two leaves no copy', () => {
    saveSession({ token: 't1', user }, true);
    saveSession({ token: 't2', user }, false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('t2');
    expect(loadSession().token).toBe('t2');
    expect(isRemembered()).toBe(false);
  });

  test('a broken session (token without a readable user) starts signed out', () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('user', '{not json');
    expect(loadSession()).toEqual({ token: null, user: null });
    localStorage.setItem('user', 'null');
    expect(loadSession()).toEqual({ token: null, user: null });
  });

  test('signing out clears both storages; saving a session without a token does too', () => {
    saveSession({ token: 't1', user }, true);
    sessionStorage.setItem('token', 'stale');
    clearSession();
    expect([localStorage.getItem('token'), sessionStorage.getItem('token'), localStorage.getItem('user')]).toEqual([null, null, null]);
    saveSession({ token: 't1', user }, false);
    saveSession({ token: null, user: null }, false);
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

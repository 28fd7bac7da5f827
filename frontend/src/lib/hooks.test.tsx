import { configureStore } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useSignedInAction, useUserArg } from './hooks';

function wrapper(token: string | null, seen: { path?: string; state?: unknown }) {
  // The part of the state the hooks read (lib/session-token.ts).
  const store = configureStore({ reducer: { auth: (state: { token: string | null } = { token }) => state } });
  function Where() {
    const location = useLocation();
    seen.path = location.pathname;
    seen.state = location.state;
    return null;
  }
  return ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={['/videoPlay/v1']}>
        {children}
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>
  );
}

describe('the list hooks', () => {
  afterEach(cleanup);

  test('a guest has no lists to read: the query argument is skipToken', () => {
    const { result } = renderHook(() => useUserArg('likes'), { wrapper: wrapper(null, {}) });
    expect(result.current).toBe(skipToken);
  });

  test('a signed-in user reads their lists with the argument given', () => {
    const { result } = renderHook(() => useUserArg('likes'), { wrapper: wrapper('t1', {}) });
    expect(result.current).toBe('likes');
  });

  test('a guest action goes to /login with the reason, and where they were', () => {
    const seen: { path?: string; state?: unknown } = {};
    const action = vi.fn();
    const { result } = renderHook(() => useSignedInAction(), { wrapper: wrapper(null, seen) });
    act(() => result.current(action, { reason: 'Log in to like videos' }));
    expect(action).not.toHaveBeenCalled();
    expect(seen.path).toBe('/login');
    expect(seen.state).toMatchObject({ reason: 'Log in to like videos', from: { pathname: '/videoPlay/v1' } });
  });

  test('a signed-in action runs at once', () => {
    const seen: { path?: string } = {};
    const action = vi.fn();
    const { result } = renderHook(() => useSignedInAction(), { wrapper: wrapper('t1', seen) });
    act(() => result.current(action));
    expect(action).toHaveBeenCalledTimes(1);
    expect(seen.path).toBe('/videoPlay/v1');
  });
});

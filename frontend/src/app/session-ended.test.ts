// A 401 on a call made with a token, through the app's own store: the session ends, and the user is told once.
import { afterEach, expect, test, vi } from 'vitest';
import { likes } from '@/features/video-sets/video-sets-api';
import { toasts, type ToastRequest } from '@/lib/notify';
import { stubServer } from '@/lib/stub-server';
import { makeStore } from './store';

afterEach(() => vi.unstubAllGlobals());

const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', createdAt: '2026-01-01T00:00:00Z' };

/** Collects the toasts asked for while connected. */
function watchToasts(): { shown: string[]; disconnect: () => void } {
  const shown: string[] = [];
  const disconnect = toasts.connect(({ kind, message }: ToastRequest) => shown.push(`${kind}: ${message}`));
  return { shown, disconnect };
}

test("a list read refused with a 401 ends the session with one toast, not the server's words beside it", async () => {
  stubServer(() => Response.json({ errors: ['The token is invalid. Unauthorized access error.'] }, { status: 401 }));
  const store = makeStore({ auth: { token: 't1', user } });
  const { shown, disconnect } = watchToasts();
  try {
    await store.dispatch(likes.endpoints.read.initiate());
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(shown).toEqual(['error: Your session has ended. Please log in again.']);
  } finally {
    disconnect();
  }
});

test("a guest's 401 (no session to end) shows the server's words", async () => {
  stubServer(() => Response.json({ errors: ['The token is invalid. Unauthorized access error.'] }, { status: 401 }));
  const store = makeStore();
  const { shown, disconnect } = watchToasts();
  try {
    await store.dispatch(likes.endpoints.read.initiate());
    expect(shown).toEqual(['error: The token is invalid. Unauthorized access error.']);
  } finally {
    disconnect();
  }
});

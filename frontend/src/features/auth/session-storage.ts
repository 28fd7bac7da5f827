import type { User } from '@/lib/types';

// SPEC §3: the session lives in localStorage under exactly these keys.
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface Session {
  token: string | null;
  user: User | null;
}

export function loadSession(): Session {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const rawUser = localStorage.getItem(USER_KEY);
    const user = rawUser ? (JSON.parse(rawUser) as User) : null;
    // A token without a readable user (or the reverse) is a broken session: start signed out.
    if (!token || !user || typeof user !== 'object') return { token: null, user: null };
    return { token, user };
  } catch {
    return { token: null, user: null };
  }
}

export function saveSession({ token, user }: Session): void {
  if (!token || !user) return clearSession();
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

import type { User } from '@/lib/types';

// The session is kept under exactly these keys. "Remember me" picks where: localStorage
// outlives the browser; sessionStorage ends with it (the same keys, so nothing else changes).
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface Session {
  token: string | null;
  user: User | null;
}

const SIGNED_OUT: Session = { token: null, user: null };

function readFrom(storage: Storage): Session {
  const token = storage.getItem(TOKEN_KEY);
  const rawUser = storage.getItem(USER_KEY);
  const user = rawUser ? (JSON.parse(rawUser) as User) : null;
  // A token without a readable user (or the reverse) is a broken session: start signed out.
  if (!token || !user || typeof user !== 'object') return SIGNED_OUT;
  return { token, user };
}

export function loadSession(): Session {
  try {
    const remembered = readFrom(localStorage);
    return remembered.token ? remembered : readFrom(sessionStorage);
  } catch {
    return SIGNED_OUT;
  }
}

/** `remember`: keep the session after the browser closes (localStorage), or only for this browser session. */
export function saveSession({ token, user }: Session, remember: boolean): void {
  if (!token || !user) return clearSession();
  const [keep, drop] = remember ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
  const userText = JSON.stringify(user);
  // Every signed-in page load reads the profile and saves the session it finds unchanged: a storage write
  // costs the browser milliseconds of the first screen (README, "Speed on a phone"), a read next to nothing.
  const unchanged =
    keep.getItem(TOKEN_KEY) === token &&
    keep.getItem(USER_KEY) === userText &&
    drop.getItem(TOKEN_KEY) === null &&
    drop.getItem(USER_KEY) === null;
  if (unchanged) return;
  keep.setItem(TOKEN_KEY, token);
  keep.setItem(USER_KEY, userText);
  drop.removeItem(TOKEN_KEY);
  drop.removeItem(USER_KEY);
}

/** Whether the stored session is the remembered kind (localStorage): a renewed token is kept the same way. */
export function isRemembered(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function clearSession(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
  }
}

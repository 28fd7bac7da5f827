import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { makeStore } from '@/app/store';
import { loadSession } from '@/features/auth/session-storage';
import './app/global.css';

// SPEC §3: the session stored in localStorage is restored before the first render, so that a
// reload of a protected page does not bounce to /login.
const store = makeStore({ auth: loadSession() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

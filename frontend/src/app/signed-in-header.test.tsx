// The header with the app's own store: the profile read afresh reaches the session (session-listeners.ts).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { stubServer } from '@/lib/stub-server';
import { makeStore } from './store';
import { AccountButton } from '@/features/auth/account-button';

afterEach(cleanup);

const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', createdAt: '2026-01-01T00:00:00Z' };

/** The server's answers to the two reads a signed-in header makes: the operator role was granted since login. */
const serve = () =>
  stubServer((path) =>
    path === '/api/user/profile'
      ? { user: { ...user, operator: true } }
      : path === '/api/user/settings'
        ? { settings: { historyPaused: true, historyRetention: 'forever' } }
        : undefined,
  );

test('a signed-in header reads the profile and the settings for the app, and renders again only for what it shows', async () => {
  const asked = serve();
  const store = makeStore({ auth: { token: 't1', user } });
  const commits: string[] = [];
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Profiler id="header" onRender={(_id, phase) => commits.push(phase)}>
          <AccountButton />
        </Profiler>
      </MemoryRouter>
    </Provider>,
  );

  // The role granted since login shows once the profile is read.
  await screen.findByRole('link', { name: 'Studio' });
  await waitFor(() => expect(store.getState().api.queries['getSettings(undefined)']?.status).toBe('fulfilled'));
  expect(asked.sort()).toEqual(['GET /api/user/profile', 'GET /api/user/settings']);
  // The player finds the settings already in the cache.
  expect(store.getState().api.queries['getSettings(undefined)']?.data).toEqual({ historyPaused: true, historyRetention: 'forever' });
  // The first render, then the one for the Studio link: neither read's pending state nor the settings' answer
  // renders the header again.
  expect(commits).toEqual(['mount', 'update']);
});

test('a guest reads neither', async () => {
  const asked = serve();
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AccountButton />
      </MemoryRouter>
    </Provider>,
  );
  expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked).toEqual([]);
});

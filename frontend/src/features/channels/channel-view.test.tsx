import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { api } from '@/lib/api';
import { testChannelAnswer as answer } from './test-channel';
import { ChannelView } from './channel-view';

afterEach(cleanup);

test('the channel page keeps the heading outline h1, h2, h3 (accessibility: heading-order)', async () => {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: (state: { token: string | null } = { token: null }) => state },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // The channel's answer already in the cache, as GET /api/channels/:id gives it.
  store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getChannel', arg: 'unbox-therapy', value: answer }] as never));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/channel/unbox-therapy']}>
        <Routes>
          <Route path="/channel/:channelId" element={<ChannelView />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Unbox Therapy' })).toBeTruthy();
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels).toEqual([1, 2, 3, 3]);
  // Each level at most one deeper than the one before it.
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
});

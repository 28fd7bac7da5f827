// A page of cards and the user's lists its menus read: the lists' answers do not render the cards again.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { api } from '@/lib/api';
import { stubServer } from '@/lib/stub-server';
import { testChannelAnswer as channel, testVideo as video } from '@/features/channels/test-channel';
import { makeStore } from '../store';
import { ChannelPage } from './channel';

const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/video-card', async (original) => {
  const actual = await original<typeof import('@/components/video-card')>();
  return {
    ...actual,
    VideoCard: (props: Parameters<typeof actual.VideoCard>[0]) => {
      cardRenders.count++;
      return actual.VideoCard(props);
    },
  };
});

afterEach(cleanup);

const user = { _id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', createdAt: '2026-01-01T00:00:00Z' };

test("the user's lists read for the cards' menus do not render the page's cards again", async () => {
  // The lists answer once the cards are shown, as a slower read does.
  let answerLists = () => {};
  const listsHeld = new Promise<void>((resolve) => (answerLists = resolve));
  stubServer(async (path) => {
    if (path === '/api/user/likes' || path === '/api/user/watchlater/') await listsHeld;
    return path === '/api/user/likes' ? { likes: [video('a')] } : path === '/api/user/watchlater/' ? { watchlater: [] } : {};
  });
  const store = makeStore({ auth: { token: 't1', user } });
  store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getChannel', arg: 'unbox-therapy', value: channel }] as never));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/channel/unbox-therapy']}>
        <Routes>
          <Route path="/channel/:channelId" element={<ChannelPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  await screen.findByRole('heading', { level: 3, name: 'Video b' });
  const shown = cardRenders.count;
  answerLists();
  const answered = (name: string) => store.getState().api.queries[`${name}(undefined)`]?.status === 'fulfilled';
  await waitFor(() => expect(answered('getLikes') && answered('getWatchLater')).toBe(true));
  // A moment for any render the answers caused.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(cardRenders.count).toBe(shown);
});

import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { api } from '@/lib/api';
import type { SharedPlaylist, Video } from '@/lib/types';
import { SharedPlaylistView } from './shared-playlist-view';

afterEach(cleanup);

const PLAYLIST_ID = '0b7c2f4e-6a1d-4e3b-9c5f-2d8e1a7b4c60';
const video = (id: string, available: boolean): Video =>
  ({ _id: id, title: `Video ${id}`, channel: 'Some Channel', thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, available }) as Video;

test('a shared playlist shows a retired video as no longer available, with nothing to play; the others link to the player', async () => {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: (state: { token: string | null } = { token: null }) => state },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const playlist = {
    _id: PLAYLIST_ID,
    title: 'Shared things',
    visibility: 'public',
    owner: { firstName: 'Ada' },
    videos: [video('gone', false), video('there', true)],
  } as SharedPlaylist;
  // The playlist already in the cache, as GET /api/playlists/:id gives it.
  store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getSharedPlaylist', arg: PLAYLIST_ID, value: playlist }] as never));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SharedPlaylistView playlistId={PLAYLIST_ID} />
      </MemoryRouter>
    </Provider>,
  );
  const rows = within(await screen.findByRole('list', { name: 'Videos' })).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText('This video is no longer available')).toBeTruthy();
  expect(within(rows[0]!).getByRole('heading', { name: 'Video gone' })).toBeTruthy();
  expect(within(rows[0]!).queryAllByRole('link')).toEqual([]);
  expect(within(rows[1]!).getByRole('link', { name: 'Video there' }).getAttribute('href')).toContain('there');
  expect(within(rows[1]!).queryByText('This video is no longer available')).toBeNull();
});

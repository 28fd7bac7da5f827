import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, test } from 'vitest';
import { api } from './api';
import { useWatchedSeconds } from './progress';

afterEach(cleanup);

const makeStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });

function Seconds({ id }: { id: string }) {
  const seconds = useWatchedSeconds(id);
  return <p>{`${id}: ${seconds ?? 'none'}`}</p>;
}

describe("a card's watched seconds", () => {
  test('come from the progress answer the page read, by video; none before it, for a video not started', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <Seconds id="v1" />
        <Seconds id="v2" />
      </Provider>,
    );
    expect(screen.getByText('v1: none')).toBeTruthy();
    // progress.ts's endpoint, defined on the shared api (this test knows it by name only).
    const progress = api.injectEndpoints({ endpoints: () => ({}) });
    act(() => {
      store.dispatch(
        progress.util.upsertQueryEntries([
          // As GET /api/user/progress answers it for the signed-in user (its cache entry has no argument).
          { endpointName: 'getProgress' as never, arg: undefined as never, value: [{ videoId: 'v1', seconds: 42 }] as never },
        ]),
      );
    });
    // react-redux passes the store's change on after the dispatch returns.
    expect(await screen.findByText('v1: 42')).toBeTruthy();
    expect(screen.getByText('v2: none')).toBeTruthy();
  });
});

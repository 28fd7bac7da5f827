import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { createMoveQueue, type PlaylistExtras } from '@/features/playlists/move-queue';
import { api } from '@/lib/api';
import { type RootState, rootReducer } from './root-reducer';
import { sessionListeners } from './session-listeners';

// A factory rather than a singleton so that tests and the app can start from any state. Everything a
// store keeps is its own: its state, and the per-store helpers thunks get as their extra argument.
export function makeStore(preloadedState?: Partial<RootState>) {
  const extra: PlaylistExtras = { playlistMoves: createMoveQueue() };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } })
        .prepend(sessionListeners)
        .concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

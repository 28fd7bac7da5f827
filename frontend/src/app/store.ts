import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authSlice } from '@/features/auth/auth-slice';
import { api } from '@/lib/api';
import { addSessionListeners } from './session-listeners';

const rootReducer = combineSlices(api, authSlice);

export type RootState = ReturnType<typeof rootReducer>;

// A factory rather than a singleton so that tests and the app can start from any state.
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware<RootState>();
  addSessionListeners(listeners);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;

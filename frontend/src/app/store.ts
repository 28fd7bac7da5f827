import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/lib/api';
import { type RootState, rootReducer } from './root-reducer';
import { addSessionListeners } from './session-listeners';

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

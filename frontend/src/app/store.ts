import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authSlice } from '@/features/auth/auth-slice';
import { addSessionListeners } from '@/features/auth/session-listeners';
import { api } from './api';
import { listenerMiddleware, startAppListening } from './listener';
import { errorToastMiddleware } from './error-toast-middleware';

const rootReducer = combineSlices(api, authSlice);

export type RootState = ReturnType<typeof rootReducer>;

let listenersAdded = false;

// A factory rather than a singleton so that tests and the app can start from any state.
export function makeStore(preloadedState?: Partial<RootState>) {
  if (!listenersAdded) {
    addSessionListeners(startAppListening);
    listenersAdded = true;
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware).concat(api.middleware, errorToastMiddleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppToasts } from '@/components/toasts';
import { AppRoutes } from './router';
import { endSession } from './session-listeners';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  // The live changes' client is fetched once the first screen is up, never before it renders (README,
  // "Speed on a phone"); its streams start from the position the page's reads carried, so a change made
  // elsewhere in the first moments is sent to it (docs/design/live-updates.md, "The first connect").
  useEffect(() => {
    // Without them (the chunk could not be fetched) the app works as before, read on each visit.
    const start = () => import('./live-updates').then(({ startLiveUpdates }) => startLiveUpdates(store, endSession));
    const timer = setTimeout(() => void start().catch((error: unknown) => console.warn('Live changes are off:', error)), 0);
    return () => clearTimeout(timer);
  }, [store]);
  return (
    <Provider store={store}>
      {/* Navigations are ordinary updates, not transitions (React Router 7 wraps them in one by default):
          a lazy page shows its skeleton meanwhile, and flushSync can render one at once (see use-sign-out.ts). */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
      <AppToasts />
    </Provider>
  );
}

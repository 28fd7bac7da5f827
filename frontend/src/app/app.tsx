import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppToasts } from '@/components/toasts';
import { AppRoutes } from './router';
import type { AppStore } from './store';

// Navigations are ordinary updates, not transitions: a lazy page shows its skeleton meanwhile (a
// new Suspense boundary would anyway), and flushSync can render one at once (see use-sign-out.ts).
// Relative links inside a splat route resolve as in version 7. Both set, so none is warned about.
const ROUTER_FUTURE = { v7_startTransition: false, v7_relativeSplatPath: true } as const;

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <AppRoutes />
      </BrowserRouter>
      <AppToasts />
    </Provider>
  );
}

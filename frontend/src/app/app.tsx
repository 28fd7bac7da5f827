import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppToasts } from '@/components/toasts';
import { AppRoutes } from './router';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
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

import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { AppToasts } from '@/components/toasts';
import { createAppRouter } from './router';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToasts />
    </Provider>
  );
}

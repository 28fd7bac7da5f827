import { useEffect, useState, type ComponentType } from 'react';
import { whenFirstInteraction } from '@/lib/first-interaction';
import { toasts } from '@/lib/notify';

type ToastStackModule = typeof import('./toast-container');

/**
 * The toast stack. Its code (react-toastify, about 6 kB gzip, and its styles) is not on the first
 * screen, which shows no toast: it is fetched at the user's first key or pointer press (a toast answers
 * an action), or at the first toast if that comes sooner. Toasts asked for meanwhile wait in the
 * channel (lib/notify.ts) and are shown once the stack is on screen. A failed fetch is tried again at
 * the next toast.
 */
export function AppToasts() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading: Promise<ToastStackModule> | undefined;
    let mounted = true;
    const mount = () => {
      loading ??= import('./toast-container');
      loading.then(
        (stack) => mounted && setStack(() => stack.ToastStack),
        (error: unknown) => {
          loading = undefined;
          console.warn('Could not load the toasts', error);
        },
      );
    };
    const stopWaiting = toasts.onWaiting(mount);
    const cancel = whenFirstInteraction(mount);
    return () => {
      mounted = false;
      stopWaiting();
      cancel();
    };
  }, []);
  return Stack && <Stack />;
}

import { useEffect, useState, type ComponentType } from 'react';
import type { ToastOptions } from 'react-toastify/unstyled';
import { whenFirstInteraction } from '@/lib/first-interaction';

/**
 * The toasts' code (react-toastify, about 6 kB gzip, and its styles) is not on the first screen,
 * which shows none: it is fetched at the user's first key or pointer press (a toast answers an
 * action), or at the first toast if that comes sooner. A failed fetch is tried again at the next toast.
 */
let loading: Promise<typeof import('./toast-container')> | undefined;
function loadToasts() {
  loading ??= import('./toast-container').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

// Set while <AppToasts> is mounted: a toast asked for before the first press mounts the stack at once.
let mountStack: (() => void) | undefined;

/** Shows a toast unless an identical one (kind and text) is still on screen. */
export function showOnce(kind: 'success' | 'error', message: string, options: ToastOptions = {}): void {
  mountStack?.();
  loadToasts().then(
    (toasts) => toasts.showToastOnce(kind, message, options),
    (error: unknown) => console.warn('Could not load the toasts', message, error),
  );
}

export const notify = {
  success: (message: string) => showOnce('success', message),
  error: (message: string) => showOnce('error', message),
};

/** The toast stack, rendered once its code has loaded (a state, not React.lazy, so that a failed fetch is retried, not thrown). */
export function AppToasts() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(() => {
    const mount = () =>
      void loadToasts().then(
        (toasts) => setStack(() => toasts.ToastStack),
        () => undefined, // Said by showOnce when a toast was asked for; the next one tries again.
      );
    mountStack = mount;
    const cancel = whenFirstInteraction(mount);
    return () => {
      cancel();
      mountStack = undefined;
    };
  }, []);
  return Stack && <Stack />;
}

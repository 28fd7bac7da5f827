import type { ToastOptions } from 'react-toastify/unstyled';

/** A toast asked for: its kind, its exact text, and react-toastify's options (e.g. Undo's close button). */
export interface ToastRequest {
  kind: 'success' | 'error';
  message: string;
  options: ToastOptions;
}

/**
 * Where toasts go (components/toasts.tsx renders them). Shared code says what to show; the toast stack,
 * whose code is fetched at the first key or pointer press, takes the requests once it is on screen.
 * Until then they wait here, in order, so that the first action after a page load never loses its
 * toast to a stack still loading. This is a channel to the one page's DOM, not application state: it
 * holds nothing after its toasts are shown.
 */
export interface ToastChannel {
  /** Called with every request while the stack is mounted; returns the disconnect. */
  connect(show: (toast: ToastRequest) => void): () => void;
  /** Called once, at the first request made while no stack is connected (to fetch and mount it). */
  onWaiting(wake: () => void): () => void;
  send(toast: ToastRequest): void;
}

export function createToastChannel(): ToastChannel {
  let show: ((toast: ToastRequest) => void) | undefined;
  let wake: (() => void) | undefined;
  const waiting: ToastRequest[] = [];
  return {
    connect(next) {
      show = next;
      waiting.splice(0).forEach(next);
      return () => {
        if (show === next) show = undefined;
      };
    },
    onWaiting(next) {
      wake = next;
      return () => {
        if (wake === next) wake = undefined;
      };
    },
    send(toast) {
      if (show) return show(toast);
      waiting.push(toast);
      wake?.();
    },
  };
}

/** The page's toasts. */
export const toasts = createToastChannel();

/** Shows a toast unless an identical one (kind and text) is still on screen. */
export function showOnce(kind: 'success' | 'error', message: string, options: ToastOptions = {}): void {
  toasts.send({ kind, message, options });
}

export const notify = {
  success: (message: string) => showOnce('success', message),
  error: (message: string) => showOnce('error', message),
};

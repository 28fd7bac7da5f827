// react-toastify and its styles, in a chunk of their own (see toasts.tsx): the first screen shows no toast.
// The unstyled entry never injects a <style> tag (blocked by the CSP's style-src 'self');
// the same styles come from the stylesheet imported here, bundled into this chunk's CSS file.
import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { Bounce, ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { toastLayer } from './toast-layer';
import './toasts.css';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// Every toast gets a random 7-character id.
function randomToastId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(7));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

// The id of the toast showing each message: the same message again while it shows is not stacked
// ("Title cannot be empty" three times), the one on screen stays.
const showing = new Map<string, string>();

/** Shows a toast unless an identical one (kind and text) is still on screen. */
export function showToastOnce(kind: 'success' | 'error', message: string, options: ToastOptions): void {
  const key = `${kind}:${message}`;
  const current = showing.get(key);
  if (current !== undefined && toast.isActive(current)) return;
  const toastId = randomToastId();
  showing.set(key, toastId);
  // Before the container has mounted, react-toastify queues the toast and shows it on mounting.
  toast[kind](message, { ...options, toastId });
}

// Toasts: bottom-center, colored, 2000 ms, pause on hover and focus loss,
// close on click, draggable with an 80 % threshold.
export function ToastStack() {
  useLayoutEffect(() => {
    if (!toastLayer.isConnected) document.body.append(toastLayer);
  }, []);
  return createPortal(
    <ToastContainer
      position="bottom-center"
      theme="colored"
      autoClose={2000}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      draggable
      draggablePercent={80}
      transition={Bounce}
    />,
    toastLayer,
  );
}

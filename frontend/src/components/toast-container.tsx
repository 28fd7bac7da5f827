// react-toastify and its styles, in a chunk of their own (see toasts.tsx): the first screen shows no toast.
// The unstyled entry never injects a <style> tag (blocked by the CSP's style-src 'self');
// the same styles come from the stylesheet imported here, bundled into this chunk's CSS file.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Bounce, ToastContainer, toast } from 'react-toastify/unstyled';
import { toasts, type ToastRequest } from '@/lib/notify';
import 'react-toastify/dist/ReactToastify.css';
import { toastLayer } from './toast-layer';
import './toasts.css';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// Every toast gets a random 7-character id.
function randomToastId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(7));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/**
 * Shows a toast unless an identical one (kind and text) is still on screen: the same message again while
 * it shows is not stacked ("Title cannot be empty" three times), the one on screen stays. `showing`
 * holds the id of the toast showing each message.
 */
function showToastOnce(showing: Map<string, string>, { kind, message, options }: ToastRequest): void {
  const key = `${kind}:${message}`;
  const current = showing.get(key);
  if (current !== undefined && toast.isActive(current)) return;
  const toastId = randomToastId();
  showing.set(key, toastId);
  toast[kind](message, { ...options, toastId });
}

// Toasts: bottom-center, colored, 2000 ms, pause on hover and focus loss,
// close on click, draggable with an 80 % threshold.
export function ToastStack() {
  const showing = useRef(new Map<string, string>());
  useLayoutEffect(() => {
    if (!toastLayer.isConnected) document.body.append(toastLayer);
  }, []);
  // Connected after the container's own effects (children's run first): from here on, a toast has a
  // container to show in, and the ones that waited are shown in order.
  useEffect(() => toasts.connect((request) => showToastOnce(showing.current, request)), []);
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

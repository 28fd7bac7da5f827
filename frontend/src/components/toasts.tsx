// The unstyled entry never injects a <style> tag (blocked by the CSP's style-src 'self');
// the same styles come from the stylesheet imported here, bundled into our own CSS file.
import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { Bounce, ToastContainer, toast, type ToastOptions } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// SPEC §9: every toast gets a random 7-character id.
function randomToastId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(7));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

// The id of the toast showing each message: the same message again while it shows is not stacked
// ("Title cannot be empty" three times), the one on screen stays.
const showing = new Map<string, string>();

/** Shows a toast unless an identical one (kind and text) is still on screen. */
export function showOnce(kind: 'success' | 'error', message: string, options: ToastOptions = {}): void {
  const key = `${kind}:${message}`;
  const current = showing.get(key);
  if (current !== undefined && toast.isActive(current)) return;
  const toastId = randomToastId();
  showing.set(key, toastId);
  toast[kind](message, { ...options, toastId });
}

export const notify = {
  success: (message: string) => showOnce('success', message),
  error: (message: string) => showOnce('error', message),
};

/**
 * Where the toasts live. A modal <dialog> sits in the browser's top layer, above everything else
 * and making it inert: while one is open the toasts move into it, so that they show above its
 * backdrop and their Undo can be clicked. The node is moved, never re-rendered, so no toast is lost.
 */
const layer = document.createElement('div');
layer.className = 'toast-layer';
const hosts: HTMLElement[] = [];

export function hostToastsIn(dialog: HTMLElement): () => void {
  hosts.push(dialog);
  dialog.append(layer);
  return () => {
    hosts.splice(hosts.lastIndexOf(dialog), 1);
    (hosts.at(-1) ?? document.body).append(layer);
  };
}

// SPEC §2 "Toasts" and §9: bottom-center, colored, 2000 ms, pause on hover and focus loss,
// close on click, draggable with an 80 % threshold.
export function AppToasts() {
  useLayoutEffect(() => {
    if (!layer.isConnected) document.body.append(layer);
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
    layer,
  );
}

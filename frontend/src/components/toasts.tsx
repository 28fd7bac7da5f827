// The unstyled entry never injects a <style> tag (blocked by the CSP's style-src 'self');
// the same styles come from the stylesheet imported here, bundled into our own CSS file.
import { Bounce, ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

// SPEC §9: every toast gets a random 7-character id, so identical messages never merge.
export function randomToastId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(7));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

export const notify = {
  success: (message: string) => toast.success(message, { toastId: randomToastId() }),
  error: (message: string) => toast.error(message, { toastId: randomToastId() }),
};

// SPEC §2 "Toasts" and §9: bottom-center, colored, 2000 ms, pause on hover and focus loss,
// close on click, draggable with an 80 % threshold.
export function AppToasts() {
  return (
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
    />
  );
}

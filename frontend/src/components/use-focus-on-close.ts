import { useEffect, useRef } from 'react';

/**
 * For a form that replaces the button opening it: when the form closes (Cancel, or done), focus
 * goes back to that button instead of being lost with the removed form. Returns the button's ref.
 */
export function useFocusOnClose(isOpen: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!isOpen && wasOpen.current) button.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);
  return button;
}

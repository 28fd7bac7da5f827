import type { FocusEvent } from 'react';

/**
 * For a strip that scrolls sideways (the category chips, the sidebar on phones): Chromium does not
 * scroll a control that is only partly in view when Tab focuses it, which leaves it (and its focus
 * ring) cut off at the strip's edge. The strip's scroll-padding keeps room for the ring.
 */
export function revealFocused(event: FocusEvent<HTMLElement>): void {
  if (event.target !== event.currentTarget) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

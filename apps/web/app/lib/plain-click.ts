import type { MouseEvent } from 'react';

/** A plain left click, not one that asks for a new tab or window. */
export function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

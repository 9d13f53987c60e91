/**
 * The keys of a WAI-ARIA menu, for any menu: arrows move between its items (wrapping),
 * Home and End go to the ends, Esc closes it (focus going back where it came from), Tab
 * closes it and lets focus move on. Disabled items are skipped.
 */
import type { KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"]), [role="menuitemradio"]:not([aria-disabled="true"])';

export function menuKeyDown(event: KeyboardEvent<HTMLElement>, close: (returnFocus: boolean) => void): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    close(true);
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
  } else if (event.key === 'Tab') close(false);
}

import { useState, type KeyboardEvent } from 'react';

/** The keys that move along a row of chips, by writing direction (the row mirrors in Arabic). */
function stepOf(key: string, rtl: boolean): number | 'first' | 'last' | null {
  switch (key) {
    case 'ArrowRight':
      return rtl ? -1 : 1;
    case 'ArrowLeft':
      return rtl ? 1 : -1;
    case 'ArrowDown':
      return 1;
    case 'ArrowUp':
      return -1;
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/**
 * A row of buttons as one stop of the Tab key (a roving tabindex): Tab reaches the last one used
 * (at first the chosen one, else the first), the arrow keys, Home and End move among them. A long
 * row of chips no longer stands between the search field and the list.
 */
export function useRovingFocus(count: number, initial: number) {
  const [current, setCurrent] = useState<number | null>(null);
  const stop = Math.min(current ?? Math.max(initial, 0), count - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-roving]')];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const step = stepOf(event.key, getComputedStyle(event.currentTarget).direction === 'rtl');
    if (at < 0 || step === null || buttons.length === 0) return;
    event.preventDefault();
    const next =
      step === 'first'
        ? 0
        : step === 'last'
          ? buttons.length - 1
          : (at + step + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };
  const itemProps = (index: number) => ({
    'data-roving': true,
    tabIndex: index === stop ? 0 : -1,
    onFocus: () => setCurrent(index),
  });
  return { onKeyDown, itemProps };
}

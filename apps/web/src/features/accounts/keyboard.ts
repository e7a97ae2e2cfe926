import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/** Whether a key press is typing into a field (or a shortcut) rather than text for the search. */
function isTypingElsewhere(event: globalThis.KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  if (event.key.length !== 1 || event.key === ' ') return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"], [role="alertdialog"], [role="menu"]'))
    return true;
  // A window or menu open elsewhere on the page keeps the keys.
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * Type-to-search: a letter typed anywhere on the accounts screen goes into the search field and
 * focuses it, so an account is found by typing its name without reaching for the field first.
 */
export function useTypeToSearch(
  search: RefObject<HTMLInputElement | null>,
  onType: (key: string) => void,
  enabled: boolean,
): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const input = search.current;
      if (!input || event.defaultPrevented || isTypingElsewhere(event)) return;
      event.preventDefault();
      input.focus();
      onType(event.key);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, onType, search]);
}

/** How many accounts sit on the first line of the list (1 in a list, several in a grid). */
function columnsOf(items: readonly HTMLElement[]): number {
  const top = items[0]?.getBoundingClientRect().top;
  const columns = items.findIndex((item) => item.getBoundingClientRect().top !== top);
  return columns === -1 ? items.length : columns;
}

/** A windowed list: not every account is in the page, so accounts are named by their index. */
export interface AccountIndex {
  readonly count: number;
  /** The index of a rendered account's element, -1 if it is none. */
  readonly indexOf: (element: HTMLElement) => number;
  /** Brings the account into the page if needed, then focuses it. */
  readonly focus: (index: number) => void;
}

/**
 * Arrow keys between the accounts: up and down by line (a grid's column stays), left and right
 * one by one, Home and End to the first and last. Up from the first account goes back to search.
 */
export function moveBetweenAccounts(
  event: KeyboardEvent<HTMLElement>,
  onLeaveTop: () => void,
  accounts: AccountIndex,
): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('.account-main')];
  const index = accounts.indexOf(document.activeElement as HTMLElement);
  if (index === -1 || items.length === 0) return;
  const columns = columnsOf(items);
  const targets: Record<string, number> = {
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: accounts.count - 1,
  };
  const target = targets[event.key];
  if (target === undefined) return;
  event.preventDefault();
  if (target < 0 && event.key === 'ArrowUp') return onLeaveTop();
  accounts.focus(Math.max(0, Math.min(accounts.count - 1, target)));
}

/** Down from the search field goes to the first account. */
export function focusFirstAccount(list: HTMLElement | null): void {
  list?.querySelector<HTMLElement>('.account-main')?.focus();
}

import { useSyncExternalStore } from 'react';

export type NoticeKind = 'success' | 'info' | 'warning' | 'danger';

export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly text: string;
  /** Milliseconds before it goes away by itself; -1 = stays until closed or replaced. */
  readonly duration: number;
  readonly action?: { readonly label: string; readonly run: () => void };
}

/** The notification area shows one message at a time. */
let current: Notice | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const NOTICE_DURATION = 4000;

export function notify(
  kind: NoticeKind,
  text: string,
  options: { duration?: number; action?: Notice['action'] } = {},
): void {
  clearTimeout(timer);
  const notice: Notice = {
    id: nextId++,
    kind,
    text,
    duration: options.duration ?? NOTICE_DURATION,
    ...(options.action ? { action: options.action } : {}),
  };
  current = notice;
  if (notice.duration >= 0) timer = setTimeout(() => dismiss(notice.id), notice.duration);
  emit();
}

/** Closes the given notice (or whichever is shown). */
export function dismiss(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

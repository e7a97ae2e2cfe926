import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

/** Lines rendered beyond the screen on each side: arrow keys and fast scrolls never meet a blank. */
const OVERSCAN_LINES = 8;
/** A line's height before the first one is measured (an account row with its icon). */
const FIRST_GUESS = 64;

interface Layout {
  /** Accounts on one line: 1 in a list, as many as fit in a grid. */
  readonly columns: number;
  /** From one line's top to the next one's (gap and border included). */
  readonly pitch: number;
  /** The list's top in the page, for the window's scroll position. */
  readonly top: number;
}

/** The layout of the rendered accounts, read from the page (CSS decides the grid's columns). */
function measure(list: HTMLElement, previous: Layout): Layout {
  const style = getComputedStyle(list);
  const columns =
    style.display === 'grid' ? Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length) : 1;
  // Measured between the second and third lines when there are: a list draws a border above every
  // row but the first, so the first line is a pixel shorter than the others.
  const items = list.querySelectorAll<HTMLElement>(':scope > li');
  const from = items.length > 2 * columns ? columns : 0;
  const first = items[from]?.getBoundingClientRect().top;
  const next = items[from + columns]?.getBoundingClientRect().top;
  const pitch = first !== undefined && next !== undefined && next > first ? next - first : previous.pitch;
  return { columns, pitch, top: list.getBoundingClientRect().top + window.scrollY };
}

const same = (a: Layout, b: Layout) =>
  a.columns === b.columns && Math.abs(a.pitch - b.pitch) < 0.5 && Math.abs(a.top - b.top) < 0.5;

/**
 * Windows a list (or grid) of accounts that scrolls with the page (@tanstack/react-virtual): only
 * the lines on screen, and a few around them, are in the page; padding stands for the others, so
 * the scroll bar, the list's look and the CSS grid stay as they are. `keep` (an index) stays
 * rendered whatever the scroll position: the account being dragged.
 */
export function useWindowedList<T>(
  items: readonly T[],
  listRef: RefObject<HTMLElement | null>,
  keep?: number,
) {
  const [layout, setLayout] = useState<Layout>({ columns: 1, pitch: FIRST_GUESS, top: 0 });
  const lines = Math.ceil(items.length / layout.columns);
  const virtualizer = useWindowVirtualizer({
    count: lines,
    estimateSize: () => layout.pitch,
    overscan: OVERSCAN_LINES,
    scrollMargin: layout.top,
  });

  // Read the layout when the accounts change, and whenever the screen around the list changes size
  // (a window resize, a header that wraps, a notice above the list).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () =>
      setLayout((previous) => {
        const next = measure(list, previous);
        return same(previous, next) ? previous : next;
      });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(list.parentElement ?? list);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [items, listRef]);
  useEffect(() => virtualizer.measure(), [virtualizer, layout.pitch, layout.columns]);

  const shown = virtualizer.getVirtualItems();
  let firstLine = shown[0]?.index ?? 0;
  let lastLine = shown[shown.length - 1]?.index ?? Math.min(lines - 1, OVERSCAN_LINES * 2);
  if (keep !== undefined && keep >= 0) {
    const kept = Math.floor(keep / layout.columns);
    firstLine = Math.min(firstLine, kept);
    lastLine = Math.max(lastLine, kept);
  }
  const start = firstLine * layout.columns;
  const end = Math.min(items.length, (lastLine + 1) * layout.columns);
  const style: CSSProperties = {
    paddingTop: firstLine * layout.pitch,
    paddingBottom: Math.max(0, lines - lastLine - 1) * layout.pitch,
  };
  const scrollToIndex = useCallback(
    (index: number) => virtualizer.scrollToIndex(Math.floor(index / layout.columns), { align: 'auto' }),
    [virtualizer, layout.columns],
  );
  return { shown: items.slice(start, end), start, style, scrollToIndex };
}

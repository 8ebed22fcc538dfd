/**
 * Which of the files table's rows are in the DOM. Every row is ROW_HEIGHT tall and the scroll box
 * is TABLE_VIEWPORT_HEIGHT tall under a sticky header, so the rows in view follow from the scroll
 * offset by arithmetic: nothing is measured, and the table renders again only when the first row
 * in view changes (not on every scroll event).
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { HEADER_HEIGHT, ROW_HEIGHT, TABLE_VIEWPORT_HEIGHT, VISIBLE_ROWS } from './layout';

/** Rows kept in the DOM beyond each edge of the view, so a small scroll shows rows already there. */
const OVERSCAN = 4;
/** Height of the part of the scroll box the rows show in (below the sticky header). */
const ROWS_HEIGHT = TABLE_VIEWPORT_HEIGHT - HEADER_HEIGHT;

export type RowAlign = 'center' | 'auto';

/** The rows to render: `first` to `last` inclusive (none when `last` < `first`), and the space above and below them. */
export interface RowWindow {
  first: number;
  last: number;
  padTop: number;
  padBottom: number;
}

export function rowWindow(topRow: number, count: number): RowWindow {
  const first = Math.max(0, Math.min(topRow, count - 1) - OVERSCAN);
  // A row partly scrolled out at the top lets one more in at the bottom.
  const last = Math.min(count - 1, topRow + VISIBLE_ROWS + OVERSCAN);
  if (last < first) return { first: 0, last: -1, padTop: 0, padBottom: 0 };
  return { first, last, padTop: first * ROW_HEIGHT, padBottom: (count - 1 - last) * ROW_HEIGHT };
}

/** The scroll offset that shows row `index` (null: it shows already), `align`ed as asked. */
export function scrollTopFor(index: number, align: RowAlign, scrollTop: number): number | null {
  const top = index * ROW_HEIGHT;
  if (align === 'center') return Math.max(0, top + ROW_HEIGHT / 2 - ROWS_HEIGHT / 2);
  if (top < scrollTop) return top;
  if (top + ROW_HEIGHT > scrollTop + ROWS_HEIGHT) return top + ROW_HEIGHT - ROWS_HEIGHT;
  return null;
}

/** The table's row window for `count` rows; `scrollRef` goes on the scroll box. */
export function useRowWindow(count: number) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [topRow, setTopRow] = useState(0);
  /** The first row in view as last set: a scroll within the same row does not render. */
  const askedTop = useRef(0);
  const sync = useCallback(() => {
    const box = scrollRef.current;
    if (!box) return;
    askedTop.current = Math.floor(box.scrollTop / ROW_HEIGHT);
    setTopRow(askedTop.current);
  }, []);

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    // The rows must follow the scroll in the same frame, as a browser paints it; only a new first
    // row renders (synchronously, so no frame shows the rows of the last position).
    const onScroll = () => {
      if (Math.floor(box.scrollTop / ROW_HEIGHT) !== askedTop.current) flushSync(sync);
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [sync]);
  // A new folder or a new page may come with a scroll offset set from code (no event yet).
  useLayoutEffect(sync, [count, sync]);

  const scrollToIndex = useCallback(
    (index: number, options: { align: RowAlign }) => {
      const box = scrollRef.current;
      const top = box ? scrollTopFor(index, options.align, box.scrollTop) : null;
      if (!box || top === null) return;
      // The browser clamps the offset and fires a scroll event later; the rows follow at once.
      box.scrollTop = top;
      sync();
    },
    [sync],
  );
  const scroller = useMemo(() => ({ scrollToIndex }), [scrollToIndex]);
  return { scrollRef, scroller, range: rowWindow(topRow, count) };
}

export type RowScroller = ReturnType<typeof useRowWindow>['scroller'];

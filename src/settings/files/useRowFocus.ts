/**
 * Keyboard focus in the files table: one tab stop (the row last focused), arrow keys, Page
 * Up/Down, Home and End move it; a row not rendered yet is focused once scrolling has rendered
 * it. A new folder starts at the top; a listing's first page brings the active file into view.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { DriveFile } from '../../api/schemas';
import type { FilesState } from './filesSlice';
import { VISIBLE_ROWS } from './layout';
import type { RowScroller } from './useRowWindow';

interface RowFocusOptions {
  rows: DriveFile[];
  files: Pick<FilesState, 'scrollResetKey' | 'status' | 'listing'>;
  activeFileId: string | null | undefined;
  scroller: RowScroller;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Focus reached the last row. */
  onLastRow(): void;
}

export function useRowFocus({ rows, files, activeFileId, scroller, scrollRef, onLastRow }: RowFocusOptions) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  /** A folder row was chosen: its button goes away with the old list, so focus the new first row. */
  const focusAfterOpen = useRef(false);

  // A folder opened: back to the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setFocusIndex(0);
    if (focusAfterOpen.current) {
      focusAfterOpen.current = false;
      pendingFocus.current = 0;
    }
  }, [files.scrollResetKey, scrollRef]);

  // When a listing's first page arrives with the active file in it, bring that row into view.
  // Later pages never move the owner's scroll position.
  const revealedListing = useRef<number | null>(null);
  useEffect(() => {
    if (files.status !== 'ready' || revealedListing.current === files.listing) return;
    revealedListing.current = files.listing;
    const index = activeFileId ? rows.findIndex((f) => f.id === activeFileId) : -1;
    if (index < 0) return;
    setFocusIndex(index);
    scroller.scrollToIndex(index, { align: 'center' });
  }, [files.status, files.listing, rows, activeFileId, scroller]);

  const moveFocus = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(target);
    const button = buttons.current.get(target);
    // A row not rendered yet is focused once scrolling has rendered it.
    if (button) button.focus();
    else pendingFocus.current = target;
    scroller.scrollToIndex(target, { align: 'auto' });
  };

  useEffect(() => {
    if (pendingFocus.current === null) return;
    // The owner moved focus elsewhere meanwhile (e.g. while the folder loaded): leave it there.
    const active = document.activeElement;
    if (active && active !== document.body && !scrollRef.current?.contains(active)) {
      pendingFocus.current = null;
      return;
    }
    const button = buttons.current.get(pendingFocus.current);
    if (button) {
      button.focus();
      pendingFocus.current = null;
    }
  });

  const onRowKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + VISIBLE_ROWS,
      PageUp: index - VISIBLE_ROWS,
      Home: 0,
      End: rows.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveFocus(to);
    if (to >= rows.length - 1) onLastRow();
  };

  const registerButton = useCallback((index: number, button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(index, button);
    else buttons.current.delete(index);
  }, []);
  // The rows get callbacks that never change (so a row renders only when its own props do); they call this render's handler.
  const latestKeyDown = useRef(onRowKeyDown);
  latestKeyDown.current = onRowKeyDown;
  const stableKeyDown = useCallback((event: KeyboardEvent, index: number) => latestKeyDown.current(event, index), []);
  const focusFirstRowOfNextFolder = useCallback(() => {
    focusAfterOpen.current = true;
  }, []);

  return {
    /** The row holding the table's one tab stop. */
    tabIndexRow: Math.min(focusIndex, Math.max(0, rows.length - 1)),
    setFocusIndex,
    registerButton,
    onRowKeyDown: stableKeyDown,
    /** Call when a folder row is chosen, so the new folder's first row gets focus. */
    focusFirstRowOfNextFolder,
  };
}

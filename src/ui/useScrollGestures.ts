/**
 * The scroll area's input handling: wheel and touch steps on the viewport, keeping the thumb in
 * step with size changes, and dragging the thumb or clicking the track (ScrollArea.tsx).
 */
import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { SWIPE_THRESHOLD, TOUCH_STEP, WHEEL_STEP } from './scrollConstants';
import type { ThumbGeometry } from './scrollGeometry';

export function useScrollGestures(
  viewportRef: RefObject<HTMLDivElement | null>,
  sync: () => void,
  checkReachEnd: () => void,
  scrollToTop: (top: number) => void,
): void {
  // Native listeners: wheel and touchmove must be non-passive to take over scrolling.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return undefined;
    const overflow = () => viewport.scrollHeight - viewport.clientHeight;
    let touchStart: { x: number; y: number } | null = null;

    const onScroll = () => {
      sync();
      checkReachEnd();
    };
    const onWheel = (event: WheelEvent) => {
      // Handled already by a nested scroll area, a zoom gesture, or horizontal only.
      if (event.defaultPrevented || event.ctrlKey || event.deltaY === 0 || overflow() <= 0) return;
      event.preventDefault();
      scrollToTop(viewport.scrollTop + Math.sign(event.deltaY) * WHEEL_STEP);
    };
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touchStart || !touch || overflow() <= 0 || !event.cancelable) return;
      if (Math.abs(touch.clientY - touchStart.y) > Math.abs(touch.clientX - touchStart.x)) event.preventDefault();
    };
    const onTouchEnd = (event: TouchEvent) => {
      const start = touchStart;
      touchStart = null;
      const touch = event.changedTouches[0];
      if (!start || !touch || event.defaultPrevented || overflow() <= 0) return;
      const dy = start.y - touch.clientY; // finger up → content moves up → scrollTop grows
      if (Math.abs(dy) <= SWIPE_THRESHOLD || Math.abs(dy) < Math.abs(start.x - touch.clientX)) return;
      if (event.cancelable) event.preventDefault();
      scrollToTop(viewport.scrollTop + Math.sign(dy) * TOUCH_STEP);
    };
    const onTouchCancel = () => {
      touchStart = null;
    };

    viewport.addEventListener('scroll', onScroll, { passive: true });
    viewport.addEventListener('wheel', onWheel, { passive: false });
    viewport.addEventListener('touchstart', onTouchStart, { passive: true });
    viewport.addEventListener('touchmove', onTouchMove, { passive: false });
    viewport.addEventListener('touchend', onTouchEnd, { passive: false });
    viewport.addEventListener('touchcancel', onTouchCancel);

    // Keep the thumb right when the viewport or its content changes size.
    let resizeObserver: ResizeObserver | undefined;
    let mutationObserver: MutationObserver | undefined;
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(() => sync());
      resizeObserver = observer;
      const observeChildren = () => {
        observer.disconnect();
        observer.observe(viewport);
        for (const child of Array.from(viewport.children)) observer.observe(child);
      };
      observeChildren();
      if (typeof MutationObserver !== 'undefined') {
        mutationObserver = new MutationObserver(observeChildren);
        mutationObserver.observe(viewport, { childList: true });
      }
    }

    return () => {
      viewport.removeEventListener('scroll', onScroll);
      viewport.removeEventListener('wheel', onWheel);
      viewport.removeEventListener('touchstart', onTouchStart);
      viewport.removeEventListener('touchmove', onTouchMove);
      viewport.removeEventListener('touchend', onTouchEnd);
      viewport.removeEventListener('touchcancel', onTouchCancel);
      resizeObserver?.disconnect();
      mutationObserver?.disconnect();
    };
  }, [viewportRef, sync, checkReachEnd, scrollToTop]);
}

interface ScrollbarPointerOptions {
  rootRef: RefObject<HTMLDivElement | null>;
  viewportRef: RefObject<HTMLDivElement | null>;
  trackRef: RefObject<HTMLDivElement | null>;
  geometry: RefObject<ThumbGeometry>;
  scrollToTop: (top: number) => void;
}

export function useScrollbarPointer({ rootRef, viewportRef, trackRef, geometry, scrollToTop }: ScrollbarPointerOptions) {
  const stopDrag = useRef<(() => void) | null>(null);
  useEffect(() => () => stopDrag.current?.(), []);

  const onThumbPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (event.button !== 0 || !viewport) return;
    event.preventDefault();
    event.stopPropagation();
    stopDrag.current?.();
    const startY = event.clientY;
    const startTop = viewport.scrollTop;
    const trackHeight = trackRef.current?.clientHeight || viewport.clientHeight;
    const travel = trackHeight - geometry.current.height;
    const maxScroll = viewport.scrollHeight - viewport.clientHeight;
    const ratio = travel > 0 ? maxScroll / travel : 0;
    const view = viewport.ownerDocument.defaultView ?? window;

    const onMove = (move: PointerEvent) => {
      scrollToTop(startTop + (move.clientY - startY) * ratio);
    };
    const onUp = () => stopDrag.current?.();
    view.addEventListener('pointermove', onMove);
    view.addEventListener('pointerup', onUp);
    view.addEventListener('pointercancel', onUp);
    rootRef.current?.setAttribute('data-dragging', 'true');
    stopDrag.current = () => {
      view.removeEventListener('pointermove', onMove);
      view.removeEventListener('pointerup', onUp);
      view.removeEventListener('pointercancel', onUp);
      rootRef.current?.removeAttribute('data-dragging');
      stopDrag.current = null;
    };
  };

  const onTrackPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (event.button !== 0 || !viewport || !track) return;
    event.preventDefault();
    const y = event.clientY - track.getBoundingClientRect().top;
    const { top, height: thumbHeight } = geometry.current;
    if (y < top) scrollToTop(viewport.scrollTop - viewport.clientHeight);
    else if (y > top + thumbHeight) scrollToTop(viewport.scrollTop + viewport.clientHeight);
  };

  return { onThumbPointerDown, onTrackPointerDown };
}

/** Calls `onReachEnd` once each time the viewport comes within `thresholdPx` of its end (again after content grew). */
export function useReachEnd(viewportRef: RefObject<HTMLDivElement | null>, onReachEnd: (() => void) | undefined, reachEndThresholdPx: number) {
  const reachEnd = useRef({ armed: true, firedAtHeight: -1 });
  const latest = useRef({ onReachEnd, reachEndThresholdPx });
  latest.current = { onReachEnd, reachEndThresholdPx };
  return useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const contentHeight = viewport.scrollHeight;
    const distance = contentHeight - viewport.clientHeight - viewport.scrollTop;
    const state = reachEnd.current;
    if (distance > latest.current.reachEndThresholdPx) {
      state.armed = true;
      return;
    }
    if (state.armed || state.firedAtHeight !== contentHeight) {
      state.armed = false;
      state.firedAtHeight = contentHeight;
      latest.current.onReachEnd?.();
    }
  }, [viewportRef]);
}

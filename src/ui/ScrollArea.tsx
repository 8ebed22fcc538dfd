import { useCallback, useEffect, useLayoutEffect, useRef, type HTMLAttributes, type PointerEvent as ReactPointerEvent, type ReactNode, type Ref } from 'react';
import { DEFAULT_REACH_END_THRESHOLD, SWIPE_THRESHOLD, TOUCH_STEP, WHEEL_STEP } from './scrollConstants';
import { thumbGeometry, type ThumbGeometry } from './scrollGeometry';
import { cx, tokens, useInjectedStyles } from './styles';

export { thumbGeometry, scrollTopForThumbTop } from './scrollGeometry';
export type { ThumbGeometry, ThumbGeometryInput } from './scrollGeometry';

export interface ScrollAreaProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  children?: ReactNode;
  /** Height of the scroll area, px. */
  height: number;
  /** Fired when a scroll brings the bottom within `reachEndThresholdPx`; once per arrival, re-armed when the user scrolls away or the content grows. */
  onReachEnd?: () => void;
  /** Default 40 (about one row). */
  reachEndThresholdPx?: number;
  /** The scroll element (the viewport with `overflow-y: auto`), e.g. for a virtualiser. */
  ref?: Ref<HTMLDivElement>;
  /** Class of the outer wrapper. Other HTML attributes (aria-label, tabIndex, role, onScroll, style…) go to the scroll element. */
  className?: string;
}

const CSS = `
.ui-scroll { position: relative; overflow: hidden; }
.ui-scroll__viewport {
  box-sizing: border-box; height: 100%; overflow-x: hidden; overflow-y: auto;
  overscroll-behavior: contain; scrollbar-width: none; -ms-overflow-style: none;
}
.ui-scroll__viewport::-webkit-scrollbar { display: none; width: 0; height: 0; }
.ui-scroll__viewport:focus { outline: none; }
.ui-scroll__viewport:focus-visible { box-shadow: inset 0 0 0 2px ${tokens.focus}; }
.ui-scroll[data-scrollable="true"] .ui-scroll__viewport { touch-action: pan-x pinch-zoom; }
.ui-scroll__track {
  position: absolute; top: 0; right: 0; bottom: 0; width: 12px;
  display: none; cursor: default; touch-action: none;
}
.ui-scroll[data-scrollable="true"] .ui-scroll__track { display: block; }
.ui-scroll__thumb {
  position: absolute; top: 0; right: 2px; width: 6px; box-sizing: border-box;
  border-radius: 3px; background: ${tokens.accent}; opacity: 0.45;
  transition: opacity 120ms, width 120ms;
}
.ui-scroll__track:hover .ui-scroll__thumb, .ui-scroll[data-dragging="true"] .ui-scroll__thumb { opacity: 0.8; width: 8px; }
@media (pointer: coarse) { .ui-scroll__track { width: 16px; } .ui-scroll__thumb { width: 8px; } }
`;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

const HIDDEN: ThumbGeometry = { height: 0, top: 0, visible: false };

/**
 * Scroll container with a custom scrollbar (spec §9): thumb at least 30 px high, 20 px per
 * wheel event, 200 px per touch swipe, draggable thumb, track click pages. The element keeps
 * native `overflow-y: auto` scrolling (keyboard, virtualisers); only the native bar is hidden.
 */
export function ScrollArea({
  children,
  height,
  onReachEnd,
  reachEndThresholdPx = DEFAULT_REACH_END_THRESHOLD,
  ref,
  className,
  ...viewportProps
}: ScrollAreaProps) {
  useInjectedStyles('scroll-area', CSS);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const geometry = useRef<ThumbGeometry>(HIDDEN);
  const reachEnd = useRef({ armed: true, firedAtHeight: -1 });
  const latest = useRef({ onReachEnd, reachEndThresholdPx });
  latest.current = { onReachEnd, reachEndThresholdPx };
  const stopDrag = useRef<(() => void) | null>(null);

  const setViewport = useCallback(
    (node: HTMLDivElement | null) => {
      viewportRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  /** Places the thumb; writes the DOM directly so scrolling never re-renders the children. */
  const sync = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const viewportHeight = viewport.clientHeight;
    const next = thumbGeometry({
      viewportHeight,
      contentHeight: viewport.scrollHeight,
      scrollTop: viewport.scrollTop,
      trackHeight: trackRef.current?.clientHeight || viewportHeight,
    });
    geometry.current = next;
    rootRef.current?.setAttribute('data-scrollable', String(next.visible));
    const thumb = thumbRef.current;
    if (thumb) {
      thumb.style.height = `${next.height}px`;
      thumb.style.transform = `translateY(${next.top}px)`;
    }
  }, []);

  const checkReachEnd = useCallback(() => {
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
  }, []);

  /** Scrolls to `top` (clamped). Browsers also fire a scroll event; jsdom does not, hence the direct sync. */
  const scrollToTop = useCallback(
    (top: number) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const max = Math.max(0, viewport.scrollHeight - viewport.clientHeight);
      const next = Math.min(max, Math.max(0, top));
      if (next === viewport.scrollTop) return;
      viewport.scrollTop = next;
      sync();
      checkReachEnd();
    },
    [sync, checkReachEnd],
  );

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
  }, [sync, checkReachEnd, scrollToTop]);

  // Content may have changed with any render.
  useLayoutEffect(() => {
    sync();
  });

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

  return (
    <div ref={rootRef} className={cx('ui-scroll', className)} style={{ height }} data-scrollable="false">
      <div {...viewportProps} ref={setViewport} className="ui-scroll__viewport">
        {children}
      </div>
      <div ref={trackRef} className="ui-scroll__track" aria-hidden="true" onPointerDown={onTrackPointerDown}>
        <div ref={thumbRef} className="ui-scroll__thumb" onPointerDown={onThumbPointerDown} />
      </div>
    </div>
  );
}

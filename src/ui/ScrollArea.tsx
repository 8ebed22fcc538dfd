import { useCallback, useLayoutEffect, useRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { DEFAULT_REACH_END_THRESHOLD } from './scrollConstants';
import { thumbGeometry, type ThumbGeometry } from './scrollGeometry';
import { cx, tokens, useInjectedStyles } from './styles';
import { useReachEnd, useScrollbarPointer, useScrollGestures } from './useScrollGestures';

export { thumbGeometry } from './scrollGeometry';
export type { ThumbGeometry } from './scrollGeometry';

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

  const checkReachEnd = useReachEnd(viewportRef, onReachEnd, reachEndThresholdPx);

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

  useScrollGestures(viewportRef, sync, checkReachEnd, scrollToTop);

  // Content may have changed with any render. Where the browser reports size changes
  // (ResizeObserver, useScrollGestures), the thumb follows them there, after the browser's own
  // layout: reading sizes here would force a layout inside every commit of the children.
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') sync();
  });

  const { onThumbPointerDown, onTrackPointerDown } = useScrollbarPointer({ rootRef, viewportRef, trackRef, geometry, scrollToTop });

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

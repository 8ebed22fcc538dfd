import { MIN_THUMB_HEIGHT } from './scrollConstants';

export interface ThumbGeometryInput {
  /** Visible height of the scroll container (clientHeight). */
  viewportHeight: number;
  /** Full height of the scrolled content (scrollHeight). */
  contentHeight: number;
  /** Current scroll offset (scrollTop). */
  scrollTop: number;
  /** Height of the track the thumb moves in. */
  trackHeight: number;
}

export interface ThumbGeometry {
  /** Thumb height in px, never below MIN_THUMB_HEIGHT (unless the track itself is shorter). */
  height: number;
  /** Thumb offset from the top of the track in px. */
  top: number;
  /** False when the content fits and no scrollbar is needed. */
  visible: boolean;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Size and position of the scrollbar thumb. Pure: no DOM access. */
export function thumbGeometry({ viewportHeight, contentHeight, scrollTop, trackHeight }: ThumbGeometryInput): ThumbGeometry {
  if (!(viewportHeight > 0) || !(trackHeight > 0) || !(contentHeight > viewportHeight)) {
    return { height: 0, top: 0, visible: false };
  }
  const proportional = (trackHeight * viewportHeight) / contentHeight;
  const height = Math.min(trackHeight, Math.max(MIN_THUMB_HEIGHT, proportional));
  const maxScroll = contentHeight - viewportHeight;
  const progress = clamp(scrollTop / maxScroll, 0, 1);
  return { height, top: progress * (trackHeight - height), visible: true };
}

/** Inverse of thumbGeometry's position: scrollTop that puts the thumb's top at `thumbTop`. */
export function scrollTopForThumbTop(thumbTop: number, input: Omit<ThumbGeometryInput, 'scrollTop'>): number {
  const { height, visible } = thumbGeometry({ ...input, scrollTop: 0 });
  if (!visible) return 0;
  const maxScroll = input.contentHeight - input.viewportHeight;
  const travel = input.trackHeight - height;
  if (travel <= 0) return 0;
  return clamp(thumbTop / travel, 0, 1) * maxScroll;
}

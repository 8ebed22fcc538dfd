/** Custom scrollbar constants (spec §9: "Scrollbar: minimum bar height 30, wheel step 20, touch step 200"). */

/** Minimum height of the scrollbar thumb, px. */
export const MIN_THUMB_HEIGHT = 30;

/** Distance scrolled per wheel event (one notch), px. */
export const WHEEL_STEP = 20;

/** Distance scrolled per touch swipe, px. */
export const TOUCH_STEP = 200;

/** A touch that moves less than this vertically is a tap, not a swipe, px. */
export const SWIPE_THRESHOLD = 10;

/** Default distance from the bottom at which `onReachEnd` fires: about one table row, px. */
export const DEFAULT_REACH_END_THRESHOLD = 40;

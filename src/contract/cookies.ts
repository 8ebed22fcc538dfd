/**
 * The cookies the backend and the panel share (spec §4, §6, §9).
 * - `connected`: the backend's authenticate page sets it to `true` once a drive is connected; the
 *   panel then shows its confirmation and sets it to `false`.
 * - `doNotShowAgain`: set to `true` by the notice's do-not-show-again option; while it is, choosing
 *   "anyone can edit" shows no notice.
 */
export const CONNECTED_COOKIE = 'connected';
export const DO_NOT_SHOW_AGAIN_COOKIE = 'doNotShowAgain';
/** The value both cookies hold when set. */
export const COOKIE_TRUE = 'true';

/**
 * The cookie the backend and the panel share (spec §4, §9): the backend's authenticate page sets
 * it to `true` once a drive is connected; the panel then shows its confirmation and sets it to
 * `false`.
 */
export const CONNECTED_COOKIE = 'connected';

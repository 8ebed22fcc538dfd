/**
 * A drive version, as the custom element's `content` attribute names it and our server answers it
 * (elementContent.ts). A module of its own: the element's first script reads the attribute with it
 * (elementAttributes.ts) and should not carry the rest of elementContent.ts, which its native chunk holds.
 */

/** A drive version (a whole number, at most a safe integer). */
export const isContentVersion = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

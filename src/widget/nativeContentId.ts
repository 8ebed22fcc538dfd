/**
 * The native content's article, by id (issue 20): drawn by nativeDrawing.ts, found by the pages'
 * scripts (the visitor's links and tabs, the frame's height). Apart from the content's styles, so
 * the visitor page's first script does not carry them.
 */
export const NATIVE_CONTENT_ID = 'dfw-native';

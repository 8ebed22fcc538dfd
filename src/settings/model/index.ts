/**
 * The shared model of the settings panel: the events several features answer, the user model
 * (its slice, and every edit of it in one file), the panel-chrome and site-style slices, the font
 * value rules, and the typed hooks. Each feature's slice holds its own state type; the store
 * (../store.ts) derives the whole state from the slices. Features import this module, never each
 * other (the lint config enforces it).
 */
export * from './events';
export * from './userSlice';
export * from './userModelEdits';
export * from './uiSlice';
export * from './siteStyleSlice';
export * from './fontValue';
export { withPaletteColors } from './paletteColors';
export * from './hooks';
export { selectDriveAccess } from './driveAccess';

/**
 * The shared model of the settings panel: the state shape, the events several features answer,
 * the user model and panel-chrome slices, the selectors several features read, and the typed
 * hooks. Features import this module, never each other (the lint config enforces it).
 */
export * from './events';
export * from './state';
export * from './selectors';
export * from './userSlice';
export * from './uiSlice';
export * from './siteStyleSlice';
export * from './fontValue';
export { followPalette, paletteColorsOf, withPaletteColors } from './paletteColors';
export * from './hooks';
export { isAtRoot, nextBreadcrumb } from './breadcrumb';

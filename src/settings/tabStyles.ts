import { tokens } from '../ui';

/** The Design and Text tabs' stylesheet (injected once by SettingsApp beside PANEL_CSS). */
export const TAB_CSS = `
.dfw-panel .ui-tabs__list { position: sticky; top: 0; z-index: 2; background: #f4f6f8; }
.dfw-field { display: flex; align-items: center; gap: 10px; min-height: 36px; }
.dfw-field + .dfw-field { margin-top: 4px; }
.dfw-field__label { flex: 0 0 124px; color: ${tokens.text}; }
.dfw-field .ui-slider { flex: 1 1 auto; }
.dfw-field-gap { margin-bottom: 8px; }
.dfw-card .ui-accordion { border-bottom: 0; margin: -10px 0 -12px; }
.dfw-card .ui-accordion__button { font-size: 13px; text-transform: uppercase; letter-spacing: 0.04em; color: ${tokens.muted}; }
.dfw-color-button { width: 44px; height: 28px; padding: 3px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: repeating-conic-gradient(#e3e8ec 0% 25%, #fff 0% 50%) 0 0 / 10px 10px; cursor: pointer; }
.dfw-color-button:hover { border-color: ${tokens.accent}; }
.dfw-color-button__chip { display: block; width: 100%; height: 100%; border-radius: 3px; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .15); }
.dfw-font-row { display: flex; align-items: center; gap: 10px; }
.dfw-font-summary { color: ${tokens.muted}; min-width: 0; line-height: 1.3; overflow-wrap: anywhere; }
.ui-popup *, .ui-popup *::before, .ui-popup *::after { box-sizing: border-box; }
.dfw-font { display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; }
.dfw-font__row { display: flex; align-items: center; gap: 8px; }
.dfw-font__label { flex: 0 0 72px; color: ${tokens.muted}; font-size: 12px; }
.dfw-font__row .ui-dropdown { flex: 1 1 auto; min-width: 0; }
.dfw-font__toggles { display: flex; gap: 4px; }
.dfw-font__sample { margin: 0; padding: 8px; border: 1px dashed ${tokens.border}; border-radius: ${tokens.radius}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; line-height: 1.3; }
.dfw-popup-actions { display: flex; justify-content: flex-end; margin-top: 12px; }
`;

import { tokens } from '../ui';

/** The settings panel's stylesheet (injected once by SettingsApp). */
export const PANEL_CSS = `
html, body { margin: 0; background: #f4f6f8; }
html:lang(ja) { line-break: strict; }
html:lang(ko) { word-break: keep-all; }
.dfw-panel { font-family: ${tokens.font}; font-size: ${tokens.fontSize}; color: ${tokens.text}; padding: 12px 14px 16px; box-sizing: border-box; max-width: 720px; margin: 0 auto; }
.dfw-panel *, .dfw-panel *::before, .dfw-panel *::after { box-sizing: border-box; }
.dfw-panel h1 { font-size: 16px; margin: 0; }
.dfw-header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 10px; }
.dfw-save { color: ${tokens.muted}; font-size: 12px; display: flex; gap: 6px; align-items: center; }
.dfw-header h1 { white-space: nowrap; }
.dfw-save--waiting { flex: 1 1 0; min-width: 0; flex-wrap: wrap; justify-content: flex-end; text-align: end; }
.dfw-save--waiting p { margin: 0; }
.dfw-section-title { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: ${tokens.muted}; margin: 0 0 8px; }
.dfw-card { background: ${tokens.surface}; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 12px; margin-bottom: 12px; }
.dfw-account__row { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.dfw-account__picture { border-radius: 50%; }
.dfw-account__who { flex: 1; min-width: 140px; }
.dfw-account__name { font-weight: 600; }
.dfw-account__email { color: ${tokens.muted}; overflow-wrap: anywhere; }
.dfw-account__hint { flex: 1; margin: 0; min-width: 180px; }
.dfw-button { font: inherit; padding: 6px 12px; border-radius: ${tokens.radius}; border: 1px solid ${tokens.border}; background: #fff; color: ${tokens.text}; cursor: pointer; min-height: 32px; }
.dfw-button:hover:not(:disabled) { border-color: ${tokens.accent}; }
.dfw-button:disabled { opacity: .6; cursor: default; }
.dfw-button--primary { background: ${tokens.accent}; border-color: ${tokens.accent}; color: #fff; }
.dfw-button--primary:hover:not(:disabled) { background: ${tokens.accentStrong}; }
.dfw-button--danger { background: #b3261e; border-color: #b3261e; color: #fff; }
.dfw-link { font: inherit; background: none; border: 0; color: ${tokens.accent}; text-decoration: underline; cursor: pointer; padding: 0 4px; }
.dfw-panel :focus-visible { outline: 2px solid ${tokens.focus}; outline-offset: 1px; }
.dfw-toolbar { display: flex; align-items: center; gap: 6px; margin-bottom: 6px; flex-wrap: wrap; }
.dfw-toolbar .dfw-breadcrumb { flex: 1 1 140px; min-width: 0; }
.dfw-breadcrumb ol { list-style: none; display: flex; flex-wrap: wrap; align-items: center; gap: 2px; margin: 0; padding: 0; }
.dfw-breadcrumb li { display: flex; align-items: center; min-width: 0; max-width: 100%; }
.dfw-breadcrumb li + li::before { content: '›'; color: ${tokens.muted}; padding: 0 4px; }
.dfw-breadcrumb__link { font: inherit; background: none; border: 0; padding: 4px; color: ${tokens.accent}; cursor: pointer; border-radius: 4px; max-width: 160px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.dfw-breadcrumb__link:hover { background: ${tokens.accentSoft}; }
.dfw-breadcrumb__current { font-weight: 600; padding: 4px; max-width: 220px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.dfw-icon-button { font: inherit; width: 32px; height: 32px; display: inline-grid; place-items: center; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: #fff; cursor: pointer; color: ${tokens.text}; }
.dfw-icon-button:hover { border-color: ${tokens.accent}; }
.dfw-files { position: relative; }
.dfw-files__scroll { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; background: #fff; }
.dfw-table { width: 100%; border-collapse: collapse; table-layout: fixed; }
.dfw-table thead th { position: sticky; top: 0; z-index: 1; background: #eef2f5; text-align: left; font-weight: 600; padding: 0; border-bottom: 1px solid ${tokens.border}; }
.dfw-sort { font: inherit; font-weight: 600; line-height: 1.15; width: 100%; height: 100%; text-align: left; padding: 0 6px; border: 0; background: none; cursor: pointer; color: ${tokens.text}; display: flex; align-items: center; gap: 4px; }
.dfw-sort__arrow { font-size: 9px; color: ${tokens.accent}; }
.dfw-col-title { width: 41%; }
.dfw-col-owner { width: 29%; }
.dfw-col-modified { width: 30%; }
.dfw-table td { padding: 0 6px; border-bottom: 1px solid #edf1f4; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: ${tokens.muted}; }
.dfw-table td.dfw-col-title { padding: 0; color: ${tokens.text}; }
.dfw-row { cursor: pointer; }
.dfw-row:hover { background: #f5f8fa; }
.dfw-row--active { background: ${tokens.accentSoft}; }
.dfw-row--active:hover { background: ${tokens.accentSoft}; }
.dfw-table .dfw-row--active td { color: ${tokens.text}; }
.dfw-row__button { font: inherit; color: inherit; width: 100%; height: 100%; display: flex; align-items: center; gap: 8px; padding: 0 8px; border: 0; background: none; text-align: left; cursor: pointer; min-width: 0; }
.dfw-row__title { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; flex: 1 1 auto; }
.dfw-row--active .dfw-row__title { font-weight: 600; }
.dfw-row--folder .dfw-row__title { font-weight: 500; }
.dfw-icon { flex: none; }
.dfw-badge { flex: none; font-size: 11px; line-height: 18px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 9px; background: ${tokens.accent}; color: #fff; text-align: center; }
.dfw-badge--muted { background: #dfe6ec; color: ${tokens.text}; }
.dfw-table-note { margin: 0; padding: 12px; color: ${tokens.muted}; text-align: center; }
.dfw-count { margin: 4px 0 0; color: ${tokens.muted}; font-size: 12px; min-height: 16px; }
.dfw-alert { margin: 8px 0 0; padding: 8px 10px; border-radius: ${tokens.radius}; background: #fdecea; color: #8c1d18; border: 1px solid #f5c2bd; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.dfw-hint { color: ${tokens.muted}; margin: 6px 0 0; }
.dfw-page-alert { margin: 0 0 12px; }
.dfw-sharing { border: 1px solid ${tokens.border}; border-radius: ${tokens.radius}; padding: 8px 12px 12px; margin: 12px 0 0; background: #fff; }
.dfw-sharing legend { font-weight: 600; padding: 0 4px; max-width: 100%; overflow-wrap: anywhere; }
.dfw-radio { display: flex; align-items: center; gap: 8px; padding: 5px 0; cursor: pointer; }
.dfw-check { display: flex; align-items: center; gap: 8px; cursor: pointer; }
.dfw-fieldset { border: 0; padding: 0; margin: 8px 0 0; min-width: 0; display: grid; gap: 6px; }
.dfw-fieldset > legend { padding: 0; margin: 0 0 6px; }
.dfw-loader-slot { height: 3px; margin-bottom: 4px; }
.dfw-popup-title { margin-top: 0; }
/* The platform's recommended panel width (288 px) and anything below 420 px: no owner column (kept
   as a column of no width: a column of hidden cells would still take its share of the table), the
   Modified column as wide as the widest date (Sep 28, 2025; 28 sept. 2025; 2025. 11. 30.), the
   save status on a line of its own under the title (always, so nothing moves when it changes), a
   slider's label above it. */
@media (max-width: 420px) {
  .dfw-table .dfw-col-owner { width: 0; padding: 0; border-left: 0; border-right: 0; overflow: hidden; visibility: hidden; }
  .dfw-col-title { width: auto; }
  .dfw-col-modified { width: 8.2em; }
  .dfw-header { flex-wrap: wrap; row-gap: 2px; }
  .dfw-header > .dfw-save { flex: 1 0 100%; margin: 0; line-height: 1.3; min-height: 1.3em; justify-content: flex-start; text-align: start; }
  .dfw-field--slider { flex-wrap: wrap; row-gap: 0; }
  .dfw-field--slider .dfw-field__label { flex-basis: 100%; }
}
`;

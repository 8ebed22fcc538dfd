/**
 * A file shown as part of the page (issue 20), what both renderings share without React: the
 * rendered content's stylesheet and text style (when it is shown: nativeShown.ts, kept apart so
 * that the element's first script holds only that). The widget's one drawing of such a file
 * (nativeDrawing.ts: the iframe page's and the custom element's) draws with these.
 *
 * Text follows the widget's Text settings (font family, and the text colour of the frame) unless
 * the owner keeps the document's own look: then the document's colours and sizes stay.
 */
import type { CSSProperties } from 'react';
import { DEFAULT_FONT } from '../contract/font';
import type { UserModel } from '../contract/userModel';
import { nativeKindOf, type NativeKind } from '../drive/display';
import { fontCss } from '../ui/fontCss';

/** Every kind's: nothing scrolls sideways at 320 px but a wide table, inside its own wrapper. */
const BASE_CSS = [
  '.dfw-doc{padding:16px;line-height:1.5;overflow-wrap:anywhere;min-width:0;box-sizing:border-box}',
  '.dfw-doc>:first-child{margin-top:0}.dfw-doc>:last-child{margin-bottom:0}',
  '.dfw-doc img{max-width:100%;height:auto}',
  '.dfw-doc .dfw-table{overflow-x:auto;max-width:100%;margin:0.5em 0}',
  '.dfw-doc table{border-collapse:collapse;overflow-wrap:normal}',
  '.dfw-doc td,.dfw-doc th{border:1px solid #c8d0d8;padding:4px 8px;vertical-align:top}',
  '.dfw-doc td>p,.dfw-doc th>p{margin:0}',
  '.dfw-doc pre{white-space:pre-wrap;font-family:ui-monospace,monospace;margin:0}',
  '.dfw-doc .dfw-picture{display:block;width:100%}',
  '.dfw-doc p:empty{min-height:1em}',
  '.dfw-doc a{color:inherit}',
  '.dfw-follow span[style]{color:inherit!important;font-size:inherit!important;background-color:transparent!important}',
].join('');

const SHEET_CSS = [
  // A spreadsheet (src/drive/convertSheet.ts): frozen rows stay in view while the table scrolls in its own box; tabs (sheetTabs.ts) wrap.
  '.dfw-doc .dfw-sheet>h2{font-size:1.15em;margin:1em 0 0.4em}',
  '.dfw-doc .dfw-tabbed>.dfw-sheet>h2{display:none}',
  '.dfw-doc .dfw-sheet>.dfw-table{margin-top:0}',
  '.dfw-doc .dfw-sheet th{text-align:start}',
  '.dfw-doc .dfw-frozen{max-height:32em;overflow:auto}',
  '.dfw-doc,.dfw-doc .dfw-sheets,.dfw-doc .dfw-sheet,.dfw-doc .dfw-frozen,.dfw-doc .dfw-frozen table,.dfw-doc .dfw-frozen thead,.dfw-doc .dfw-frozen tr{background-color:inherit}',
  '.dfw-doc .dfw-frozen thead th{position:sticky;top:0;z-index:1;background-color:inherit;background-clip:padding-box}',
  '.dfw-doc .dfw-more{margin:0.4em 0 0}',
  '.dfw-doc .dfw-tabs{display:flex;flex-wrap:wrap;gap:2px;border-bottom:1px solid #c8d0d8;margin:0 0 8px}',
  '.dfw-doc .dfw-tabs>button{font:inherit;color:inherit;background:transparent;border:1px solid transparent;border-bottom:0;border-radius:4px 4px 0 0;padding:6px 12px;margin-bottom:-1px;cursor:pointer;max-width:100%;overflow-wrap:anywhere}',
  '.dfw-doc .dfw-tabs>button[aria-selected="true"]{border-color:#c8d0d8;background-color:inherit;font-weight:bold}',
  '.dfw-doc .dfw-tabs>button:focus-visible,.dfw-doc .dfw-sheet:focus-visible{outline:2px solid currentColor;outline-offset:-2px}',
  '.dfw-follow td[style],.dfw-follow th[style]{color:inherit!important;background-color:transparent!important}',
].join('');

const DECK_CSS = [
  // A presentation one slide at a time (slideDeck.ts): the slide as wide as the page, so as tall as a slide at that width.
  '.dfw-doc .dfw-deck-one>figure{margin:0;touch-action:pan-y}.dfw-doc .dfw-deck-one>figure[hidden]{display:none}',
  '.dfw-doc .dfw-deck-one>figure>img{display:block;width:100%;height:auto}',
  '.dfw-doc .dfw-deck-nav{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:8px 12px;margin:8px 0 0;container-type:inline-size}',
  '.dfw-doc .dfw-deck-nav>p{margin:0;white-space:nowrap}',
  '.dfw-doc .dfw-deck-nav>button{font:inherit;color:inherit;background:transparent;border:1px solid #c8d0d8;border-radius:4px;padding:6px 12px;cursor:pointer;white-space:nowrap}',
  // Narrow (a phone): the slide's place on a line of its own, above the two buttons; no words break.
  '@container (max-width:30em){.dfw-doc .dfw-deck-nav>p{flex-basis:100%;order:-1;text-align:center}}',
  '.dfw-doc .dfw-deck-nav>button:disabled{opacity:0.5;cursor:default}',
  '.dfw-doc .dfw-deck-one:focus-visible,.dfw-doc .dfw-deck-nav>button:focus-visible{outline:2px solid currentColor;outline-offset:2px}',
].join('');

const PAGES_CSS = [
  // A PDF's or a deck's pages (server/src/render/renderPages.ts): each image as wide as the widget, as tall as its ratio (its width and height) before it loads; the page's text for readers and search, visually hidden.
  '.dfw-doc .dfw-pages{display:flex;flex-direction:column;gap:12px}',
  '.dfw-doc .dfw-page{margin:0;position:relative}',
  '.dfw-doc .dfw-page>img{display:block;width:100%;max-width:100%;height:auto;box-shadow:0 1px 3px rgba(0,0,0,0.25)}',
  '.dfw-doc .dfw-page-text{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}',
  '.dfw-doc .dfw-pages-more{margin:0}',
].join('');

const KIND_CSS: Partial<Record<NativeKind, string>> = { sheet: SHEET_CSS, pdf: PAGES_CSS, slides: PAGES_CSS + DECK_CSS };

/** The content's stylesheet for a file of `mimeType`: only its kind's rules (fewer for the browser to match before the first paint). */
export function nativeCss(mimeType: string | null): string {
  const kind = nativeKindOf(mimeType);
  return BASE_CSS + ((kind && KIND_CSS[kind]) ?? '');
}

/** The content's class names: the document's own look kept, or the widget's text followed. */
export const nativeClassName = (model: UserModel) => (model.keepDocumentLook ? 'dfw-doc' : 'dfw-doc dfw-follow');

export function nativeTextStyle(model: UserModel): CSSProperties {
  if (model.keepDocumentLook) return { fontFamily: 'Arial, sans-serif', fontSize: 15 };
  const font = fontCss(model.font ?? DEFAULT_FONT);
  return { fontFamily: font.fontFamily, fontSize: font.fontSize };
}

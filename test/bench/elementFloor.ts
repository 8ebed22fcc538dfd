/**
 * The element's floor, a reference page for the bench (nativeRender.ts writes it, visitor.mjs
 * measures it beside the element): the site's page holding the same element tag, with a module of
 * a few lines in place of the element's script. It does the least any element showing this
 * rendering must do: fetch it from our server, have the browser's sanitizer (`setHTML`) keep only
 * the contract's elements and attributes, and put it in a shadow root inside the frame and styles
 * the legacy page draws. No model, no attribute rules, no chunk: what our element spends beyond
 * this page is its own.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_ATTRIBUTES, CONTENT_TAGS } from '../../src/contract/nativeContentRules';
import { NATIVE_CONTENT_ID } from '../../src/widget/nativeContentId';

const FLOOR_PAGE = 'element-floor.html';
const FLOOR_SCRIPT = 'element-floor.js';
/** Where the rendering goes in the frame (`frameAround` finds it). */
export const FLOOR_CONTENT_MARK = '<!--dfw-floor-content-->';

/** The legacy page's frame around its content (`page` drawn with FLOOR_CONTENT_MARK as the content), split at the content. */
export function frameAround(page: string): [string, string] {
  const start = page.indexOf('<main');
  const end = page.lastIndexOf('</main>');
  const [before, after, ...more] = start < 0 || end < start ? [] : page.slice(start, end + '</main>'.length).split(FLOOR_CONTENT_MARK);
  if (before === undefined || after === undefined || more.length > 0) throw new Error('The legacy page drew no frame around its content.');
  return [before, after];
}

function floorScript(contentUrl: string, [before, after]: [string, string]): string {
  const lists = JSON.stringify({ elements: CONTENT_TAGS, attributes: CONTENT_ATTRIBUTES });
  return `const root = document.querySelector('drive-file-widget').attachShadow({ mode: 'open' });
fetch(${JSON.stringify(contentUrl)}, { headers: { Accept: 'application/json' } }).then((r) => r.json()).then(({ content }) => {
  const box = document.implementation.createHTMLDocument('').createElement('div');
  box.setHTML(content.html, { sanitizer: ${lists} });
  root.innerHTML = ${JSON.stringify(`<style>:host{display:block}</style>${before}${after}`)};
  root.getElementById(${JSON.stringify(NATIVE_CONTENT_ID)}).append(...box.childNodes);
});
`;
}

/** Writes the floor page (`elementTag`: the element as the element's page holds it) and its script. */
export function writeElementFloor(pagesDir: string, elementTag: string, contentUrl: string, frame: [string, string]): void {
  writeFileSync(path.join(pagesDir, FLOOR_SCRIPT), floorScript(contentUrl, frame));
  writeFileSync(
    path.join(pagesDir, FLOOR_PAGE),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title><script type="module" src="${FLOOR_SCRIPT}"></script></head><body style="margin:0">${elementTag}</body></html>`,
  );
}

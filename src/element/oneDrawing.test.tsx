/**
 * One drawing for both models: for the same model (and the same rendering), the custom element
 * draws in its shadow root what the server sends in the legacy widget page (the same React view
 * rendered to a string), element for element, attribute for attribute, style for style. Colours
 * are custom here: palette references are drawn with the page's theme by the element
 * (elementPalette.ts), with the saved palette by the server.
 */
// The server's renderer (jsdom's environment would pick the browser's, which needs MessageChannel).
import { renderToString } from 'react-dom/server.node';
import { readUserModel, type UserModelInput } from '../api/schemas';
import type { ViewMode } from '../editor/EditorBridge';
import { widgetTranslatorFor } from '../i18n/widget/everyLanguage';
import { toLanguage } from '../i18n/languages';
import { NativeWidgetView } from '../widget/NativeWidgetView';
import { drawNative } from './nativeElement';
import { purifiedContent } from './purifiedContent';
import { createElementRenderer } from './renderElement';

const DOC = 'application/vnd.google-apps.document';
const FILE: UserModelInput = {
  activeFileId: 'doc-1',
  activeFileTitle: 'Plan <b>',
  activeFileMimeType: DOC,
  activeFilePerm: 'reader',
  backgroundColor: '#ffeedd',
  textColor: '#112233',
  borderColor: '#445566',
  borderWidth: 2,
  cornerRadiusTopLeft: 7,
};
const HTML = '<p>Hi <a href="#h.x">there</a></p><h2 id="h.x">There</h2>';

/** A node as a comparable value: tag, attributes (sorted; the element's `data-version` aside), style as the browser reads it, children. */
function shape(node: Node): unknown {
  if (!(node instanceof HTMLElement)) return node.textContent;
  const attrs = node
    .getAttributeNames()
    .filter((name) => name !== 'style' && name !== 'data-version')
    .sort()
    .map((name) => [name, node.getAttribute(name)]);
  return { tag: node.localName, attrs, style: node.style.cssText, children: Array.from(node.childNodes).map(shape) };
}

function serverDrawn(input: UserModelInput, viewMode: ViewMode, native: boolean): unknown[] {
  const model = readUserModel(input).model;
  const i18n = widgetTranslatorFor(toLanguage(model.locale));
  const content = native ? { fileId: 'doc-1', html: HTML } : null;
  const box = document.createElement('div');
  box.innerHTML = renderToString(<NativeWidgetView model={model} viewMode={viewMode} error={null} i18n={i18n} content={content} />);
  return Array.from(box.childNodes).map(shape);
}

function elementDrawn(input: UserModelInput, viewMode: ViewMode, native: boolean): unknown[] {
  const model = readUserModel(input).model;
  const box = document.createElement('div');
  if (native) drawNative(box, model, { fileId: 'doc-1', version: 3, html: HTML }, (html) => purifiedContent(html, '', window));
  else createElementRenderer(box).render({ viewMode, error: null }, model, widgetTranslatorFor(toLanguage(model.locale)));
  return Array.from(box.childNodes).map(shape);
}

it.each<[string, UserModelInput, ViewMode, boolean]>([
  ['a file in the viewer', FILE, 'site', false],
  ['with its title bar', { ...FILE, titleBar: true, locale: 'de' }, 'site', false],
  ["a private file with the owner's hint", { ...FILE, activeFilePerm: 'none', locale: 'ja' }, 'editor', false],
  ['no file yet, in the editor', { locale: 'ko' }, 'editor', false],
  ['a document as part of the page', { ...FILE, display: 'page', titleBar: true }, 'site', true],
  ["a document in the document's own look", { ...FILE, display: 'page', keepDocumentLook: true, locale: 'fr' }, 'site', true],
])('%s: the same elements, attributes and styles', (_name, input, viewMode, native) => {
  const server = serverDrawn(input, viewMode, native);
  expect(server.length).toBe(1);
  expect(elementDrawn(input, viewMode, native)).toEqual(server);
});

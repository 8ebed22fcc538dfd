/**
 * Draws the widget's content (src/widget/widgetContent.ts, the iframe page's own decision) into
 * the element's shadow root with plain DOM, in the widget's own styles. Nodes are kept and
 * updated in place between renders, so a change of colour or corner does not reload the file's
 * viewer: its iframe is only touched when the file's URL changes.
 */
import type { UserModel } from '../contract/userModel';
import type { Translator } from '../i18n/translator';
import type { WidgetSource } from '../i18n/widget/en';
import { noteRole, type FileContent, type NoteText, type WidgetContent } from '../widget/widgetContent';
import { note, privateNote } from '../widget/widgetNoteStyle';
import { frameStyle, titleBarStyle } from '../widget/widgetStyle';
import { setStyle } from '../widget/domStyle';
import { themePalette } from './elementPalette';

const IFRAME_STYLE = { width: '100%', flex: '1 1 auto', minHeight: 0, border: 0, display: 'block' } as const;

interface FileNodes {
  main: HTMLElement;
  heading: HTMLHeadingElement;
  iframe: HTMLIFrameElement;
  hint: HTMLParagraphElement;
}

export interface ElementRenderer {
  /** `model`: the model the content was decided for (drawn when it is a file). */
  render(content: WidgetContent, model: UserModel, i18n: Translator<WidgetSource>): void;
}

function createFileNodes(doc: Document): FileNodes {
  const main = doc.createElement('main');
  const heading = doc.createElement('h1');
  const iframe = doc.createElement('iframe');
  iframe.setAttribute('allow', 'autoplay; fullscreen');
  iframe.setAttribute('loading', 'lazy');
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  setStyle(iframe, IFRAME_STYLE);
  const hint = doc.createElement('p');
  hint.setAttribute('role', 'status');
  main.append(iframe);
  return { main, heading, iframe, hint };
}

function showFile(nodes: FileNodes, content: FileContent, model: UserModel, i18n: Translator<WidgetSource>): void {
  const palette = themePalette(model);
  setStyle(nodes.main, frameStyle(model, palette));
  if (model.titleBar) {
    setStyle(nodes.heading, titleBarStyle(model, palette));
    nodes.heading.textContent = model.activeFileTitle;
    if (!nodes.heading.isConnected) nodes.main.prepend(nodes.heading);
  } else nodes.heading.remove();
  nodes.iframe.title = model.activeFileTitle ?? i18n.t('widget.fileTitle');
  if (nodes.iframe.getAttribute('src') !== content.url) nodes.iframe.setAttribute('src', content.url);
  if (content.privateNote) {
    setStyle(nodes.hint, privateNote(i18n));
    nodes.hint.lang = i18n.tag;
    nodes.hint.textContent = i18n.t('widget.privateFile');
    nodes.main.append(nodes.hint);
  } else nodes.hint.remove();
}

function noteNode(doc: Document, text: NoteText, i18n: Translator<WidgetSource>): HTMLElement {
  const node = doc.createElement('div');
  setStyle(node, note(i18n));
  node.lang = i18n.tag;
  const role = noteRole(text);
  if (role) node.setAttribute('role', role);
  node.textContent = i18n.t(text);
  return node;
}

/** A renderer that owns `container` (the shadow root's content box). */
export function createElementRenderer(container: HTMLElement): ElementRenderer {
  let file: FileNodes | null = null;
  return {
    render(content, model, i18n) {
      const doc = container.ownerDocument;
      if (content && typeof content !== 'string') {
        file ??= createFileNodes(doc);
        showFile(file, content, model, i18n);
        if (container.firstChild !== file.main || container.childNodes.length !== 1) container.replaceChildren(file.main);
        return;
      }
      file = null;
      container.replaceChildren(...(content ? [noteNode(doc, content, i18n)] : []));
    },
  };
}

/**
 * One drawing of the widget for every rendering of it: what the widget shows for a model (and, for
 * a file shown as part of the page, the server's rendering of it), as a small tree of elements
 * with their attributes and styles, free of React. The server's page turns it into React elements
 * (drawingReact.ts: the same markup the visitor's page is sent); the owner's page, which takes
 * that markup over, and the custom element, in its shadow root, turn it into DOM (drawingDom.ts). Written small:
 * the element's first script holds it; a file shown as part of the page is nativeDrawing.ts.
 */
import type { CSSProperties } from 'react';
import type { UserModel } from '../contract/userModel';
import type { SiteColor, ViewMode } from '../editor/EditorBridge';
import type { Translator } from '../i18n/translator';
import type { WidgetSource } from '../i18n/widget/en';
import { noteRole, widgetContent, type FileContent, type NoteText } from './widgetContent';
import { note, privateNote } from './widgetNoteStyle';
import { frameStyle, savedPalette, titleBarStyle } from './widgetStyle';

/**
 * An element: its tag, its attributes (HTML names; `style: ''` places the inline style among them,
 * else it comes first, as React writes them), its inline style, and text, children or a rendering's markup.
 */
export interface Drawing {
  tag: string;
  attrs: Record<string, string | undefined>;
  style?: CSSProperties;
  text?: string | null;
  children?: Drawing[];
  /** The server's sanitized rendering of a file, as markup (the element sanitizes it again). */
  html?: string;
}

const IFRAME_STYLE: CSSProperties = { width: '100%', flex: '1 1 auto', minHeight: 0, border: 0, display: 'block' };

/** A note (the owner's hints, loading, a failure) in its language. */
export function drawNote(text: NoteText, i18n: Translator<WidgetSource>): Drawing {
  const busy = text === 'widget.loading' ? 'true' : undefined;
  return { tag: 'div', attrs: { lang: i18n.tag, role: noteRole(text), 'aria-busy': busy }, style: note(i18n), text: i18n.t(text) };
}

export function titleBar(model: UserModel, palette: readonly SiteColor[]): Drawing[] {
  return model.titleBar ? [{ tag: 'h1', attrs: {}, style: titleBarStyle(model, palette), text: model.activeFileTitle }] : [];
}

/** The file in the drive's viewer, in the owner's frame, with the private-file hint when the content asks for it. */
export function drawViewer(model: UserModel, content: FileContent, palette: readonly SiteColor[], i18n: Translator<WidgetSource>): Drawing {
  const iframe: Drawing = {
    tag: 'iframe',
    attrs: {
      title: model.activeFileTitle ?? i18n.t('widget.fileTitle'),
      src: content.url,
      style: '',
      allow: 'autoplay; fullscreen',
      loading: 'lazy',
      referrerpolicy: 'strict-origin-when-cross-origin',
    },
    style: IFRAME_STYLE,
  };
  const hint: Drawing[] = content.privateNote
    ? [{ tag: 'p', attrs: { role: 'status', lang: i18n.tag, style: '' }, style: privateNote(i18n), text: i18n.t('widget.privateFile') }]
    : [];
  return { tag: 'main', attrs: {}, style: frameStyle(model, palette), children: [...titleBar(model, palette), iframe, ...hint] };
}

export interface WidgetDrawingInput {
  model: UserModel | null;
  viewMode: ViewMode;
  error: unknown;
  /** Words in the owner's chosen language. */
  i18n: Translator<WidgetSource>;
  /** The palette references are drawn with; the model's saved colours when not given. */
  palette?: readonly SiteColor[] | null;
  /** A private file chosen but not named (the custom element's attributes): widgetContent.ts. */
  fileHidden?: boolean;
}

/** What the widget shows for a model in the drive's viewer (or a note), or null for nothing at all. */
export function drawWidget({ model, viewMode, error, i18n, palette, fileHidden }: WidgetDrawingInput): Drawing | null {
  const content = widgetContent(model, viewMode, error, fileHidden);
  if (!content) return null;
  if (typeof content === 'string') return drawNote(content, i18n);
  // A file's content comes only with a model.
  return model ? drawViewer(model, content, palette ?? savedPalette(model), i18n) : null;
}

/**
 * A file shown as part of the page (issue 20): the server's sanitized rendering of a document, a
 * text file or an image, in the widget's frame, as tall as its content. The server renders it
 * into the widget page's first HTML (readable with JavaScript off); the client hydrates it from
 * that HTML without a copy of its own (src/widget/native/startNative.ts). Shared rendering: the
 * iframe widget uses it, and so can the custom element.
 *
 * Text follows the widget's Text settings (font family, and the text colour of the frame) unless
 * the owner keeps the document's own look: then the document's colours and sizes stay.
 */
import type { CSSProperties } from 'react';
import { DEFAULT_FONT } from '../contract/font';
import type { UserModel } from '../contract/userModel';
import { fontCss } from '../ui/fontCss';

export const NATIVE_CONTENT_ID = 'dfw-native';

/** Nothing scrolls sideways at 320 px but a wide table, inside its own wrapper. */
export const NATIVE_CSS = [
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

export function nativeTextStyle(model: UserModel): CSSProperties {
  if (model.keepDocumentLook) return { fontFamily: 'Arial, sans-serif', fontSize: 15 };
  const font = fontCss(model.font ?? DEFAULT_FONT);
  return { fontFamily: font.fontFamily, fontSize: font.fontSize };
}

export interface NativeContentProps {
  html: string;
  model: UserModel;
}

export function NativeContent({ html, model }: NativeContentProps) {
  return (
    <>
      <style>{NATIVE_CSS}</style>
      <article
        id={NATIVE_CONTENT_ID}
        className={model.keepDocumentLook ? 'dfw-doc' : 'dfw-doc dfw-follow'}
        aria-label={model.activeFileTitle ?? undefined}
        style={nativeTextStyle(model)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

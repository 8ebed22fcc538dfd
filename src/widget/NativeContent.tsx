/**
 * A file shown as part of the page (issue 20): the server's sanitized rendering of a document, a
 * text file or an image, in the widget's frame, as tall as its content. The server renders it
 * into the widget page's first HTML (readable with JavaScript off); the client hydrates it from
 * that HTML without a copy of its own (src/widget/native/startNative.ts). Its styles are shared
 * with the custom element (nativeContentStyle.ts).
 */
import { useEffect, useRef } from 'react';
import type { UserModel } from '../contract/userModel';
import { enhanceSheets } from './sheetTabs';
import { NATIVE_CONTENT_ID, NATIVE_CSS, nativeClassName, nativeTextStyle } from './nativeContentStyle';

export interface NativeContentProps {
  html: string;
  model: UserModel;
}

export function NativeContent({ html, model }: NativeContentProps) {
  const article = useRef<HTMLElement>(null);
  // A spreadsheet's sheets as tabs (sheetTabs.ts), once its HTML is in (after hydration, or a new rendering).
  useEffect(() => {
    if (article.current) enhanceSheets(article.current);
  }, [html]);
  return (
    <>
      <style>{NATIVE_CSS}</style>
      <article
        ref={article}
        id={NATIVE_CONTENT_ID}
        className={nativeClassName(model)}
        aria-label={model.activeFileTitle ?? undefined}
        style={nativeTextStyle(model)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

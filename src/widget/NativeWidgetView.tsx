/**
 * The widget with its file as part of the page (issue 20), in the owner's frame (corners, border,
 * colours, title bar). It shows the content rendered for `fileId` only while the model still shows
 * that file natively; otherwise (the owner chose the viewer, another file, a private file for a
 * visitor) it is the ordinary WidgetView. The server renders it into the first HTML; the client's
 * native chunk hydrates it.
 */
import { NativeContent } from './NativeContent';
import { nativeShown, type RenderedContent } from './nativeShown';
import { frameStyle, savedPalette, titleBarStyle } from './widgetStyle';
import { WidgetView, type WidgetViewProps } from './WidgetView';

export { nativeShown, type RenderedContent };

export function NativeWidgetView(props: WidgetViewProps & { content: RenderedContent | null }) {
  const { model, viewMode, error, content, palette } = props;
  const owner = viewMode === 'editor' || viewMode === 'preview';
  if (error || !model || !nativeShown(model, content, owner)) return <WidgetView {...props} />;
  const colors = palette ?? savedPalette(model);
  return (
    <main style={{ ...frameStyle(model, colors), position: 'relative', inset: undefined }} data-file-id={content.fileId}>
      {model.titleBar ? <h1 style={titleBarStyle(model, colors)}>{model.activeFileTitle}</h1> : null}
      <NativeContent html={content.html} model={model} />
    </main>
  );
}

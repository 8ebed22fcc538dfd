/**
 * The widget page rendered on the server: the built widget.html with the user model embedded as
 * the JSON template the client reads (src/api/embeddedUserModel.ts) and the widget's markup
 * (src/widget/NativeWidgetView.tsx) already in #root, so the file's iframe is in the first HTML the
 * visitor's browser receives. The owner's page (editor, preview) takes it over and draws it
 * again in place (src/widget/ownerPage.ts); a visitor's page
 * (the site view, VISITOR_TEMPLATE) takes nothing over: its script only sizes the frame, follows
 * the site's palette and the content's internal links (src/widget/visitor).
 */
import { renderToString } from 'react-dom/server';
import { USER_MODEL_ELEMENT_ID } from '#client/api/embeddedUserModel';
import type { UserModel } from '#client/api/schemas';
import type { ViewMode } from '#client/editor/EditorBridge';
import { toLanguage } from '#client/i18n/languages';
import { widgetTranslatorFor } from '#client/i18n/widget/everyLanguage';
import { automaticViewerHeight } from '#client/drive/display';
import { NativeWidgetView, nativeShown, type RenderedContent } from '#client/widget/NativeWidgetView';

/**
 * The visitor's template (the site view): the same page, with a script that takes no markup over
 * (src/widget/visitor); the owner's views (editor, preview) keep widget.html, which draws it again.
 */
export const VISITOR_TEMPLATE = 'widget-site.html';

/** #root as html-webpack-plugin writes it (quoted, or not once minified). */
export const ROOT_MARKER = /<div id="?root"?><\/div>/;
/** The same styles the widget's script sets (src/widget/main.ts, ownerPage.ts), present before it runs. */
const HTML_STYLE = 'height:100%';
const BODY_STYLE = 'margin:0;height:100%;position:relative;background:transparent';
const ROOT_STYLE = 'position:absolute;inset:0';
/** Content shown as part of the page sets the page's height (src/widget/followHeight.ts): #root in the flow. */
const NATIVE_ROOT_STYLE = 'position:relative';

const VIEW_MODES: readonly ViewMode[] = ['editor', 'preview', 'site'];

/** The view mode the client's bridge starts with: the host's query value, else standalone. */
export function viewModeOf(query: string | undefined): ViewMode {
  return VIEW_MODES.find((m) => m === query) ?? 'standalone';
}

/** JSON safe inside a script element: no '<' (so no '</script>'), no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text safe in a double-quoted attribute. */
const attributeText = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's description (search engines, Lighthouse's SEO): the file's title, where the viewer may know it. */
function description(model: UserModel): string {
  return model.activeFileTitle ? `<meta name="description" content="${attributeText(model.activeFileTitle)}">` : '';
}

export function assertWidgetTemplate(html: string): void {
  if (!ROOT_MARKER.test(html)) throw new Error('widget.html has no empty <div id="root">; the server cannot render into it.');
}

/**
 * How the client sizes the widget (its native chunk): `content` when the file shows as part of the
 * page, `viewer` for a viewer of automatic (by kind) or fixed height; none leaves the host's size.
 */
function sizeMarker(model: UserModel, content: RenderedContent | null, isOwner: boolean): string {
  if (nativeShown(model, content, isOwner)) return ' data-size="content"';
  const sized = model.viewerHeight !== null || automaticViewerHeight(model.activeFileMimeType, 1) !== null;
  return model.activeFileId && sized ? ' data-size="viewer"' : '';
}

export function renderWidgetPage(
  template: string,
  embedded: Record<string, unknown>,
  model: UserModel,
  viewMode: ViewMode,
  content: RenderedContent | null = null,
): string {
  // In the owner's language, as the client draws it once its language's chunk is in (src/widget/ownerPage.ts).
  const i18n = widgetTranslatorFor(toLanguage(model.locale));
  const markup = renderToString(<NativeWidgetView model={model} viewMode={viewMode} error={null} i18n={i18n} content={content} />);
  const owner = viewMode === 'editor' || viewMode === 'preview';
  const rootStyle = viewMode === 'site' && nativeShown(model, content, false) ? NATIVE_ROOT_STYLE : ROOT_STYLE;
  const root = `<script type="application/json" id="${USER_MODEL_ELEMENT_ID}">${jsonForScript(embedded)}</script><div id="root"${sizeMarker(model, content, owner)} style="${rootStyle}">${markup}</div>`;
  return template
    .replace(/<html([^>]*)>/, (_whole, attributes: string) => `<html${attributes.replace(/\s*lang="?[^" >]*"?/, '')} lang="${i18n.tag}" style="${HTML_STYLE}">`)
    .replace(/<\/head>/, () => `${description(model)}</head>`)
    .replace(/<body([^>]*)>/, `<body$1 style="${BODY_STYLE}">`)
    .replace(ROOT_MARKER, () => root);
}

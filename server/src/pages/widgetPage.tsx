/**
 * The widget page rendered on the server: the built widget.html with the user model embedded as
 * the JSON template the client reads (src/api/embeddedUserModel.ts) and the widget's markup
 * (src/widget/WidgetView.tsx) already in #root, so the file's iframe is in the first HTML the
 * visitor's browser receives; the client hydrates it.
 */
import { renderToString } from 'react-dom/server';
import { USER_MODEL_ELEMENT_ID } from '../../../src/api/embeddedUserModel';
import type { UserModel } from '../../../src/api/schemas';
import type { ViewMode } from '../../../src/editor/EditorBridge';
import { WidgetView } from '../../../src/widget/WidgetView';

/** #root as html-webpack-plugin writes it (quoted, or not once minified). */
export const ROOT_MARKER = /<div id="?root"?><\/div>/;
/** The same styles the widget's script sets (src/widget/main.tsx), present before it runs. */
const HTML_STYLE = 'height:100%';
const BODY_STYLE = 'margin:0;height:100%;position:relative;background:transparent';
const ROOT_STYLE = 'position:absolute;inset:0';

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

export function assertWidgetTemplate(html: string): void {
  if (!ROOT_MARKER.test(html)) throw new Error('widget.html has no empty <div id="root">; the server cannot render into it.');
}

export function renderWidgetPage(template: string, embedded: Record<string, unknown>, model: UserModel, viewMode: ViewMode): string {
  const markup = renderToString(<WidgetView model={model} viewMode={viewMode} error={null} />);
  const root = `<script type="application/json" id="${USER_MODEL_ELEMENT_ID}">${jsonForScript(embedded)}</script><div id="root" style="${ROOT_STYLE}">${markup}</div>`;
  return template
    .replace(/<html([^>]*)>/, `<html$1 style="${HTML_STYLE}">`)
    .replace(/<body([^>]*)>/, `<body$1 style="${BODY_STYLE}">`)
    .replace(ROOT_MARKER, () => root);
}

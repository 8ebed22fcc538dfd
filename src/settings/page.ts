/**
 * The settings panel's page, made when the page is built (html-webpack-plugin runs this template
 * in Node). The page paints before its
 * script has loaded, so an owner sees the panel's frame at once rather than a blank page:
 * - the panel's stylesheets are in the head, under the ids the components inject them with, so
 *   the script finds them there and injects nothing again;
 * - #root holds the panel's shell (its heading, the loader, the tab strip and the account card,
 *   laid out as the panel's first render lays them out), which React replaces when it mounts.
 *   Only the heading speaks: the tabs' and card's words depend on the editor's language, which
 *   only the script knows, so the shell shows their places (hidden from assistive technology)
 *   and the main region says it is busy;
 * - the page fades in once, here (spec §9, 140 ms, none under reduced motion), from 10%
 *   opacity: Chromium records no first paint for content animated from opacity 0, so a page
 *   fading in from 0 has no first contentful paint until something repaints after the fade
 *   (Lighthouse then fails with NO_FCP when nothing does).
 */
import { LOADER_BAR_STYLE } from '../ui/LoaderBar';
import { PAGE_FADE_IN_MS } from '../ui/motion';
import { tokens, type Stylesheet } from '../ui/styles';
import { TABS_STYLE } from '../ui/Tabs';
import { PANEL_STYLE } from './panelStyles';
import { TAB_STYLE } from './tabStyles';

/** What html-webpack-plugin hands a template function: the options given in webpack.config.js. */
interface TemplateParameters {
  htmlWebpackPlugin: { options: { title: string; sdkUrl?: string | null }; files: { js: string[] } };
}

const SHELL_STYLE: Stylesheet = {
  id: 'dfw-shell',
  css: `
#root { animation: dfw-page-in ${PAGE_FADE_IN_MS}ms ease-out both; }
@keyframes dfw-page-in { from { opacity: .1; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { #root { animation: none; } }
.dfw-shell__tab { display: inline-block; cursor: default; }
.dfw-shell__tab--selected { border-bottom-color: ${tokens.accent}; }
.dfw-shell__bar { display: inline-block; vertical-align: middle; height: .9em; border-radius: 3px; background: #dfe6ec; }
`,
};

const styleElement = ({ id, css }: Stylesheet) => `<style data-ui="${id}">${css}</style>`;

/** A grey bar in place of words the script will write, `em` wide. */
const bar = (em: number) => `<span class="dfw-shell__bar" style="width: ${em}em"></span>`;

/** The panel's first render (SettingsApp: header, loader, tabs, the account being checked), without its words. */
const SHELL = `
<main class="dfw-panel" aria-busy="true">
  <div class="dfw-header"><h1>Drive File Widget</h1><p class="dfw-save"></p></div>
  <div class="dfw-loader-slot"><div class="ui-loader" aria-hidden="true"><div class="ui-loader__bar"></div></div></div>
  <div class="ui-tabs__list" aria-hidden="true">
    <span class="ui-tabs__tab dfw-shell__tab dfw-shell__tab--selected">${bar(2.5)}</span>
    <span class="ui-tabs__tab dfw-shell__tab">${bar(3)}</span>
    <span class="ui-tabs__tab dfw-shell__tab">${bar(2.2)}</span>
  </div>
  <div class="dfw-card" aria-hidden="true">
    <p class="dfw-section-title">${bar(7.5)}</p>
    <p class="dfw-account__hint">${bar(12)}</p>
  </div>
</main>`;

export default function settingsPage({ htmlWebpackPlugin: { options, files } }: TemplateParameters): string {
  const sdk = options.sdkUrl ? `<script defer src="${options.sdkUrl}"></script>` : '';
  const own = files.js.map((src) => `<script type="module" src="${src}"></script>`).join('');
  const styles = [PANEL_STYLE, TAB_STYLE, TABS_STYLE, LOADER_BAR_STYLE, SHELL_STYLE].map(styleElement).join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${options.title}</title>
    ${sdk}${own}${styles}
  </head>
  <body>
    <div id="root">${SHELL}</div>
  </body>
</html>`;
}

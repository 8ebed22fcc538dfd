/**
 * The visitor's page over the markup the server sends (the same React view, rendered to a string):
 * no framework takes it over, yet the frame follows the site's palette, the host sizes the frame,
 * the native content's `#…` links land on their anchors, and a presentation shows one slide at a
 * time when the owner chose so.
 */
// The server's renderer (jsdom's environment would pick the browser's, which needs MessageChannel).
import { renderToString } from 'react-dom/server.node';
import { readUserModel, type UserModelInput } from '../../api/schemas';
import { USER_MODEL_ELEMENT_ID } from '../../api/embeddedUserModel';
import type { SiteColor } from '../../editor/EditorBridge';
import { DEFAULT_SITE_COLORS } from '../../editor/sitePalette';
import { NativeWidgetView } from '../NativeWidgetView';
import { startVisitorPage, type VisitorBridge } from './visitorPage';
import { screen } from '@testing-library/react';
import type { Translator } from '../../i18n/translator';
import type { WidgetSource } from '../../i18n/widget/en';
import { widgetTranslatorFor } from '../../i18n/widget/everyLanguage';

const DOC = 'application/vnd.google-apps.document';
const input = (more: UserModelInput): UserModelInput => ({
  activeFileId: 'doc-1',
  activeFileTitle: 'Plan',
  activeFileMimeType: DOC,
  activeFilePerm: 'reader',
  ...more,
});

/** jsdom has no ResizeObserver: the sizes below need no layout (a fixed viewer height). */
class NoResize {
  observe() {}
  disconnect() {}
}

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = NoResize;
});

/** The page as the server writes it (server/src/pages/widgetPage.tsx), in a visitor's view. */
function serverPage(more: UserModelInput, size: string, html?: string, i18n?: Translator<WidgetSource>): void {
  const model = readUserModel(input(more)).model;
  const content = html ? { fileId: 'doc-1', html } : null;
  const markup = renderToString(<NativeWidgetView model={model} viewMode="site" error={null} content={content} i18n={i18n} />);
  document.body.innerHTML = `<script type="application/json" id="${USER_MODEL_ELEMENT_ID}">${JSON.stringify(input(more))}</script><div id="root" data-size="${size}">${markup}</div>`;
}

function bridgeWith(colors: SiteColor[]): VisitorBridge & { heights: number[] } {
  const heights: number[] = [];
  return { heights, siteColors: async () => colors, setHeight: (px) => heights.push(px) };
}

const sitePalette = (changes: Record<string, string>) => DEFAULT_SITE_COLORS.map((c) => ({ ...c, value: changes[c.name] ?? c.value }));

it("draws the frame's palette references with the site's palette once the platform hands it out", async () => {
  serverPage({ backgroundColor: 'color_13', textColor: 'color_35', titleBar: true, paletteColors: { color_13: '#abcdef', color_35: '#123456' } }, 'viewer');
  const main = document.querySelector('main')!;
  expect(main).toHaveStyle({ background: '#abcdef', color: '#123456' });
  const iframe = document.querySelector('iframe')!;
  await startVisitorPage(document, bridgeWith(sitePalette({ color_13: '#0000ff', color_35: '#ff0000' })));
  expect(main).toHaveStyle({ background: '#0000ff', color: '#ff0000' });
  expect(document.querySelector('h1')).toHaveStyle({ color: '#ff0000' });
  // The viewer is the same node: the file is not loaded again.
  expect(document.querySelector('iframe')).toBe(iframe);
});

it('leaves the markup alone when the site palette changes none of its colours', async () => {
  serverPage({ backgroundColor: '#ffeedd', paletteColors: {} }, 'viewer');
  const before = document.body.innerHTML;
  await startVisitorPage(document, bridgeWith(sitePalette({ color_13: '#0000ff' })));
  expect(document.body.innerHTML).toBe(before);
});

it("asks the host for the owner's viewer height", async () => {
  serverPage({ viewerHeight: 640 }, 'viewer');
  const bridge = bridgeWith([]);
  await startVisitorPage(document, bridge);
  expect(bridge.heights).toEqual([640]);
});

it("follows the native content's internal links to their anchors, the page's address untouched", async () => {
  serverPage({ display: 'page' }, 'content', '<p><a href="#h.end">To the end</a></p><h2 id="h.end">The end</h2>');
  await startVisitorPage(document, bridgeWith([]));
  const heading = document.getElementById('h.end')!;
  const scrolled: Element[] = [];
  heading.scrollIntoView = () => scrolled.push(heading);
  const link = document.querySelector('a')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  link.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  expect(scrolled).toEqual([heading]);
  expect(document.activeElement).toBe(heading);
});

/** A deck as the server stores it (a `.dfw-pages` of slides); the file's kind does not matter to the script. */
const DECK = `<div class="dfw-pages" data-kind="slides">${['Agenda', 'Money', 'Thanks']
  .map(
    (text, i) =>
      `<figure class="dfw-page"><img src="/i/${i}.png" width="1280" height="720" alt=""><figcaption class="dfw-page-text">${text}</figcaption></figure>`,
  )
  .join('')}</div>`;
const shown = () => Array.from(document.querySelectorAll('figure:not([hidden])'), (figure) => figure.textContent);

it('shows a presentation one slide at a time when the owner chose so, its controls in the widget’s language', async () => {
  serverPage({ display: 'page', slideView: 'one', locale: 'de' }, 'content', DECK, widgetTranslatorFor('de'));
  // The first HTML, before or without script: every slide.
  expect(shown()).toEqual(['Agenda', 'Money', 'Thanks']);
  await startVisitorPage(document, bridgeWith([]));
  expect(shown()).toEqual(['Agenda']);
  expect(screen.getByRole('button', { name: 'Vorherige Folie' })).toBeDisabled();
  screen.getByRole('button', { name: 'Nächste Folie' }).click();
  expect(shown()).toEqual(['Money']);
  expect(screen.getByRole('group', { name: 'Folie 2 von 3' })).toBeInTheDocument();
});

it('leaves every slide one under another by default', async () => {
  serverPage({ display: 'page' }, 'content', DECK);
  await startVisitorPage(document, bridgeWith([]));
  expect(shown()).toEqual(['Agenda', 'Money', 'Thanks']);
  expect(screen.queryByRole('button')).toBeNull();
});

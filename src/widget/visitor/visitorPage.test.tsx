/**
 * The visitor's page over the markup the server sends (the same React view, rendered to a string):
 * no framework takes it over, yet the frame follows the site's palette, the host sizes the frame,
 * and the native content's `#…` links land on their anchors.
 */
// The server's renderer (jsdom's environment would pick the browser's, which needs MessageChannel).
import { renderToString } from 'react-dom/server.node';
import { readUserModel, type UserModelInput } from '../../api/schemas';
import { USER_MODEL_ELEMENT_ID } from '../../api/embeddedUserModel';
import type { SiteColor } from '../../editor/EditorBridge';
import { DEFAULT_SITE_COLORS } from '../../editor/sitePalette';
import { NativeWidgetView } from '../NativeWidgetView';
import { startVisitorPage, type VisitorBridge } from './visitorPage';

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
function serverPage(more: UserModelInput, size: string, html?: string): void {
  const model = readUserModel(input(more)).model;
  const content = html ? { fileId: 'doc-1', html } : null;
  const markup = renderToString(<NativeWidgetView model={model} viewMode="site" error={null} content={content} />);
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

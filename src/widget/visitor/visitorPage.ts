/**
 * The visitor's widget page (the legacy model's site view), without a framework: the server sends
 * the widget complete (server/src/pages/widgetPage.tsx), and a visitor never sees the owner's
 * hints nor a settings update, so nothing is hydrated. What script still does here, as the owner's
 * React page does in the site view:
 * - keeps the host's frame as tall as the widget wants (followHeight.ts, `Wix.setHeight`);
 * - draws the frame's palette references with the site's palette once the platform hands it out
 *   (the page was drawn with the colours the palette had when the settings were saved);
 * - follows the native content's `#…` links to their anchors (internalLinks.ts);
 * - turns a spreadsheet's sheets into tabs (sheetTabs.ts) and shows a presentation one slide at a
 *   time when the owner chose so (slideDeck.ts, its own chunk, fetched only then).
 */
import { readEmbeddedUserModel } from '../../api/embeddedUserModel';
import { parseUserModel } from '../../api/parseUserModel';
import type { UserModel } from '../../contract/userModel';
import type { EditorBridge, SiteColor } from '../../editor/EditorBridge';
import { setStyle } from '../domStyle';
import { followInternalLinks } from '../internalLinks';
import { followHeight } from '../followHeight';
import { enhanceSheets } from '../sheetTabs';
import { NATIVE_CONTENT_ID } from '../nativeContentStyle';
import { frameStyle, savedPalette, titleBarStyle } from '../widgetStyle';

/** What the visitor's page asks of the platform. */
export type VisitorBridge = Pick<EditorBridge, 'siteColors' | 'setHeight'>;

/** Draws the frame (and its title bar) with `palette`, when that changes a colour of the page's. */
export function repaint(main: HTMLElement, model: UserModel, palette: readonly SiteColor[]): void {
  const frame = (colors: readonly SiteColor[]) => {
    const style = frameStyle(model, colors);
    // The native content's frame is in the page's flow (NativeWidgetView.tsx).
    return main.dataset.fileId ? { ...style, position: 'relative' as const, inset: undefined } : style;
  };
  const drawn = frame(savedPalette(model));
  const wanted = frame(palette);
  if (JSON.stringify(drawn) === JSON.stringify(wanted)) return;
  setStyle(main, wanted);
  const heading = main.querySelector(':scope > h1');
  if (heading instanceof HTMLElement) setStyle(heading, titleBarStyle(model, palette));
}

/**
 * What the page's own content needs of script, at once (no platform call): `#…` links, a
 * spreadsheet's tabs, and a presentation shown one slide at a time (only then is the deck's script
 * fetched, a chunk of its own); resolves once the deck is drawn.
 */
export async function enhanceContent(doc: Document): Promise<void> {
  const article = doc.getElementById(NATIVE_CONTENT_ID);
  if (!article) return;
  followInternalLinks(article);
  enhanceSheets(article);
  if (article.dataset.slideView === 'one') await import(/* webpackChunkName: "visitor-deck" */ '../slideDeck').then((m) => m.enhanceDecks(article));
}

/** Follows the platform through `bridge`: the frame's height and the site's palette; resolves once the palette is drawn. */
export async function followPlatform(doc: Document, bridge: VisitorBridge): Promise<void> {
  const root = doc.getElementById('root');
  const raw = readEmbeddedUserModel(doc);
  if (!root || raw === undefined) return;
  const model = parseUserModel(raw, 'the page');
  if (root.dataset.size) followHeight(bridge, root, () => model);
  const palette = await bridge.siteColors().catch(() => []);
  const main = root.querySelector('main');
  if (main && palette.length > 0) repaint(main, model, palette);
}

/** Runs the visitor's page over `doc` (its HTML as the server sent it); resolves once the palette and a deck are drawn. */
export async function startVisitorPage(doc: Document, bridge: VisitorBridge): Promise<void> {
  const deck = enhanceContent(doc);
  await followPlatform(doc, bridge);
  await deck;
}

/**
 * The visitor's widget page (the legacy model's site view), without a framework: the server sends
 * the widget complete (server/src/pages/widgetPage.tsx), and a visitor never sees the owner's
 * hints nor a settings update, so nothing is drawn again. What script still does here, as the
 * owner's page does in the site view:
 * - the content's own part, at once (visitorContent.ts): `#…` links, a spreadsheet's tabs, a
 *   presentation one slide at a time;
 * - once the page is painted, through the platform (this file, in a chunk of its own: followSite.ts):
 *   keeps the host's frame as tall as the widget wants (followHeight.ts, `Wix.setHeight`) and draws
 *   the frame's palette references with the site's palette once the platform hands it out (the
 *   page was drawn with the colours the palette had when the settings were saved).
 */
import { readEmbeddedUserModel } from '../../api/embeddedUserModel';
import { parseUserModel } from '../../api/parseUserModel';
import type { UserModel } from '../../contract/userModel';
import type { EditorBridge, SiteColor } from '../../editor/EditorBridge';
import { setStyle } from '../domStyle';
import { followHeight } from '../followHeight';
import { frameStyle, savedPalette, titleBarStyle } from '../widgetStyle';
import { enhanceContent } from './visitorContent';

/** What the visitor's page asks of the platform. */
export type VisitorBridge = Pick<EditorBridge, 'siteColors' | 'setHeight'>;

/** Draws the frame (and its title bar) with `palette`, when that changes a colour of the page's. */
export function repaint(main: HTMLElement, model: UserModel, palette: readonly SiteColor[]): void {
  const frame = (colors: readonly SiteColor[]) => {
    const style = frameStyle(model, colors);
    // The native content's frame is in the page's flow (nativeDrawing.ts).
    return main.dataset.fileId ? { ...style, position: 'relative' as const, inset: undefined } : style;
  };
  const drawn = frame(savedPalette(model));
  const wanted = frame(palette);
  if (JSON.stringify(drawn) === JSON.stringify(wanted)) return;
  setStyle(main, wanted);
  const heading = main.querySelector(':scope > h1');
  if (heading instanceof HTMLElement) setStyle(heading, titleBarStyle(model, palette));
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

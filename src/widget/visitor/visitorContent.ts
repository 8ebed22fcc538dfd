/**
 * What the visitor's page (visitorPage.ts) does to its own content, in its first script, at once and
 * with no platform call: `#…` links land on their anchors (internalLinks.ts), a spreadsheet's
 * sheets become tabs (sheetTabs.ts), and a presentation shows one slide at a time when the owner
 * chose so (slideDeck.ts, a chunk of its own, fetched only then). The last two change the layout:
 * done before the page's first paint when the script arrives in time.
 */
import { followInternalLinks } from '../internalLinks';
import { NATIVE_CONTENT_ID } from '../nativeContentId';
import { enhanceSheets } from '../sheetTabs';

/** Makes the native content in `doc` whole; resolves once a deck is drawn. */
export async function enhanceContent(doc: Document): Promise<void> {
  const article = doc.getElementById(NATIVE_CONTENT_ID);
  if (!article) return;
  followInternalLinks(article);
  enhanceSheets(article);
  if (article.dataset.slideView === 'one') await import(/* webpackChunkName: "visitor-deck" */ '../slideDeck').then((m) => m.enhanceDecks(article));
}

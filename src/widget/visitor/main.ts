/**
 * The widget page's script in the site view (what the server sends a visitor: widget-site.html),
 * no React (visitorPage.ts). Its own content is made whole at once (visitorContent.ts); the rest
 * waits for the page's first paint: the part that follows the platform (followSite.ts, a chunk of
 * its own) and the platform's SDK (`Wix`), fetched side by side then, not named by the page. A
 * script in the page's head, even deferred, runs before the first paint when it arrives in time,
 * and its work competes with the paint: a visitor's first paint waits for none of it.
 */
import { loadScript, untilPainted } from './afterPaint';
import { enhanceContent } from './visitorContent';

/** The platform SDK's address (webpack.config.js); empty in the stage's builds. */
const SDK_URL = process.env.WIX_SDK_URL ?? '';

async function followSiteAfterPaint(win: Window): Promise<void> {
  await untilPainted(win);
  // Without the SDK (blocked, offline) the page stays as the server drew it.
  const sdk = SDK_URL && !('Wix' in win) ? loadScript(win.document, SDK_URL).catch(() => undefined) : undefined;
  const { followSite } = await import(/* webpackChunkName: "visitor-site" */ './followSite');
  await sdk;
  await followSite(win);
}

void enhanceContent(document);
followSiteAfterPaint(window).catch((error: unknown) =>
  console.warn(`Drive File Widget: the page could not follow the site (${error instanceof Error ? error.message : String(error)}).`),
);

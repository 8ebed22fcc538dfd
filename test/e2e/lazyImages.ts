/**
 * Lazily loaded images load as a visitor scrolls near them. Scrolling the page in fixed steps can
 * pass one by (a step taken before the page grew, or before a loaded machine let the browser look):
 * this brings each into view in turn and waits until it has loaded or failed. `selector` pierces
 * open shadow roots (Playwright's CSS); an image in a frame is scrolled into view in the host too.
 */
import type { Frame, Page } from 'playwright-core';

export async function scrollEachImageIntoView(scope: Page | Frame, selector: string): Promise<void> {
  for (const image of await scope.$$(selector)) {
    await image.scrollIntoViewIfNeeded();
    await scope.waitForFunction((i) => (i as HTMLImageElement).complete, image);
  }
}

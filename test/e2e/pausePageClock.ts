/**
 * Stops a page's installed clock (Playwright's `clock.install`) a moment ahead of the time a frame
 * of it reads now. Between the reading and the pause the clock runs on: on a busy machine that
 * moment may have passed already, which `pauseAt` refuses ("Cannot fast-forward to the past"), so
 * the time is read again and the pause tried again.
 */
import type { Frame, Page } from 'playwright-core';

/** How far ahead of the frame's time the clock stops. */
const AHEAD_MS = 1000;
const ATTEMPTS = 5;

export async function pausePageClock(page: Page, frame: Frame): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await frame.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + AHEAD_MS);
      return;
    } catch (error) {
      if (attempt >= ATTEMPTS || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

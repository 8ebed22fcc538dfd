/**
 * Debian's Chromium through playwright-core, with the flags this machine needs. One Chromium
 * serves the whole run (started by the global setup: `startBrowserServer`); each `launchBrowser`
 * connects to it and opens a browser context of its own, which starts as empty as a new profile:
 * no cookies, no storage, no cache.
 */
import { chromium, type BrowserContext, type BrowserServer } from 'playwright-core';
import CHROMIUM_FLAGS from '../chromiumFlags.json';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ENDPOINT = 'E2E_BROWSER_WS_ENDPOINT';

/** Launches the run's Chromium; its address reaches the tests in E2E_BROWSER_WS_ENDPOINT. */
export async function startBrowserServer(): Promise<BrowserServer> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  process.env[ENDPOINT] = server.wsEndpoint();
  return server;
}

/** A fresh browser context in the run's Chromium. */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const endpoint = process.env[ENDPOINT];
  if (!endpoint) throw new Error(`${ENDPOINT} is not set: the browser tests need their global setup.`);
  const browser = await chromium.connect(endpoint);
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 860 } });
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

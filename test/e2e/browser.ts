/**
 * Debian's Chromium through playwright-core, with the flags this machine needs. The global setup
 * launches one Chromium per Jest worker (`startBrowserServers`), so the files a worker runs one
 * after another share a browser, and the two workers' pages never wait on each other's browser.
 * Each `launchBrowser` connects to its worker's Chromium and opens a browser context of its own,
 * which starts as empty as a new profile: no cookies, no storage, no cache.
 */
import { existsSync } from 'fs';
import { chromium, type BrowserContext, type BrowserServer } from 'playwright-core';
import CHROMIUM_FLAGS from '../chromiumFlags.json';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink, without the desktop
 * browser's user interface; what Playwright itself runs for headless Chromium), where installed:
 * the browser tests cost about a third less CPU in Chromium than with the full browser, which
 * runs them alike (`CHROMIUM_PATH=/usr/bin/chromium`).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const ENDPOINTS = 'E2E_BROWSER_WS_ENDPOINTS';

/** Launches `count` Chromiums; their addresses reach the tests in E2E_BROWSER_WS_ENDPOINTS. */
export async function startBrowserServers(count: number): Promise<BrowserServer[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })),
  );
  process.env[ENDPOINTS] = JSON.stringify(servers.map((s) => s.wsEndpoint()));
  return servers;
}

/** The address of this worker's Chromium. */
function endpoint(): string {
  const all = JSON.parse(process.env[ENDPOINTS] ?? '[]') as string[];
  if (all.length === 0) throw new Error(`${ENDPOINTS} is not set: the browser tests need their global setup.`);
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  return all[(worker - 1) % all.length]!;
}

/** A fresh browser context in this worker's Chromium. */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const browser = await chromium.connect(endpoint());
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 860 } });
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * A visitor's widget page (the site view, widget-site.html) in Chromium, served by the server from
 * the production build: the page names no platform SDK; its script loads it once the page's first
 * frame is drawn, beside its own part that follows the platform (a chunk: src/widget/visitor/main.ts),
 * then follows the platform through it.
 *
 * @e2e-builds production
 */
import type { Route } from 'playwright-core';
import { launchBrowser } from './browser';
import { FAKE_SDK } from './platformHost';
import { serveBuiltPages } from './servedPages';
import { builtPages } from './sharedBuilds';

jest.setTimeout(180_000);

let out: string;

beforeAll(async () => {
  out = await builtPages('production');
});

test("served by the server, a visitor's page (site view) names no SDK: its script loads it, and its own part that follows the platform, after the page's first frame", async () => {
  const served = await serveBuiltPages(out, {
    activeFileId: 'file-plan',
    activeFilePerm: 'reader',
    activeFileTitle: 'Plan',
    activeFileMimeType: 'application/pdf',
  });
  const browser = await launchBrowser();
  try {
    const errors: string[] = [];
    let holdSdk!: (route: Route) => void;
    const sdkRequested = new Promise<Route>((resolve) => (holdSdk = resolve));
    await browser.context.route('https://static.parastorage.com/**', (route) => holdSdk(route));
    await browser.context.route(/^https:\/\/(drive|docs)\.google\.com\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '' }));
    const page = await browser.context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    // The fake SDK talks to window.parent, which is the page itself when it is not framed.
    await page.addInitScript(() => {
      // The page's first frame: its paint follows this callback.
      requestAnimationFrame(() => ((window as unknown as { __firstFrame: number }).__firstFrame = performance.now()));
      const calls: string[] = ((window as unknown as { __sdkCalls: string[] }).__sdkCalls = []);
      window.addEventListener('message', (e) => {
        const m = typeof e.data === 'string' && e.data.startsWith('{') ? (JSON.parse(e.data) as { intent?: string; type?: string }) : null;
        if (m?.intent === 'TPA2' && m.type) calls.push(m.type);
      });
    });
    await page.goto(`${served.widgetUrl}&viewMode=site`, { waitUntil: 'commit' });
    const sdk = await sdkRequested;
    // The SDK is held: the file is in the DOM all the same, and the page is parsed to its end.
    await page.locator('iframe[title="Plan"]').waitFor({ state: 'attached', timeout: 10_000 });
    expect(await page.evaluate(() => ({ parsed: document.readyState !== 'loading', wix: 'Wix' in window }))).toEqual({ parsed: true, wix: false });
    await sdk.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK });
    // The page's script follows the platform through the SDK it loaded: it sets the frame's height.
    await page.waitForFunction(() => (window as unknown as { __sdkCalls: string[] }).__sdkCalls.includes('heightChanged'), null, { timeout: 15_000 });
    // The SDK was asked for after the page's first frame (drawn with the file), never before.
    const times = await page.evaluate(() => ({
      frame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? null,
      sdk: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/wix.min.js'))?.startTime ?? null,
      // The page's part that follows the platform: a chunk of its own, asked for beside the SDK.
      follow: performance.getEntriesByType('resource').find((e) => /\/visitor-site\.[0-9a-f]+\.chunk\.js$/.test(e.name))?.startTime ?? null,
    }));
    expect(times.frame !== null && times.sdk !== null && times.sdk > times.frame).toBe(true);
    expect(times.frame !== null && times.follow !== null && times.follow > times.frame).toBe(true);
    expect(await page.locator('iframe[title="Plan"]').count()).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    await served.close();
  }
});

/**
 * A site's page in the platform's current model, for browser tests against the served app: the
 * custom element written with the attributes the editor holds for it (what the platform publishes
 * in the site's page), loaded from the served app's registered script, in a column of a given
 * width with text after it. The attributes are read from the element on the editor's canvas.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { exportOf } from '../../server/dev/fakeDrive/exports';
import { ELEMENT_ATTRIBUTES } from '../../src/contract/elementAttributes';
import { elementMarkup } from '../helpers/elementMarkup';

export interface SitePage {
  /** The page's address (append `?width=` for a column width other than 1280 px). */
  url: string;
  /** The page's HTML at `width` px, as the site's visitor gets it. */
  html(width: number): string;
  /** Writes the element with these attributes from now on. */
  write(attributes: Record<string, string>): void;
  /** A visitor's tab on the page `width` px wide, once the element is defined. */
  visit(context: BrowserContext | Browser, width?: number): Promise<Page>;
  close(): Promise<void>;
}

/** The element's props as the editor holds them (the contract's attributes; not the canvas's own style, nor the host's view mode). */
export async function readElementAttributes(element: Locator): Promise<Record<string, string>> {
  const names: string[] = Object.values(ELEMENT_ATTRIBUTES).filter((name) => name !== ELEMENT_ATTRIBUTES.viewMode);
  const all = await element.evaluate((e) => Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value])));
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
}

/** The text of the fake drive's export's first heading (read by `page`'s own parser): what a page showing the Doc shows. */
export async function firstHeadingOf(page: Page, fileId: string): Promise<string> {
  const text = await page.evaluate(
    (html) => new DOMParser().parseFromString(html, 'text/html').querySelector('h1, h2, h3')?.textContent?.trim(),
    exportOf(fileId, 'https://images.invalid'),
  );
  if (!text) throw new Error('The export has no heading to look for.');
  return text;
}

/** Serves the site's page on localhost (another origin than the served app's 127.0.0.1), the element's script from `appUrl`. */
export async function startSitePage(appUrl: string): Promise<SitePage> {
  let attributes: Record<string, string> = {};
  const html = (width: number) => {
    return `<!doctype html><html><head><meta charset="utf-8"><title>Site</title><script type="module" src="${appUrl}/drive-file-widget.js"></script></head>
<body style="margin:0"><div style="width:${width}px">${elementMarkup({ ...attributes, 'view-mode': 'site' })}<p id="after">After the widget.</p></div></body></html>`;
  };
  const server = createServer((request, response) => {
    const width = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('width')) || 1280;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html(width));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    html,
    write: (next) => void (attributes = next),
    async visit(context, width = 1280) {
      const visitor = await context.newPage();
      await visitor.goto(`${url}/?width=${width}`);
      await visitor.waitForFunction(() => customElements.get('drive-file-widget') !== undefined);
      return visitor;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The link to the pages a PDF's rendering leaves in the drive, on the legacy widget page as the
 * server sends it (what visitors without script and search engines get): in the widget's language,
 * while the stored rendering, shared by every widget showing the file, holds its numbers and no
 * words. Driven through the real server, the fake drive and the render worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVE_IDS, MIME } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import { loadBuiltPages } from '../../src/pages/builtPages';
import { createPdfRenderer } from '../../src/render/pdfPages';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { handPdf } from '../support/handPdf';
import { ownerInstance, visitorInstance } from '../support/instances';
import { openNativeTest, startConnectedNativeApp } from '../support/nativeApp';
import { apiUrl, save, type Who } from '../support/requests';

jest.setTimeout(300_000);

let db: Database;
let renderer: Renderer;
let dir: string;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };
const PDF = { activeFileId: DRIVE_IDS.annualPdf, activeFilePerm: 'reader', activeFileTitle: 'Preisliste.pdf', activeFileMimeType: MIME.pdf };
/** The pages the server draws at most: the words, not the limit's value (the cut: pdfContent.test.ts). */
const LIMIT = 3;
const LAST = LIMIT + 3;
const DRIVE_LINK = `https://drive.google.com/file/d/${DRIVE_IDS.annualPdf}/view`;

const visitorPage = () =>
  t.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance: visitorInstance(), compId: 'comp-1', viewMode: 'site', locale: 'en' })}` });
const moreLinkOf = (html: string) => /<p class="dfw-pages-more">(<a [^>]*>[^<]*<\/a>)<\/p>/.exec(html)?.[1] ?? null;

async function waitFor<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 300))) {
    const value = await read();
    if (value !== null) return value;
  }
  throw new Error(`Timed out waiting for ${what}`);
}

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-more-words-'));
  writeFileSync(path.join(dir, 'widget.html'), '<!doctype html><html lang=en><head></head><body><div id=root></div></body></html>');
  t = await startConnectedNativeApp(db, renderer, panel, loadBuiltPages(dir)!, { pdfRenderer: createPdfRenderer({ maxPages: LIMIT }) });
  t.fake.permissions.insert(DRIVE_IDS.annualPdf, { role: 'reader', type: 'anyone', withLink: true }, null);
  t.fake.content.replace(DRIVE_IDS.annualPdf, handPdf({ pages: LAST, text: 'Eine Seite von vielen' }));
}, 300_000);
afterAll(async () => {
  await t?.close();
  await renderer?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a German widget's page says the pages left in the drive in German; the stored rendering holds no words", async () => {
  await save(t.app, panel, { ...PDF, locale: 'de' }, 0);
  const stored = await waitFor(async () => {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel) });
    return answer.statusCode === 200 ? (answer.json<{ content: { html: string } | null }>().content?.html ?? null) : null;
  }, 'the rendering');
  expect(moreLinkOf(stored)).toBe(`<a href="${DRIVE_LINK}" data-more="pages" data-from="${LIMIT + 1}" data-to="${LAST}"></a>`);

  const german = await waitFor(async () => moreLinkOf((await visitorPage()).body), 'the page with its content');
  expect(german).toBe(`<a href="${DRIVE_LINK}" data-more="pages" data-from="${LIMIT + 1}" data-to="${LAST}">Seiten ${LIMIT + 1} bis ${LAST} sind in Drive</a>`);

  // The same stored rendering, another widget language: the page follows the widget's.
  await save(t.app, panel, { ...PDF, locale: 'en' }, 1);
  expect(moreLinkOf((await visitorPage()).body)).toContain(`>Pages ${LIMIT + 1} to ${LAST} are in the drive</a>`);
});

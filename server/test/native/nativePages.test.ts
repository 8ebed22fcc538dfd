/**
 * Native content through the server (issue 20, points 1, 2, 5, 6, 7): the owner's connected drive
 * (the fake provider), a saved model, and the widget page's first HTML carrying the rendered file;
 * its images served by us with long caching; the drive asked at most once a minute; a new version
 * rendered again; a private or deleted file no longer shown; a failing drive leaving the stored copy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIVE_IDS, driveId } from '../../../mirage/driveIds';
import type { Database, QueryOptions } from '../../src/db/database';
import { loadBuiltPages, type BuiltPages } from '../../src/pages/builtPages';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance, visitorInstance } from '../support/instances';
import { save, type Who } from '../support/requests';
import { ageChecks, openNativeTest, startConnectedNativeApp, until, WELCOME_DOC } from '../support/nativeApp';

// A render takes a fraction of a second idle, many seconds on a loaded machine: waits are by time, not by tries.
jest.setTimeout(180_000);

let db: Database;
let dir: string;
let pages: BuiltPages;
let renderer: Renderer;
let t: DriveApp;

const panel = (): Who => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' });
const DOC = WELCOME_DOC;

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  dir = mkdtempSync(path.join(tmpdir(), 'dfw-native-'));
  writeFileSync(
    path.join(dir, 'widget.html'),
    '<!doctype html><html lang=en><head><script defer src=widget.0123abcd.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(path.join(dir, 'widget.0123abcd.js'), '"widget";');
  pages = loadBuiltPages(dir)!;
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, panel(), pages);
});
afterEach(async () => t.close());

const widgetPage = (instance = visitorInstance(), viewMode = 'site') =>
  t.inject({ method: 'GET', url: `/widget.html?${new URLSearchParams({ instance, compId: 'comp-1', viewMode, locale: 'en' })}` });
const fileCalls = (fileId: string) => t.fake.log.filter((c) => c.path === `/drive/v2/files/${fileId}`).length;
const articleOf = (html: string) => /<article id="dfw-native"[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? null;

/** Saves the model and waits for its first rendering (a page waits for it only a few seconds, then shows the viewer). */
async function saveRendered(model: Record<string, unknown>, revision: number) {
  await save(t.app, panel(), model, revision);
  await widgetPage(ownerInstance(), 'editor');
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE version IS NOT NULL')).length === 1, 'the first rendering');
}

test('the first HTML carries the document rendered natively, readable without scripts', async () => {
  await saveRendered(DOC, 0);
  const page = await widgetPage();
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="root" data-size="content"');
  const article = articleOf(page.body);
  expect(article?.match(/<h[1-6][ >]/g)).toHaveLength(13);
  expect(article).not.toMatch(/<iframe|<script|googleusercontent|127\.0\.0\.1/);
  expect(page.body).not.toContain('docs.google.com/document');
  // The page's policy runs no script of the content: only our own files and the platform's SDK.
  expect(page.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/static\.parastorage\.com;/);
  expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data:;/);
});

test("the document's images are our own copies, served from the database, cached briefly", async () => {
  await saveRendered(DOC, 0);
  const sources = [...(articleOf((await widgetPage()).body) ?? '').matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
  expect(sources).toHaveLength(3);
  const image = await t.inject({ method: 'GET', url: sources[0]! });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(image.headers['cache-control']).toBe('public, max-age=300, s-maxage=10');
  expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  expect((await t.inject({ method: 'GET', url: '/content/images/' + 'A'.repeat(43) })).statusCode).toBe(404);
  expect((await t.inject({ method: 'GET', url: '/content/images/..%2F..%2Fetc' })).statusCode).toBe(400);
});

test('the drive is asked at most once a minute; a new version renders again while the stored copy is served', async () => {
  await saveRendered(DOC, 0);
  const first = await widgetPage();
  const calls = fileCalls(DRIVE_IDS.welcomeDoc);
  await widgetPage();
  await widgetPage();
  expect(fileCalls(DRIVE_IDS.welcomeDoc)).toBe(calls);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  await ageChecks(db);
  const during = await widgetPage();
  expect(articleOf(during.body)).toBe(articleOf(first.body));
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE version = 2')).length === 1, 'version 2 shown');
  const after = await widgetPage();
  expect(after.headers.etag).not.toBe(first.headers.etag);
  expect(fileCalls(DRIVE_IDS.welcomeDoc)).toBe(calls + 1);
});

test('a file made private stops being shown to visitors at the next check; the owner still sees it', async () => {
  await saveRendered(DOC, 0);
  expect(articleOf((await widgetPage()).body)).not.toBeNull();
  t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
  await ageChecks(db);
  await widgetPage();
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE public = false')).length === 1, 'the file private');
  expect(articleOf((await widgetPage()).body)).toBeNull();
  expect(articleOf((await widgetPage(ownerInstance(), 'editor')).body)).not.toBeNull();
});

test('a deleted file stops being shown to anyone; a failing drive leaves the stored copy on the page', async () => {
  await saveRendered(DOC, 0);
  const shown = articleOf((await widgetPage()).body);
  t.fake.failNext(1000);
  await ageChecks(db);
  expect(articleOf((await widgetPage()).body)).toBe(shown);
  await until(async () => t.logs().includes('native content not refreshed'), 'the failed check logged');
  expect(articleOf((await widgetPage()).body)).toBe(shown);
  t.fake.failNext(0);
  t.fake.content.remove(DRIVE_IDS.welcomeDoc);
  await ageChecks(db);
  await widgetPage();
  await until(async () => (await db.query('SELECT 1 FROM native_widget_content WHERE version IS NULL')).length === 1, 'the file forgotten');
  expect(articleOf((await widgetPage(ownerInstance(), 'editor')).body)).toBeNull();
  expect(t.logs()).not.toMatch(/access_token|Bearer|ya29/);
});

test("'Show in the drive's viewer' keeps the viewer; text files show as text and images as a responsive picture", async () => {
  await save(t.app, panel(), { ...DOC, display: 'viewer' }, 0);
  let page = await widgetPage();
  expect(articleOf(page.body)).toBeNull();
  expect(page.body).toContain('docs.google.com/document/d/');
  await db.query('TRUNCATE native_widget_content');
  await saveRendered({ ...DOC, activeFileId: DRIVE_IDS.readme, activeFileMimeType: 'text/plain', display: 'page' }, 1);
  // These two files are private in the fake drive: the owner sees them, in the editor.
  page = await widgetPage(ownerInstance(), 'editor');
  expect(articleOf(page.body)).toMatch(/^<pre># README.txt\n[\s\S]*&lt;b&gt;markup&lt;\/b&gt;/);
  await db.query('TRUNCATE native_widget_content');
  await saveRendered({ ...DOC, activeFileId: driveId('file/logo-png'), activeFileMimeType: 'image/png' }, 2);
  page = await widgetPage(ownerInstance(), 'editor');
  // Its thumbnails' paths signed for the owner (the file is private), each size loading.
  const signed = '\\/content\\/images\\/[\\w-]{43}\\?exp=\\d+&amp;sig=[\\w-]{43}';
  expect(articleOf(page.body)).toMatch(new RegExp(`^<img src="${signed}" srcset="(${signed} (480|960|1600)w(, )?){3}" sizes="100vw"`));
  const sizes = [...(articleOf(page.body) ?? '').matchAll(/(\/content\/images\/[^ "]+) \d+w/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  expect(sizes).toHaveLength(3);
  for (const size of sizes) expect((await t.inject({ method: 'GET', url: size })).statusCode).toBe(200);
});

test('footnotes and non-Latin text of a document of our own come through; comments do not', async () => {
  await saveRendered({ ...DOC, activeFileId: driveId('file/cyrillic') }, 0);
  const article = articleOf((await widgetPage(ownerInstance(), 'editor')).body) ?? '';
  expect(article).toContain('Отчёт о продажах');
  expect(article).toContain('<a id="ftnt_ref1" href="#ftnt1">[1]</a>');
  expect(article).toContain('id="ftnt1"');
  expect(article).toContain('二つ目の脚注。');
  expect(article).not.toMatch(/cmnt|Grace Hopper/);
});

test("a document over the drive's 10 MB export limit shows the drive's viewer; its export is asked once, not at every page", async () => {
  const q3Plan = DRIVE_IDS.q3Plan;
  await save(t.app, panel(), { ...DOC, activeFileId: q3Plan, activeFileTitle: 'Q3 plan' }, 0);
  const exportCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${q3Plan}/export`).length;
  const showsViewer = async () => {
    const shown = await widgetPage(ownerInstance(), 'editor');
    expect(articleOf(shown.body)).toBeNull();
    expect(shown.body).toContain('docs.google.com/document/d/');
  };
  await showsViewer();
  await until(async () => t.logs().includes('larger than its limit of 10 MB'), 'the export refused as too large');
  // One export (its attempts: a slow machine may time one out and retry it), and no more for later pages.
  const asked = exportCalls();
  expect(asked).toBeGreaterThanOrEqual(1);
  for (let page = 0; page < 3; page += 1) await showsViewer();
  expect(exportCalls()).toBe(asked);
  expect(t.logs()).not.toMatch(/access_token|Bearer|ya29/);
});

test("a page revalidated by its ETag (304) is answered without reading the rendering's HTML from the database", async () => {
  await t.close();
  const bodiesRead: string[] = [];
  const reading: Database = {
    ...db,
    async query<Row>(sql: string, params?: unknown[], options?: QueryOptions) {
      const rows = await db.query<Row>(sql, params, options);
      if (rows.some((row) => typeof row === 'object' && row !== null && 'html' in row)) bodiesRead.push(sql);
      return rows;
    },
  };
  t = await startConnectedNativeApp(reading, renderer, panel(), pages);
  await saveRendered(DOC, 0);
  const first = await widgetPage();
  expect(articleOf(first.body)).not.toBeNull();
  bodiesRead.length = 0;
  const again = await t.inject({
    method: 'GET',
    url: `/widget.html?${new URLSearchParams({ instance: visitorInstance(), compId: 'comp-1', viewMode: 'site', locale: 'en' })}`,
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
  expect(bodiesRead).toEqual([]);
});

test('ten visitor loads of a widget with no stored copy ask the drive no more than the background check allows', async () => {
  // A document that cannot be rendered (nested too deep): no load ever gets a copy to show.
  t.fake.content.replace(DRIVE_IDS.welcomeDoc, `<html><body>${'<div>'.repeat(500)}deep</body></html>`);
  await save(t.app, panel(), DOC, 0);
  const drivePath = `/drive/v2/files/${DRIVE_IDS.welcomeDoc}`;
  const driveCalls = () => t.fake.log.filter((c) => c.path.startsWith(drivePath)).map((c) => c.path.slice(drivePath.length) || '(file)');
  for (let load = 0; load < 10; load += 1) {
    const page = await widgetPage();
    expect(page.statusCode).toBe(200);
    expect(articleOf(page.body)).toBeNull();
  }
  await until(async () => t.logs().includes('nests deeper than 400'), 'the first check done');
  // One check within the interval: the file's version, its sharing, its export.
  expect(driveCalls().sort()).toEqual(['(file)', '/export', '/permissions']);
});

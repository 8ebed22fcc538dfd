/**
 * A spreadsheet shown as part of the page, through the real server and the fake drive: the owner's
 * route answers its visible sheets as tables (the Sheets API asked which are visible, the zipped
 * export fetched with the owner's grant), stored by file id and version and rendered again when the
 * drive's version changes, the stored copy answered while the drive fails; one over the drive's 10 MB
 * export limit is refused as the drive refuses it.
 */
import { DRIVE_IDS, MIME } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { openNativeTest, startConnectedNativeApp, WELCOME_DOC } from '../support/nativeApp';
import { apiUrl, save, type Who } from '../support/requests';

jest.setTimeout(240_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
  t = await startConnectedNativeApp(db, renderer, panel);
}, 240_000);
afterAll(async () => {
  await t.close();
  await renderer.close();
  await db.close();
});

interface Answer {
  content: { fileId: string; html: string; version: number } | null;
  error?: string;
}

/** The owner's route, asked until the rendering is no longer under way (or until `until` holds). */
async function content(until: (body: Answer) => boolean = () => true): Promise<{ statusCode: number; body: Answer }> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel) });
    const body = answer.json<Answer>();
    if ((body.error !== 'content_not_ready' && until(body)) || Date.now() > deadline) return { statusCode: answer.statusCode, body };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const sheetCalls = () => t.fake.log.filter((c) => c.path === `/v4/spreadsheets/${DRIVE_IDS.budgetSheet}`);
const exportCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${DRIVE_IDS.budgetSheet}/export`);

test('a spreadsheet shows its visible sheets as tables, rendered again when its version changes', async () => {
  await save(t.app, panel, { ...WELCOME_DOC, activeFileId: DRIVE_IDS.budgetSheet, activeFileTitle: 'Budget 2026', activeFileMimeType: MIME.spreadsheet }, 0);
  const first = await content();
  expect(first.statusCode).toBe(200);
  const html = first.body.content?.html ?? '';
  expect(html.match(/<h2>[^<]*<\/h2>/g)).toEqual(['<h2>Prices</h2>', '<h2>Benchmarks</h2>']);
  expect(html.match(/<table>/g)).toHaveLength(2);
  expect(html).not.toMatch(/HIDDEN-SHEET-4471|Internal costs|row-headers|google\.com\/url/);
  expect(exportCalls().map((c) => c.query.mimeType)).toEqual(['application/zip']);
  expect(sheetCalls()).toHaveLength(1);
  expect(sheetCalls()[0]?.query.fields).toContain('hidden');

  // The owner edits the spreadsheet on the drive: the next ask renders the new version.
  t.fake.content.touch(DRIVE_IDS.budgetSheet);
  const second = await content((body) => body.content?.version === 2);
  expect(second.body.content?.version).toBe(2);
  expect(exportCalls()).toHaveLength(2);

  // The stored copy is answered while the drive is down.
  t.fake.failNext(1000);
  expect((await content()).body.content?.version).toBe(2);
});

test("a spreadsheet over the drive's 10 MB export limit is refused as unrenderable (its page shows the drive's viewer)", async () => {
  await t.close();
  await db.query('TRUNCATE native_renderings, native_widget_content, native_render_failures, native_owner_renders');
  t = await startConnectedNativeApp(db, renderer, panel);
  t.fake.content.replace(DRIVE_IDS.budgetSheet, Buffer.alloc(10 * 1024 * 1024 + 1));
  await save(t.app, panel, { ...WELCOME_DOC, activeFileId: DRIVE_IDS.budgetSheet, activeFileTitle: 'Budget 2026', activeFileMimeType: MIME.spreadsheet }, 0);
  const refused = await content();
  expect(refused.statusCode).toBe(422);
  expect(refused.body.error).toBe('content_unrenderable');
  expect(exportCalls().at(-1)?.status).toBe(403);
});

/**
 * The owner's rendering for the custom element's `content` attribute (issue 20, the current
 * model): owner only; the stored model's active file, the drive asked at once (a new version, a
 * file made private or deleted count now, not at the next minute's check); null whenever visitors
 * may not see it natively; a drive failing with no stored copy is a 503 to retry, with one it
 * leaves the copy; a file that can never be shown as part of the page (too large, nested too deep)
 * is a 422 that says why, found once per version, or the older copy while one is stored.
 */
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance, visitorInstance } from '../support/instances';
import { apiUrl, save, type Who } from '../support/requests';
import { openNativeTest, startAnotherInstance, startConnectedNativeApp, until, WELCOME_DOC } from '../support/nativeApp';
import { slowSource, slowTestRenderer } from '../support/renderer';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;

const panel = (instance = ownerInstance()): Who => ({ instance, compId: 'tpaSettings', origCompId: 'comp-1' });
const DOC = WELCOME_DOC;

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, panel());
});
afterEach(async () => t.close());

interface Answer {
  content: { fileId: string; html: string; version: number } | null;
}

/** Asks until the answer is no longer "still being rendered" (503 content_not_ready). */
async function content(who = panel()): Promise<{ statusCode: number; body: Answer & { error?: string }; headers: Record<string, unknown> }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', who) });
    const body = answer.json<Answer & { error?: string }>();
    if (body.error !== 'content_not_ready' || Date.now() > deadline) return { statusCode: answer.statusCode, body, headers: answer.headers };
    expect(answer.headers['retry-after']).toBe('5');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test("the owner gets the active document's rendering, not cached; a visitor is refused", async () => {
  await save(t.app, panel(), DOC, 0);
  const answer = await content();
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  const got = answer.body.content!;
  expect(got.fileId).toBe(DRIVE_IDS.welcomeDoc);
  expect(got.version).toBe(1);
  expect(got.html.match(/<h[1-6][ >]/g)).toHaveLength(13);
  expect(got.html).not.toMatch(/<script|<iframe|googleusercontent/);
  expect((await t.inject({ method: 'GET', url: apiUrl('/api/content', panel(visitorInstance())) })).statusCode).toBe(403);
  expect(t.logs()).not.toMatch(/access_token|Bearer|ya29/);
});

test('nothing when visitors may not see it natively: no file, the viewer, a private file in the model', async () => {
  expect((await content()).body).toEqual({ content: null });
  await save(t.app, panel(), { ...DOC, display: 'viewer' }, 0);
  expect((await content()).body).toEqual({ content: null });
  await save(t.app, panel(), { ...DOC, activeFilePerm: 'none' }, 1);
  expect((await content()).body).toEqual({ content: null });
});

test('the drive is asked at once: a new version, a file made private on the drive, a deleted file', async () => {
  await save(t.app, panel(), DOC, 0);
  expect((await content()).body.content?.version).toBe(1);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  expect((await content()).body.content?.version).toBe(2);
  t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
  expect((await content()).body).toEqual({ content: null });
  t.fake.content.remove(DRIVE_IDS.welcomeDoc);
  expect((await content()).body).toEqual({ content: null });
});

test('a failing drive leaves the stored copy; with none, the answer is a refusal to retry', async () => {
  await save(t.app, panel(), DOC, 0);
  const first = (await content()).body.content;
  expect(first).not.toBeNull();
  t.fake.failNext(1000);
  expect((await content()).body.content).toEqual(first);
  await db.query('TRUNCATE native_renderings, native_widget_content');
  const refused = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
  expect(refused.statusCode).toBe(503);
  expect(refused.json<{ error: string }>().error).toMatch(/^(drive_unavailable|content_not_ready)$/);
});

describe('a file that can never be shown as part of the page', () => {
  const Q3_PLAN = { ...DOC, activeFileId: DRIVE_IDS.q3Plan, activeFileTitle: 'Q3 plan' };
  const README = { ...DOC, activeFileId: DRIVE_IDS.readme, activeFileTitle: 'README.txt', activeFileMimeType: 'text/plain' };
  const DEEP = `<html><body>${'<div>'.repeat(450)}deep${'</div>'.repeat(450)}</body></html>`;
  const exportCalls = (fileId: string) => t.fake.log.filter((c) => c.path === `/drive/v2/files/${fileId}/export`).length;
  const unrenderable = (why: RegExp) => ({ statusCode: 422, body: { error: 'content_unrenderable', message: expect.stringMatching(why) } });
  const refusal = async () => {
    const { statusCode, body } = await content();
    return { statusCode, body };
  };

  test("over the drive's 10 MB export limit: 422 saying why and what to do; the export is not asked again until the file changes", async () => {
    await save(t.app, panel(), Q3_PLAN, 0);
    const tooLarge = /larger than its limit of 10 MB\. It cannot be shown as part of the page: show it in the drive's viewer\.$/;
    expect(await refusal()).toEqual(unrenderable(tooLarge));
    // One export (its attempts: a slow machine may time one out and retry it).
    const asked = exportCalls(Q3_PLAN.activeFileId);
    expect(asked).toBeGreaterThanOrEqual(1);
    // Asked again (the owner's Retry): the same answer, from what the server learnt, with no export.
    expect(await refusal()).toEqual(unrenderable(tooLarge));
    // Nothing goes on in the background either.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(exportCalls(Q3_PLAN.activeFileId)).toBe(asked);
    // A new version may fit: it is asked for.
    t.fake.content.touch(Q3_PLAN.activeFileId);
    expect(await refusal()).toEqual(unrenderable(tooLarge));
    expect(exportCalls(Q3_PLAN.activeFileId)).toBeGreaterThan(asked);
    expect(t.logs()).toContain('native content not refreshed');
    expect(t.logs()).not.toMatch(/access_token|Bearer|ya29/);
    expect(t.logs()).not.toContain(t.fake.url);
  });

  test('an answer larger than its limit (an export, a text file) and markup nested too deep are 422s naming the limit', async () => {
    t.fake.content.replace(DRIVE_IDS.welcomeDoc, `<p>${'x'.repeat(10 * 1024 * 1024)}</p>`);
    await save(t.app, panel(), DOC, 0);
    expect(await refusal()).toEqual(unrenderable(/^The document's export is larger than 10 MB\. .*drive's viewer\.$/));
    t.fake.content.replace(DRIVE_IDS.welcomeDoc, DEEP);
    t.fake.content.touch(DRIVE_IDS.welcomeDoc);
    expect(await refusal()).toEqual(unrenderable(/^The document nests deeper than 400 elements\. .*drive's viewer\.$/));
    t.fake.content.replace(README.activeFileId, 'x'.repeat(1024 * 1024 + 1));
    await save(t.app, panel(), README, 1);
    expect(await refusal()).toEqual(unrenderable(/^The text file is larger than 1 MB\. .*drive's viewer\.$/));
    expect(await db.query('SELECT 1 FROM native_renderings')).toEqual([]);
  });

  test('stray end tags 6,000 deep (`<div></b>`, which the parser ignores) are refused as nested too deep', async () => {
    t.fake.content.replace(DRIVE_IDS.welcomeDoc, `<html><body>${'<div></b>'.repeat(6000)}deep</body></html>`);
    await save(t.app, panel(), DOC, 0);
    expect(await refusal()).toEqual(unrenderable(/^The document nests deeper than 400 elements\. .*drive's viewer\.$/));
    expect(await db.query('SELECT 1 FROM native_renderings')).toEqual([]);
  });

  test('with a copy of an older version stored, that copy is answered; made private on the drive meanwhile, nothing', async () => {
    await save(t.app, panel(), DOC, 0);
    const first = (await content()).body.content;
    expect(first?.version).toBe(1);
    t.fake.content.replace(DRIVE_IDS.welcomeDoc, DEEP);
    t.fake.content.touch(DRIVE_IDS.welcomeDoc);
    const kept = await content();
    expect(kept.statusCode).toBe(200);
    expect(kept.body.content).toEqual(first);
    expect(exportCalls(DRIVE_IDS.welcomeDoc)).toBe(2);
    // The new version cannot be rendered, but the copy's sharing still follows the drive.
    t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
    expect((await content()).body).toEqual({ content: null });
    expect(exportCalls(DRIVE_IDS.welcomeDoc)).toBe(2);
  });
});

test('an owner asking again and again while editing: one new version rendered per widget per check interval, the stored copy between', async () => {
  const exportCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${DRIVE_IDS.welcomeDoc}/export`).length;
  await save(t.app, panel(), DOC, 0);
  expect((await content()).body.content?.version).toBe(1);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  expect((await content()).body.content?.version).toBe(2);
  t.fake.content.touch(DRIVE_IDS.welcomeDoc);
  for (let ask = 0; ask < 3; ask += 1) expect((await content()).body.content?.version).toBe(2);
  expect(exportCalls()).toBe(2);
  // The drive's sharing still counts at once: made private, nothing.
  t.fake.permissions.remove(DRIVE_IDS.welcomeDoc, 'anyoneWithLink');
  expect((await content()).body).toEqual({ content: null });
});

test('a version unrenderable on one instance is not fetched again by another on the same database', async () => {
  const q3Plan = DRIVE_IDS.q3Plan;
  const exportCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${q3Plan}/export`).length;
  await save(t.app, panel(), { ...DOC, activeFileId: q3Plan, activeFileTitle: 'Q3 plan' }, 0);
  expect((await content()).statusCode).toBe(422);
  // One export (its attempts: a slow machine may time one out and retry it).
  const asked = exportCalls();
  expect(asked).toBeGreaterThanOrEqual(1);
  const other = await startAnotherInstance(db, renderer, t);
  try {
    const again = await other.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'content_unrenderable' });
    expect(exportCalls()).toBe(asked);
  } finally {
    await other.close();
  }
});

describe('rendering that one document cannot break', () => {
  let slow: Renderer;
  beforeAll(async () => {
    slow = slowTestRenderer({ timeoutMs: 2000, workers: 1, queueLimit: 1 });
    await slow.render('text', 'warm up');
  }, 180_000);
  afterAll(async () => slow.close());

  test('a full render queue: 503 unavailable with Retry-After, at once', async () => {
    await t.close();
    const busy = slowTestRenderer({ timeoutMs: 60_000, workers: 1, queueLimit: 1 });
    await busy.render('text', 'warm up');
    t = await startConnectedNativeApp(db, busy, panel());
    const holding = [busy.render('document', slowSource(20_000)), busy.render('document', slowSource(20_000))].map((job) => job.catch(() => 'stopped'));
    try {
      await save(t.app, panel(), DOC, 0);
      const refused = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: 'unavailable', message: expect.stringMatching(/busy/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await busy.close();
      expect(await Promise.all(holding)).toEqual(['stopped', 'stopped']);
    }
  });

  test('a render past its time limit on one instance is not tried again by another before its backoff ends', async () => {
    await t.close();
    t = await startConnectedNativeApp(db, slow, panel());
    const exportCalls = () => t.fake.log.filter((c) => c.path === `/drive/v2/files/${DRIVE_IDS.welcomeDoc}/export`).length;
    t.fake.content.replace(DRIVE_IDS.welcomeDoc, slowSource(10_000));
    await save(t.app, panel(), DOC, 0);
    const failed = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
    expect(failed.statusCode).toBe(503);
    expect(exportCalls()).toBe(1);
    const other = await startAnotherInstance(db, slow, t);
    try {
      const remembered = await other.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
      expect(remembered.statusCode).toBe(503);
      expect(remembered.json()).toMatchObject({ error: 'content_not_ready' });
      // Not before the backoff's end: a minute at least, said to the panel.
      expect(Number(remembered.headers['retry-after'])).toBeGreaterThanOrEqual(60);
      expect(exportCalls()).toBe(1);
      // A new version may render: it is tried.
      t.fake.content.replace(DRIVE_IDS.welcomeDoc, '<p>fixed</p>');
      t.fake.content.touch(DRIVE_IDS.welcomeDoc);
      // Asked until rendered: on a loaded machine the render may outlast the panel's wait (503 content_not_ready, asked again).
      let fixed: unknown = null;
      await until(async () => {
        const answer = await other.inject({ method: 'GET', url: apiUrl('/api/content', panel()) });
        fixed = answer.json();
        return answer.statusCode === 200;
      }, 'the new version rendered');
      expect(fixed).toEqual({ content: { fileId: DRIVE_IDS.welcomeDoc, version: 2, html: '<p>fixed</p>' } });
    } finally {
      await other.close();
    }
  });
});

/**
 * What native content keeps is bounded: an owner editing a document makes a rendering (and its
 * images) per version, and the sweep removes every rendering no widget shows once it has been
 * out of use for the grace period, with the images no kept rendering refers to, and what a deleted
 * widget showed. The images of a file made private or deleted on the drive are served to no one.
 */
import { DRIVE_IDS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import type { Renderer } from '../../src/render/renderPool';
import { createSettingsSweeper } from '../../src/sweep/settingsSweeper';
import { loadSweepConfig } from '../../src/sweep/sweepConfig';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { apiUrl, FORM, save, type Who } from '../support/requests';
import { connectOwner, openNativeTest, startConnectedNativeApp, WELCOME_DOC } from '../support/nativeApp';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;

const KEY = '6a0f4c2e-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const OTHER_KEY = '7b1e5d3f-2c4e-4f60-9bac-1d2e3f4a5b6c';
const panel = (widgetKey = KEY): Who => ({ instance: ownerInstance(), widgetKey });
const DOC = WELCOME_DOC;
const FILE = DRIVE_IDS.welcomeDoc;
const HOUR_MS = 3_600_000;
const IMAGE = /\/content\/images\/([\w-]{43})/g;

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

interface Content {
  fileId: string;
  html: string;
  version: number;
}

/** The owner's panel asking for the rendering, until it is no longer "still being rendered". */
async function ownerContent(widgetKey = KEY): Promise<Content | null> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel(widgetKey)) });
    const body = answer.json<{ content?: Content | null; error?: string }>();
    if (body.error !== 'content_not_ready' || Date.now() > deadline) {
      expect([answer.statusCode, body.error]).toEqual([200, undefined]);
      return body.content ?? null;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What a visitor's element gets for the widget (`/content/current`). */
async function visitorContent(widgetKey = KEY): Promise<Content | null> {
  const answer = await t.inject({ method: 'GET', url: `/content/current?${new URLSearchParams({ widgetKey, fileId: FILE, version: '1' })}` });
  return answer.json<{ content?: Content }>().content ?? null;
}

/** The document as the owner edits it: each version with an image of its own. */
const edited = (n: number) => `<html><body><p>Edit ${n}</p><p><img src="${t.fake.url}/images/edit-${n}.png" alt=""></p></body></html>`;
function edit(n: number): void {
  t.fake.content.touch(FILE);
  t.fake.content.replace(FILE, edited(n));
}

const imagesOf = (html: string) => [...html.matchAll(IMAGE)].map((m) => m[1]!);
const image = (id: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: `/content/images/${id}`, headers });
const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const versionsStored = async () => (await db.query<{ v: number }>('SELECT version::int AS v FROM native_renderings ORDER BY version')).map((r) => r.v);

/** One sweep, as a server would run it `laterMs` from now. */
function sweepIn(laterMs: number) {
  const log = { info: () => undefined, error: () => undefined };
  return createSettingsSweeper({ db, config: loadSweepConfig({}), log, now: () => Date.now() + laterMs }).sweepOnce();
}

test('an owner editing a document: of its many renderings and images, the sweep leaves the one shown and its image', async () => {
  const EDITS = 6;
  // The owner's new renders are one per check interval per widget: a short one lets each edit render.
  await t.close();
  t = await startConnectedNativeApp(db, renderer, panel(), null, { config: { nativeCheckIntervalMs: 1 } });
  t.fake.content.replace(FILE, edited(1));
  await save(t.app, panel(), DOC, 0);
  const seen: string[] = [];
  for (let n = 1; n <= EDITS; n += 1) {
    if (n > 1) edit(n);
    const content = await ownerContent();
    expect(content?.version).toBe(n);
    seen.push(...imagesOf(content!.html));
  }
  expect(new Set(seen).size).toBe(EDITS);
  expect([await versionsStored(), await count('native_images')]).toEqual([[1, 2, 3, 4, 5, 6], EDITS]);

  await sweepIn(HOUR_MS);

  expect(await versionsStored()).toEqual([EDITS]);
  const kept = (await db.query<{ id: string }>('SELECT id FROM native_images')).map((r) => r.id);
  expect(kept).toEqual([seen[EDITS - 1]]);
  // The published page still gets the rendering and its image.
  const shown = await visitorContent();
  expect([shown?.version, imagesOf(shown?.html ?? '')]).toEqual([EDITS, kept]);
  expect((await image(kept[0]!)).statusCode).toBe(200);
  for (const gone of seen.slice(0, -1)) expect((await image(gone)).statusCode).toBe(404);
});

test('a rendering just superseded is kept for a while: a page or a shared cache still holding it gets its images', async () => {
  t.fake.content.replace(FILE, edited(1));
  await save(t.app, panel(), DOC, 0);
  const [before] = imagesOf((await ownerContent())!.html);
  edit(2);
  const [after] = imagesOf((await ownerContent())!.html);
  await sweepIn(0);
  expect(await versionsStored()).toEqual([1, 2]);
  expect((await image(before!)).statusCode).toBe(200);
  await sweepIn(HOUR_MS);
  expect(await versionsStored()).toEqual([2]);
  expect((await image(before!)).statusCode).toBe(404);
  expect((await image(after!)).statusCode).toBe(200);
});

test("a rendering another widget still shows is kept: that widget's published page keeps getting it", async () => {
  t.fake.content.replace(FILE, edited(1));
  await save(t.app, panel(), DOC, 0);
  await connectOwner(t, panel(OTHER_KEY));
  await save(t.app, panel(OTHER_KEY), DOC, 0);
  expect((await ownerContent())?.version).toBe(1);
  edit(2);
  expect((await ownerContent(OTHER_KEY))?.version).toBe(2);
  await sweepIn(HOUR_MS);
  expect(await versionsStored()).toEqual([1, 2]);
  const first = await visitorContent(KEY);
  expect(first?.version).toBe(1);
  expect((await image(imagesOf(first!.html)[0]!)).statusCode).toBe(200);
  expect((await visitorContent(OTHER_KEY))?.version).toBe(2);
});

test('what a deleted widget showed is removed by the sweep, once the deletion is past the grace period', async () => {
  await save(t.app, panel(), DOC, 0);
  const ids = imagesOf((await ownerContent())!.html);
  expect(ids).toHaveLength(3);
  const deleted = await t.inject({ method: 'DELETE', url: apiUrl('/api/settings', panel()), headers: { 'content-type': FORM } });
  expect(deleted.statusCode).toBe(204);
  await sweepIn(0);
  expect([await count('native_widget_content'), await count('native_renderings')]).toEqual([1, 1]);
  await sweepIn(HOUR_MS);
  expect([await count('native_widget_content'), await count('native_renderings'), await count('native_images')]).toEqual([0, 0, 0]);
  for (const id of ids) expect((await image(id)).statusCode).toBe(404);
});

describe("the images of a file visitors may no longer see are served to no one, a cache's revalidation included", () => {
  async function shownImage(): Promise<{ id: string; etag: string }> {
    await save(t.app, panel(), DOC, 0);
    const [id] = imagesOf((await ownerContent())!.html);
    const served = await image(id!);
    expect(served.statusCode).toBe(200);
    // Bounded: a shared cache keeps it only briefly, a browser that has it for a few minutes.
    expect(served.headers['cache-control']).toBe('public, max-age=300, s-maxage=10');
    return { id: id!, etag: String(served.headers.etag) };
  }

  test('made private on the drive', async () => {
    const { id, etag } = await shownImage();
    t.fake.permissions.remove(FILE, 'anyoneWithLink');
    expect(await ownerContent()).toBeNull();
    expect((await image(id)).statusCode).toBe(404);
    expect((await image(id, { 'if-none-match': etag })).statusCode).toBe(404);
  });

  test('deleted on the drive', async () => {
    const { id, etag } = await shownImage();
    t.fake.content.remove(FILE);
    expect(await ownerContent()).toBeNull();
    expect((await image(id)).statusCode).toBe(404);
    expect((await image(id, { 'if-none-match': etag })).statusCode).toBe(404);
  });
});

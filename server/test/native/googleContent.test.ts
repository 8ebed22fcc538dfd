/**
 * Native content of files as Google serves them (the fake drive, checked by Google's own client):
 * an image not shared publicly, whose thumbnails need the owner's token; a Doc and an image in a
 * shared drive; a Doc shared by link before 2021, reached only with its resource key. The owner's
 * token goes to the drive's image servers only, never to another host.
 */
import { DRIVE_IDS, MIME, RESOURCE_KEYS } from '../../../mirage/driveIds';
import type { Database } from '../../src/db/database';
import { createDriveContent, mayCarryToken } from '../../src/native/driveContent';
import type { Renderer } from '../../src/render/renderPool';
import type { DriveApp } from '../support/driveApp';
import { ownerInstance } from '../support/instances';
import { openNativeTest, startConnectedNativeApp, WELCOME_DOC } from '../support/nativeApp';
import { apiUrl, save, type Who } from '../support/requests';

jest.setTimeout(180_000);

let db: Database;
let renderer: Renderer;
let t: DriveApp;
const panel: Who = { instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' };

beforeAll(async () => {
  ({ db, renderer } = await openNativeTest());
}, 180_000);
afterAll(async () => {
  await renderer.close();
  await db.close();
});
beforeEach(async () => {
  t = await startConnectedNativeApp(db, renderer, panel);
});
afterEach(() => t.close());

interface Answer {
  content: { fileId: string; html: string; version: number } | null;
  error?: string;
}

/** The owner's route, asked until the rendering is no longer under way. */
async function content(): Promise<{ statusCode: number; body: Answer }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await t.inject({ method: 'GET', url: apiUrl('/api/content', panel) });
    const body = answer.json<Answer>();
    if (body.error !== 'content_not_ready' || Date.now() > deadline) return { statusCode: answer.statusCode, body };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The owner chose the file and shared it with anyone who has the link (as the panel does). */
async function chooseShared(fileId: string, title: string, mimeType: string, extra: Record<string, unknown> = {}) {
  t.fake.permissions.insert(fileId, { role: 'reader', type: 'anyone', withLink: true }, null);
  await save(t.app, panel, { ...WELCOME_DOC, activeFileId: fileId, activeFileTitle: title, activeFileMimeType: mimeType, ...extra }, 0);
}

const thumbnailCalls = (fileId: string) => t.fake.log.filter((c) => c.path.startsWith(`/thumbnails/${fileId}=`));

test('an image of a shared drive, shared only with whoever has the link, shows as a picture: its thumbnails fetched with the token', async () => {
  await chooseShared(DRIVE_IDS.heroBanner, 'Hero banner.png', MIME.png);
  const answer = await content();
  expect(answer.statusCode).toBe(200);
  expect(answer.body.content?.html).toMatch(/^<img src="\/content\/images\/[\w-]{43}" srcset="[^"]+ 480w, [^"]+ 960w, [^"]+ 1600w"/);
  expect(thumbnailCalls(DRIVE_IDS.heroBanner).map((c) => c.status)).toEqual([200, 200, 200]);
  expect(t.logs()).not.toMatch(/access_token|Bearer|fake-access-/);
});

test('a Doc of a shared drive shows as part of the page', async () => {
  await chooseShared(DRIVE_IDS.launchBrief, 'Launch brief', MIME.document);
  const answer = await content();
  expect(answer.statusCode).toBe(200);
  expect(answer.body.content?.fileId).toBe(DRIVE_IDS.launchBrief);
  expect(answer.body.content?.html).toMatch(/<(p|h[1-6]|ul|ol|table)\b/);
  const call = t.fake.log.find((c) => c.path === `/drive/v2/files/${DRIVE_IDS.launchBrief}`);
  expect(call?.query.supportsAllDrives).toBe('true');
});

test('a Doc shared by link before 2021 shows with its resource key, and never without it', async () => {
  const fileId = DRIVE_IDS.keyedHandbook;
  const doc = { ...WELCOME_DOC, activeFileId: fileId, activeFileTitle: 'Old team handbook' };
  await save(t.app, panel, doc, 0);
  expect((await content()).body).toEqual({ content: null });
  await save(t.app, panel, { ...doc, activeFileResourceKey: RESOURCE_KEYS[fileId] }, 1);
  const answer = await content();
  expect(answer.body.content?.fileId).toBe(fileId);
  expect(answer.body.content?.html).toMatch(/<(p|h[1-6]|ul|ol|table)\b/);
});

describe("the owner's token and image hosts", () => {
  const driveApiUrl = 'https://www.googleapis.com/drive/v2';
  it('goes to the drive’s image servers and the drive API’s origin only', () => {
    expect(mayCarryToken('https://lh3.googleusercontent.com/drive-storage/abc=s480', 'https://www.googleapis.com')).toBe(true);
    expect(mayCarryToken('https://lh7-rt.googleusercontent.com/docsz/abc?key=k', 'https://www.googleapis.com')).toBe(true);
    expect(mayCarryToken('https://www.googleapis.com/drive/v2/files/x', 'https://www.googleapis.com')).toBe(true);
    for (const url of [
      'https://script.googleusercontent.com/macros/echo?x=1',
      'https://evil.example/lh3.googleusercontent.com/x',
      'http://lh3.googleusercontent.com/x',
      'https://lh3.googleusercontent.com.evil.example/x',
      'https://user:pass@lh3.googleusercontent.com/x',
    ]) {
      expect(mayCarryToken(url, 'https://www.googleapis.com')).toBe(false);
    }
  });

  it('is sent with an image only where it may go; a host that is not the drive’s is not even asked', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0]);
    const fetchSpy: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(png, { status: 200 });
    };
    const drive = createDriveContent(driveApiUrl, { fetch: fetchSpy });
    await drive.image('https://lh3.googleusercontent.com/a=s480', 'owner-token');
    await drive.image('https://script.googleusercontent.com/b', 'owner-token');
    await drive.image('https://attacker.example/c.png', 'owner-token');
    expect(seen).toEqual([
      { url: 'https://lh3.googleusercontent.com/a=s480', authorization: 'Bearer owner-token' },
      { url: 'https://script.googleusercontent.com/b', authorization: null },
    ]);
  });
});

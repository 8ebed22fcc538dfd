import type { Server } from 'miragejs';
import { ROUTES, MAX_RESULTS } from '../src/api/routes';
import { AboutSchema, FileListSchema, checkShape } from '../src/api/schemas';
import { DRIVE_IDS, MIME, type ApiFile } from './drive';
import { makeServer, setMockSwitches } from './server';
import { memoryStateStore } from './state';
import { apiUrl, call, clientQuery, WIDGET, PANEL } from './testHelpers';

interface Page {
  items: ApiFile[];
  nextPageToken?: string;
}

let server: Server;
afterEach(() => server?.shutdown());

async function page(q: string, extra: Record<string, string> = {}): Promise<{ status: number; body: Page }> {
  return call<Page>(apiUrl(ROUTES.filesList, PANEL, { q, maxResults: String(MAX_RESULTS), ...extra }));
}

/** Follows nextPageToken to the end, the way the panel's infinite scroll does. */
async function allPages(q: string, maxResults = MAX_RESULTS): Promise<Page[]> {
  const pages: Page[] = [];
  let token: string | undefined;
  do {
    const answer = await page(q, { maxResults: String(maxResults), ...(token ? { pageToken: token } : {}) });
    expect(answer.status).toBe(200);
    expect(checkShape(FileListSchema, answer.body).ok).toBe(true);
    pages.push(answer.body);
    token = answer.body.nextPageToken;
  } while (token);
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.items.map((f) => f.id));
const isMine = (f: ApiFile) => (f.owners ?? []).some((o) => o.isAuthenticatedUser);

describe('GET /api/files', () => {
  it("lists My Drive with folders first, others' files included and trashed files left out", async () => {
    server = makeServer({ environment: 'test' });
    const pages = await allPages(clientQuery('root'));
    const items = pages.flatMap((p) => p.items);
    const titles = items.map((f) => f.title);

    for (const id of [DRIVE_IDS.projects, DRIVE_IDS.reports, DRIVE_IDS.archive, DRIVE_IDS.welcomeDoc, DRIVE_IDS.othersHandbook, DRIVE_IDS.teamShared]) {
      expect(ids(pages)).toContain(id);
    }
    expect(ids(pages)).not.toContain(DRIVE_IDS.trashedDoc);
    expect(ids(pages)).not.toContain(DRIVE_IDS.othersTrashed);
    expect(ids(pages)).not.toContain(DRIVE_IDS.q3);
    // Every item is either mine in My Drive or someone else's, and none is trashed.
    expect(items.every((f) => !f.labels.trashed && (f.parents.some((p) => p.id === 'root') || !isMine(f)))).toBe(true);
    const firstFile = items.findIndex((f) => f.mimeType !== MIME.folder);
    expect(items.slice(firstFile).some((f) => f.mimeType === MIME.folder)).toBe(false);
    expect(titles).toContain('<script>alert("x")</script>');
    expect(items.find((f) => f.id === DRIVE_IDS.othersHandbook)?.owners?.[0]).toEqual({
      displayName: 'Grace Hopper',
      emailAddress: 'grace@example.org',
      isAuthenticatedUser: false,
    });
  });

  it('shows the files of a nested folder plus the files of others', async () => {
    server = makeServer({ environment: 'test' });
    const drafts = (await allPages(clientQuery(DRIVE_IDS.drafts))).flatMap((p) => p.items);
    const mine = drafts.filter(isMine);
    expect(mine.map((f) => f.title).sort()).toEqual(['Draft — launch plan', 'Draft budget', 'Feedback form', 'notes.txt', 'Whiteboard sketch'].sort());
    expect(drafts.some((f) => f.id === DRIVE_IDS.othersHandbook)).toBe(true);
    expect(drafts.some((f) => f.id === DRIVE_IDS.trashedDraft)).toBe(false);
  });

  it('pages the 120-file folder 50/50/20 with tokens, without duplicates or gaps', async () => {
    server = makeServer({ environment: 'test' });
    const pages = await allPages(`'${DRIVE_IDS.reports}' in parents and trashed = false`);
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    expect(pages[0]?.nextPageToken).toEqual(expect.any(String));
    expect(pages[1]?.nextPageToken).not.toBe(pages[0]?.nextPageToken);
    expect(pages[2]).not.toHaveProperty('nextPageToken');
    const all = ids(pages);
    expect(new Set(all).size).toBe(120);
    const titles = pages.flatMap((p) => p.items.map((f) => f.title));
    expect(titles[0]).toBe('Weekly report 001');
    expect(titles[119]).toBe('Weekly report 120');
  });

  it('pageSizes gives a listing short and empty first pages that still carry a token, then full pages', async () => {
    server = makeServer({ environment: 'test', pageSizes: [0, 3, 0] });
    const q = `'${DRIVE_IDS.reports}' in parents and trashed = false`;
    const pages = await allPages(q);
    expect(pages.map((p) => p.items.length)).toEqual([0, 3, 0, 50, 50, 17]);
    expect(pages.slice(0, -1).every((p) => typeof p.nextPageToken === 'string')).toBe(true);
    // An empty page moves on all the same: every token differs, and nothing is skipped or repeated.
    expect(new Set(pages.map((p) => p.nextPageToken)).size).toBe(pages.length);
    expect(new Set(ids(pages)).size).toBe(120);
    setMockSwitches(server, { pageSizes: [] });
    expect((await allPages(q)).map((p) => p.items.length)).toEqual([50, 50, 20]);
  });

  it("pages the 120-file folder with the client's query: three pages, all 120 plus others' files", async () => {
    server = makeServer({ environment: 'test' });
    const others = ids(await allPages("not 'me' in owners and trashed = false", 1000));
    const pages = await allPages(clientQuery(DRIVE_IDS.reports));
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20 + others.length]);
    const all = ids(pages);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => !others.includes(id))).toHaveLength(120);
  });

  it('pages the 5,000-file folder to the end', async () => {
    server = makeServer({ environment: 'test' });
    const others = ids(await allPages("not 'me' in owners and trashed = false", 1000)).length;
    const pages = await allPages(clientQuery(DRIVE_IDS.archive));
    const all = ids(pages);
    expect(all).toHaveLength(5000 + others);
    expect(new Set(all).size).toBe(all.length);
    expect(pages).toHaveLength(Math.ceil((5000 + others) / 50));
    expect(pages.slice(0, -1).every((p) => p.items.length === 50)).toBe(true);
  }, 15_000);

  it('keeps the same order on every request', async () => {
    server = makeServer({ environment: 'test' });
    const first = ids(await allPages(clientQuery('root')));
    const again = ids(await allPages(clientQuery('root'), 7));
    expect(again).toEqual(first);
  });

  it('clamps maxResults to 1..1000', async () => {
    server = makeServer({ environment: 'test' });
    const q = clientQuery(DRIVE_IDS.archive);
    expect((await page(q, { maxResults: '5000' })).body.items).toHaveLength(1000);
    expect((await page(q, { maxResults: '0' })).body.items).toHaveLength(1);
    expect((await page(q, { maxResults: '-3' })).body.items).toHaveLength(1);
    expect((await page(q, { maxResults: 'many' })).status).toBe(400);
  });

  it('answers 400 invalid_query for a malformed q', async () => {
    server = makeServer({ environment: 'test' });
    const answer = await page("trashed = false and ('root' in parents");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_query', message: expect.stringMatching(/Expected "\)"/) });
    expect((await page("'root\\x' in parents")).status).toBe(400);
  });

  it('answers 400 for a page token that is forged or belongs to another query', async () => {
    server = makeServer({ environment: 'test' });
    const reports = await page(clientQuery(DRIVE_IDS.reports));
    const token = reports.body.nextPageToken ?? '';
    expect(token).not.toBe('');
    expect((await page(clientQuery(DRIVE_IDS.reports), { pageToken: token })).status).toBe(200);
    expect((await page(clientQuery(DRIVE_IDS.archive), { pageToken: token })).status).toBe(400);
    const forged = await page(clientQuery(DRIVE_IDS.reports), { pageToken: 'not-a-token' });
    expect(forged).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_page_token' }) });
  });

  it('answers 401 when the drive is not connected', async () => {
    server = makeServer({ environment: 'test', connected: false });
    expect(await page(clientQuery('root'))).toEqual({ status: 401, body: { error: 'not_connected', message: expect.any(String) } });
  });
});

describe('GET /api/about', () => {
  it("answers the connected account's details, with a picture that needs no network", async () => {
    server = makeServer({ environment: 'test' });
    const answer = await call(apiUrl(ROUTES.about, PANEL));
    expect(answer.status).toBe(200);
    expect(checkShape(AboutSchema, answer.body)).toEqual({
      ok: true,
      data: {
        user: { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com', picture: { url: expect.stringMatching(/^data:image\/svg\+xml/) } },
        access: 'browse',
      },
    });
  });

  it('answers 401 not_connected when disconnected', async () => {
    const store = memoryStateStore({ connected: false });
    server = makeServer({ environment: 'test', stateStore: store });
    expect(await call(apiUrl(ROUTES.about, WIDGET))).toEqual({ status: 401, body: { error: 'not_connected', message: expect.any(String) } });
  });
});

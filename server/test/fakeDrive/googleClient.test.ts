/**
 * The fake drive through Google's own client libraries (`google-auth-library`, `@googleapis/drive`):
 * what they send and read must work against the fake as it works against Google, and the fake must
 * answer as Google's definitions (`build/v2.d.ts`) say: PKCE, listing with partial and empty pages,
 * `fields` masks, orders, optional fields, shared drives, resource keys, permissions, export,
 * thumbnails that need a token unless the file is public, Google's error bodies, revoking.
 */
import { drive_v2, drive as googleDrive } from '@googleapis/drive';
import { OAuth2Client } from 'google-auth-library';
import { DRIVE_IDS, RESOURCE_KEYS, SHARED_DRIVES } from '../../../mirage/drive';
import { folderQuery } from '#client/drive/query';
import { startFakeDrive, type FakeDrive } from '../../dev/fakeDrive/fakeDrive';
import { pressConsent } from '../support/driveHarness';

jest.setTimeout(30_000);

const REDIRECT = 'http://localhost:4000/api/oauth/callback';
const SCOPE = 'https://www.googleapis.com/auth/drive';
let fake: FakeDrive;
let client: OAuth2Client;
let drive: drive_v2.Drive;
let refreshToken: string;

/** The whole flow as an app built on google-auth-library runs it: verifier, consent, code for tokens. */
async function connect(): Promise<void> {
  client = new OAuth2Client({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT,
    // Otherwise the client trusts the token's expiry and never refreshes on a 401.
    forceRefreshOnFailure: true,
    endpoints: { oauth2AuthBaseUrl: fake.endpoints.authorizeUrl, oauth2TokenUrl: fake.endpoints.tokenUrl, oauth2RevokeUrl: fake.endpoints.revokeUrl },
  });
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [SCOPE],
    state: 'state-1',
    code_challenge: codeChallenge,
    // The library's enum; its value is the string 'S256'.
    code_challenge_method: 'S256' as never,
  });
  const callback = await pressConsent(url, 'allow');
  expect(callback.searchParams.get('state')).toBe('state-1');
  const { tokens } = await client.getToken({ code: callback.searchParams.get('code') ?? '', codeVerifier });
  expect(tokens).toMatchObject({ token_type: 'Bearer', scope: SCOPE, refresh_token: expect.stringMatching(/^fake-refresh-/) });
  client.setCredentials(tokens);
  refreshToken = tokens.refresh_token ?? '';
  drive = googleDrive({ version: 'v2', auth: client, rootUrl: `${fake.url}/` });
}

beforeEach(async () => {
  fake = await startFakeDrive({ redirectUris: [REDIRECT] });
  await connect();
});
afterEach(() => fake.stop());

/** Every page of a listing, as the client follows `nextPageToken`. */
async function allPages(params: drive_v2.Params$Resource$Files$List): Promise<drive_v2.Schema$FileList[]> {
  const pages: drive_v2.Schema$FileList[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await drive.files.list({ ...params, pageToken });
    pages.push(data);
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken && pages.length < 50);
  return pages;
}
const titlesOf = (pages: drive_v2.Schema$FileList[]) => pages.flatMap((p) => (p.items ?? []).map((f) => f.title ?? ''));

/** The status and Google error body of a call that must fail. */
async function failure(call: Promise<unknown>): Promise<{ status: number | undefined; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    return { status: response?.status, data: response?.data };
  }
  throw new Error('the call succeeded');
}

describe("the fake drive through Google's client", () => {
  it('connects with PKCE, refreshes an expired token by itself, and revokes with the token on the URL as the client sends it', async () => {
    expect((await drive.about.get({ fields: 'user(displayName,emailAddress)' })).data).toEqual({
      user: { displayName: 'Ada Lovelace', emailAddress: 'ada@example.com' },
    });
    fake.expireAccessTokens();
    expect((await drive.about.get({ fields: 'user(emailAddress)' })).data).toEqual({ user: { emailAddress: 'ada@example.com' } });
    await client.revokeToken(refreshToken);
    expect(fake.grants.liveGrants()).toHaveLength(0);
    client.setCredentials({ refresh_token: refreshToken });
    await expect(client.getAccessToken()).rejects.toMatchObject({ response: { data: { error: 'invalid_grant' } } });
  });

  it('lists in partial pages, an empty one among them, every file once, with the fields asked for and no empty items', async () => {
    const pages = await allPages({ q: folderQuery(DRIVE_IDS.reports), maxResults: 50, fields: 'nextPageToken,items(id,title)' });
    expect(pages.some((p) => (p.items?.length ?? 0) > 0 && (p.items?.length ?? 0) < 50 && p.nextPageToken)).toBe(true);
    const empty = pages.find((p) => p.items === undefined && p.nextPageToken);
    expect(empty).toEqual({ nextPageToken: expect.any(String) });
    const items = pages.flatMap((p) => p.items ?? []);
    expect(new Set(items.map((f) => f.id)).size).toBe(items.length);
    expect(items.filter((f) => f.title?.startsWith('Weekly report'))).toHaveLength(120);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'title']);
    const { data } = await drive.files.list({ q: `'${DRIVE_IDS.empty}' in parents and trashed = false`, fields: 'nextPageToken,items(id)' });
    expect(data).toEqual({});
  });

  it('orders by `title` lexicographically and by `title_natural` naturally, folders first', async () => {
    const q = `'${DRIVE_IDS.invoices}' in parents and trashed = false`;
    const lexicographic = titlesOf(await allPages({ q, maxResults: 50, orderBy: 'folder,title', fields: 'nextPageToken,items(title)' }));
    expect(lexicographic.slice(0, 4)).toEqual(['Invoice 1', 'Invoice 10', 'Invoice 11', 'Invoice 12']);
    const natural = titlesOf(await allPages({ q, maxResults: 50, orderBy: 'folder,title_natural', fields: 'nextPageToken,items(title)' }));
    expect(natural).toEqual(Array.from({ length: 60 }, (_, i) => `Invoice ${i + 1}`));
    const root = titlesOf(
      await allPages({ q: folderQuery('root'), maxResults: 50, orderBy: 'folder,title_natural', fields: 'nextPageToken,items(title,mimeType)' }),
    );
    expect(root.indexOf('Invoices')).toBeLessThan(root.indexOf('Budget 2026'));
    expect((await failure(drive.files.list({ orderBy: 'size' }))).status).toBe(400);
  });

  it('leaves out optional fields a file does not have: owners of a shared drive file, an owner without a name', async () => {
    const mine = await allPages({ q: folderQuery('root'), maxResults: 100, fields: 'nextPageToken,items(id,owners(displayName,emailAddress))' });
    const nameless = mine.flatMap((p) => p.items ?? []).find((f) => f.id === DRIVE_IDS.namelessChecklist);
    expect(nameless).toEqual({ id: DRIVE_IDS.namelessChecklist, owners: [{ emailAddress: 'ops@example.org' }] });
    const marketing = SHARED_DRIVES[0]!.id;
    const { data } = await drive.files.list({
      q: `'${marketing}' in parents and trashed = false`,
      corpora: 'drive',
      driveId: marketing,
      includeItemsFromAllDrives: true,
      supportsAllDrives: true,
      fields: 'items(id,title,owners,driveId)',
    });
    expect(data.items?.map((f) => f.title)).toEqual(expect.arrayContaining(['Campaigns', 'Brand guide', 'Hero banner.png']));
    for (const item of data.items ?? []) expect(item).toEqual({ id: expect.any(String), title: expect.any(String), driveId: marketing });
  });

  it('lists shared drives, and reaches their files only with supportsAllDrives and includeItemsFromAllDrives', async () => {
    const { data } = await drive.drives.list({ maxResults: 10 });
    expect(data.items?.map((d) => [d.id, d.name, d.kind])).toEqual(SHARED_DRIVES.map((d) => [d.id, d.name, 'drive#drive']));
    const marketing = SHARED_DRIVES[0]!.id;
    const q = `'${marketing}' in parents and trashed = false`;
    expect((await failure(drive.files.list({ q, corpora: 'drive', driveId: marketing }))).status).toBe(400);
    // My Drive's listing never holds a shared drive's files unless asked for them.
    expect((await drive.files.list({ q })).data.items ?? []).toEqual([]);
    const brief = await failure(drive.files.get({ fileId: DRIVE_IDS.launchBrief }));
    expect(brief).toMatchObject({ status: 404, data: { error: { code: 404, errors: [{ domain: 'global', reason: 'notFound' }] } } });
    expect((await drive.files.get({ fileId: DRIVE_IDS.launchBrief, supportsAllDrives: true, fields: 'id,driveId' })).data).toEqual({
      id: DRIVE_IDS.launchBrief,
      driveId: marketing,
    });
    const permissions = await drive.permissions.list({ fileId: DRIVE_IDS.launchBrief, supportsAllDrives: true, fields: 'items(role,type)' });
    expect(permissions.data.items).toContainEqual({ role: 'organizer', type: 'user' });
    await drive.permissions.insert({ fileId: DRIVE_IDS.launchBrief, supportsAllDrives: true, requestBody: { role: 'reader', type: 'anyone', withLink: true } });
    const exported = await drive.files.export({ fileId: DRIVE_IDS.launchBrief, mimeType: 'text/html' }, { responseType: 'text' });
    expect(String(exported.data)).toMatch(/<html/i);
  });

  it('needs the resource key of a file shared by link before 2021, in X-Goog-Drive-Resource-Keys', async () => {
    const fileId = DRIVE_IDS.keyedHandbook;
    const key = RESOURCE_KEYS[fileId]!;
    const listed = (await allPages({ q: folderQuery('root'), maxResults: 100, fields: 'nextPageToken,items(id,resourceKey)' })).flatMap((p) => p.items ?? []);
    expect(listed).toContainEqual({ id: fileId, resourceKey: key });
    expect((await failure(drive.files.get({ fileId }))).status).toBe(404);
    expect((await failure(drive.permissions.list({ fileId }))).status).toBe(404);
    const headers = { 'X-Goog-Drive-Resource-Keys': `${DRIVE_IDS.welcomeDoc}/nothing,${fileId}/${key}` };
    expect((await drive.files.get({ fileId, fields: 'id,resourceKey' }, { headers })).data).toEqual({ id: fileId, resourceKey: key });
    expect((await drive.permissions.list({ fileId, fields: 'items(role,type)' }, { headers })).data.items).toContainEqual({ role: 'reader', type: 'anyone' });
    const wrong = { 'X-Goog-Drive-Resource-Keys': `${fileId}/0-wrong` };
    expect((await failure(drive.files.export({ fileId, mimeType: 'text/html' }, { headers: wrong }))).status).toBe(404);
  });

  it('shares, reads and removes the public permission', async () => {
    const fileId = DRIVE_IDS.budgetSheet;
    const before = await drive.permissions.list({ fileId, fields: 'items(id,role,type)' });
    expect(before.data.items).toContainEqual({ id: 'anyoneWithLink', role: 'writer', type: 'anyone' });
    await drive.permissions.delete({ fileId, permissionId: 'anyoneWithLink' });
    expect((await drive.permissions.list({ fileId, fields: 'items(type)' })).data.items).toEqual([{ type: 'user' }]);
    const inserted = await drive.permissions.insert({ fileId, fields: 'id,role,type', requestBody: { role: 'reader', type: 'anyone', withLink: true } });
    expect(inserted.data).toEqual({ id: 'anyoneWithLink', role: 'reader', type: 'anyone' });
    const others = await failure(
      drive.permissions.insert({ fileId: DRIVE_IDS.othersHandbook, requestBody: { role: 'reader', type: 'anyone', withLink: true } }),
    );
    expect(others).toMatchObject({ status: 403, data: { error: { errors: [{ reason: 'insufficientFilePermissions' }] } } });
  });

  it('exports a Doc as HTML, refuses alt=media on it, and downloads a text file', async () => {
    const exported = await drive.files.export({ fileId: DRIVE_IDS.welcomeDoc, mimeType: 'text/html' }, { responseType: 'text' });
    expect(String(exported.data)).toContain('<body');
    const media = await failure(drive.files.get({ fileId: DRIVE_IDS.welcomeDoc, alt: 'media' }, { responseType: 'text' }));
    expect(media.status).toBe(403);
    const text = await drive.files.get({ fileId: DRIVE_IDS.readme, alt: 'media' }, { responseType: 'text' });
    expect(String(text.data)).toContain('README.txt');
  });

  it('serves the thumbnail of a file not shared publicly only with a valid token, a public one’s to anyone', async () => {
    const link = async (fileId: string, supportsAllDrives = false) =>
      (await drive.files.get({ fileId, supportsAllDrives, fields: 'thumbnailLink' })).data.thumbnailLink ?? '';
    const privateImage = await link(DRIVE_IDS.heroBanner, true);
    expect(privateImage).toMatch(/=s\d+$/);
    expect((await fetch(privateImage)).status).toBe(403);
    const { token } = await client.getAccessToken();
    const withToken = await fetch(privateImage, { headers: { Authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toBe('image/png');
    expect((await fetch(privateImage, { headers: { Authorization: 'Bearer fake-access-unknown' } })).status).toBe(403);
    // Shared with anyone who has the link is not shared publicly: the token is still needed.
    const share = (withLink: boolean) =>
      drive.permissions.insert({ fileId: DRIVE_IDS.heroBanner, supportsAllDrives: true, requestBody: { role: 'reader', type: 'anyone', withLink } });
    await share(true);
    expect((await fetch(privateImage)).status).toBe(403);
    await share(false);
    expect((await fetch(privateImage)).status).toBe(200);
  });

  it("answers Google's error bodies: usageLimits for rate limits, authError without a valid token", async () => {
    // The client takes a 403 for an expired token and tries once more with a new one: both are limited.
    fake.rateLimitNext(2, { status: 403 });
    const limited = await failure(drive.about.get({ fields: 'user' }, { retry: false }));
    expect(limited).toMatchObject({
      status: 403,
      data: { error: { code: 403, errors: [{ domain: 'usageLimits', reason: 'userRateLimitExceeded' }] } },
    });
    fake.rateLimitNext(1, { status: 429 });
    expect(await failure(drive.about.get({ fields: 'user' }, { retry: false }))).toMatchObject({
      status: 429,
      data: { error: { errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded' }] } },
    });
    const anonymous = googleDrive({ version: 'v2', rootUrl: `${fake.url}/` });
    expect(await failure(anonymous.about.get({}))).toMatchObject({
      status: 401,
      data: { error: { code: 401, errors: [{ domain: 'global', reason: 'authError', location: 'Authorization' }] } },
    });
  });
});

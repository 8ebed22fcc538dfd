/**
 * The fake drive with the `drive.file` scope, through Google's own client (`@googleapis/drive`): a
 * grant reaches only the files the owner picked for the app with the Picker, as Google's scope
 * policy says. Any other file answers 404 `notFound` in the drive's error body (files.get, export,
 * permissions, thumbnails), and listings show only picked files. The Picker itself is driven as its
 * frame does it: the owner's token in a header, the app's key and app id in the body.
 */
import { drive_v2, drive as googleDrive } from '@googleapis/drive';
import { OAuth2Client } from 'google-auth-library';
import { DRIVE_IDS } from '../../../mirage/drive';
import { folderQuery } from '#client/drive/query';
import { FAKE_PICKER_API_KEY, FAKE_PICKER_APP_ID, startFakeDrive, type FakeDrive } from '../../dev/fakeDrive/fakeDrive';
import { pressConsent } from '../support/driveHarness';

jest.setTimeout(30_000);

const REDIRECT = 'http://localhost:4000/api/oauth/callback';
const FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
let fake: FakeDrive;
let client: OAuth2Client;
let drive: drive_v2.Drive;

async function connect(scope: string): Promise<void> {
  client = new OAuth2Client({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: fake.endpoints.authorizeUrl, oauth2TokenUrl: fake.endpoints.tokenUrl, oauth2RevokeUrl: fake.endpoints.revokeUrl },
  });
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const url = client.generateAuthUrl({ access_type: 'offline', scope: [scope], code_challenge: codeChallenge, code_challenge_method: 'S256' as never });
  const callback = await pressConsent(url, 'allow');
  const { tokens } = await client.getToken({ code: callback.searchParams.get('code') ?? '', codeVerifier });
  expect(tokens.scope).toBe(scope);
  client.setCredentials(tokens);
  drive = googleDrive({ version: 'v2', auth: client, rootUrl: `${fake.url}/` });
}

async function failure(call: Promise<unknown>): Promise<{ status: number | undefined; data: unknown }> {
  try {
    await call;
  } catch (error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    return { status: response?.status, data: response?.data };
  }
  throw new Error('the call succeeded');
}

const NOT_FOUND = { status: 404, data: { error: { code: 404, errors: [{ domain: 'global', reason: 'notFound' }] } } };

/** The Picker's frame picks a file for the owner, with the app's key and app id. */
async function pick(fileId: string, more: Record<string, unknown> = {}): Promise<Response> {
  const { token } = await client.getAccessToken();
  return fetch(`${fake.url}/picker/pick`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileId, developerKey: FAKE_PICKER_API_KEY, appId: FAKE_PICKER_APP_ID, ...more }),
  });
}

async function thumbnailStatus(fileId: string): Promise<number> {
  const { token } = await client.getAccessToken();
  return (await fetch(`${fake.url}/thumbnails/${fileId}=s220`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

beforeEach(async () => {
  fake = await startFakeDrive({ redirectUris: [REDIRECT] });
  await connect(FILE_SCOPE);
});
afterEach(() => fake.stop());

describe('a drive.file grant before any pick', () => {
  it('reaches no file: get, export, media, permissions and thumbnails answer as for a file that does not exist', async () => {
    const fileId = DRIVE_IDS.welcomeDoc;
    expect(await failure(drive.files.get({ fileId }))).toMatchObject(NOT_FOUND);
    expect(await failure(drive.files.export({ fileId, mimeType: 'text/html' }, { responseType: 'text' }))).toMatchObject({ status: 404 });
    expect(await failure(drive.files.get({ fileId: DRIVE_IDS.readme, alt: 'media' }, { responseType: 'text' }))).toMatchObject({ status: 404 });
    expect(await failure(drive.permissions.list({ fileId }))).toMatchObject(NOT_FOUND);
    expect(await failure(drive.permissions.insert({ fileId, requestBody: { role: 'reader', type: 'anyone', withLink: true } }))).toMatchObject(NOT_FOUND);
    expect(await failure(drive.permissions.delete({ fileId, permissionId: 'anyoneWithLink' }))).toMatchObject(NOT_FOUND);
    expect(await thumbnailStatus(DRIVE_IDS.readme)).toBe(403);
  });

  it('lists nothing, in any folder', async () => {
    const root = await drive.files.list({ q: folderQuery('root'), maxResults: 50 });
    expect(root.data.items ?? []).toEqual([]);
    const everything = await drive.files.list({ maxResults: 1000 });
    expect(everything.data.items ?? []).toEqual([]);
  });

  it('still answers about (who is signed in)', async () => {
    expect((await drive.about.get({ fields: 'user(displayName)' })).data.user?.displayName).toEqual(expect.any(String));
  });
});

describe('the Picker', () => {
  it('lists the whole drive, whatever the scope, to the owner only', async () => {
    const { token } = await client.getAccessToken();
    const items = await fetch(`${fake.url}/picker/items?parent=root`, { headers: { Authorization: `Bearer ${token}` } });
    const names = ((await items.json()) as { items: { id: string }[] }).items.map((i) => i.id);
    expect(names).toEqual(expect.arrayContaining([DRIVE_IDS.projects, DRIVE_IDS.welcomeDoc]));
    expect((await fetch(`${fake.url}/picker/items?parent=root`)).status).toBe(401);
  });

  it('shares the picked file with the app, and nothing else', async () => {
    const picked = await pick(DRIVE_IDS.welcomeDoc);
    expect(picked.status).toBe(200);
    expect(await picked.json()).toMatchObject({ id: DRIVE_IDS.welcomeDoc, name: 'Welcome to your drive', mimeType: 'application/vnd.google-apps.document' });

    expect((await drive.files.get({ fileId: DRIVE_IDS.welcomeDoc })).data.id).toBe(DRIVE_IDS.welcomeDoc);
    expect((await drive.permissions.list({ fileId: DRIVE_IDS.welcomeDoc })).data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'anyone' })]),
    );
    expect(String((await drive.files.export({ fileId: DRIVE_IDS.welcomeDoc, mimeType: 'text/html' }, { responseType: 'text' })).data)).toContain('<body');
    expect(await thumbnailStatus(DRIVE_IDS.welcomeDoc)).toBe(200);
    const listed = await drive.files.list({ q: folderQuery('root'), maxResults: 50 });
    expect((listed.data.items ?? []).map((f) => f.id)).toEqual([DRIVE_IDS.welcomeDoc]);

    expect(await failure(drive.files.get({ fileId: DRIVE_IDS.budgetSheet }))).toMatchObject(NOT_FOUND);
    expect(await failure(drive.permissions.list({ fileId: DRIVE_IDS.budgetSheet }))).toMatchObject(NOT_FOUND);
  });

  it('grants nothing for a wrong app id, refuses a wrong key, and a folder grants itself but not its files', async () => {
    expect((await pick(DRIVE_IDS.welcomeDoc, { appId: '999' })).status).toBe(200);
    expect(await failure(drive.files.get({ fileId: DRIVE_IDS.welcomeDoc }))).toMatchObject(NOT_FOUND);
    expect((await pick(DRIVE_IDS.welcomeDoc, { developerKey: 'other' })).status).toBe(400);
    expect((await pick(DRIVE_IDS.projects)).status).toBe(400);
    expect(await failure(drive.files.get({ fileId: DRIVE_IDS.projects }))).toMatchObject(NOT_FOUND);
    expect((await pick(DRIVE_IDS.projects, { selectFolder: true })).status).toBe(200);
    expect((await drive.files.get({ fileId: DRIVE_IDS.projects })).data.mimeType).toBe('application/vnd.google-apps.folder');
    expect(await failure(drive.files.get({ fileId: DRIVE_IDS.year2026 }))).toMatchObject(NOT_FOUND);
  });

  it('leaves a full drive grant reaching every file', async () => {
    await connect('https://www.googleapis.com/auth/drive');
    expect((await drive.files.get({ fileId: DRIVE_IDS.budgetSheet })).data.id).toBe(DRIVE_IDS.budgetSheet);
  });
});

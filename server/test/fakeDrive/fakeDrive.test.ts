import { createHash } from 'node:crypto';
import { folderQuery } from '../../../src/drive/query';
import { DRIVE_IDS } from '../../../mirage/drive';
import { CONSENT_TITLE } from '../../dev/fakeDrive/consentPage';
import { startFakeDrive, type FakeDrive } from '../../dev/fakeDrive/fakeDrive';
import { applyFields, FieldsSyntaxError, parseFields } from '../../dev/fakeDrive/fields';

const REDIRECT = 'http://localhost:4000/cb';
const VERIFIER = 'a'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
let fake: FakeDrive;

beforeEach(async () => {
  fake = await startFakeDrive({ redirectUris: [REDIRECT] });
});
afterEach(() => fake.stop());

function authorizeUrl(overrides: Record<string, string> = {}): string {
  const url = new URL(fake.endpoints.authorizeUrl);
  const params = {
    client_id: fake.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'https://www.googleapis.com/auth/drive',
    state: 's1',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

async function codeFor(): Promise<string> {
  const html = await (await fetch(authorizeUrl())).text();
  const consent = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(`${fake.url}/o/oauth2/approve`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ consent, decision: 'allow' }) });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.searchParams.get('state')).toBe('s1');
  return location.searchParams.get('code') ?? '';
}

const tokenCall = (form: Record<string, string>) =>
  fetch(fake.endpoints.tokenUrl, { method: 'POST', body: new URLSearchParams({ client_id: fake.clientId, client_secret: fake.clientSecret, ...form }) });

describe('the fake OAuth provider', () => {
  it('shows a consent page with Allow and Deny, and refuses bad clients, redirects and missing PKCE', async () => {
    const html = await (await fetch(authorizeUrl())).text();
    expect(html).toContain(CONSENT_TITLE);
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow</);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny</);
    expect((await fetch(authorizeUrl({ client_id: 'other' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ redirect_uri: 'http://localhost:4000/elsewhere' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ code_challenge_method: 'plain' }))).status).toBe(400);
  });

  it('exchanges a code once, only with the right verifier, and refreshes until revoked', async () => {
    const wrong = await tokenCall({ grant_type: 'authorization_code', code: await codeFor(), code_verifier: 'b'.repeat(43), redirect_uri: REDIRECT });
    expect(wrong.status).toBe(400);
    const code = await codeFor();
    const exchange = { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT };
    const tokens = (await (await tokenCall(exchange)).json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toMatch(/^fake-refresh-/);
    expect(await (await tokenCall(exchange)).json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
    const refreshed = await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await fetch(fake.endpoints.revokeUrl, { method: 'POST', body: new URLSearchParams({ token: tokens.refresh_token }) })).status).toBe(200);
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
    const drive = await fetch(`${fake.endpoints.driveApiUrl}/about`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(drive.status).toBe(401);
    expect((await fetch(fake.endpoints.revokeUrl, { method: 'POST', body: new URLSearchParams({ token: 'unknown' }) })).status).toBe(400);
  });

  it('refuses a client secret it does not know', async () => {
    const answer = await fetch(fake.endpoints.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({ client_id: fake.clientId, client_secret: 'nope', grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('the fake drive', () => {
  async function bearer(): Promise<Record<string, string>> {
    const tokens = (await (
      await tokenCall({ grant_type: 'authorization_code', code: await codeFor(), code_verifier: VERIFIER, redirect_uri: REDIRECT })
    ).json()) as { access_token: string };
    return { Authorization: `Bearer ${tokens.access_token}` };
  }

  it('answers 401 in the drive error shape without a valid token', async () => {
    const answer = await fetch(`${fake.endpoints.driveApiUrl}/files`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: { code: 401, errors: [{ reason: 'authError' }] } });
  });

  it('lists with the Mirage seed and query parser, selects fields, and rejects bad queries', async () => {
    const headers = await bearer();
    const url = new URL(`${fake.endpoints.driveApiUrl}/files`);
    url.searchParams.set('q', folderQuery(DRIVE_IDS.q3));
    const full = (await (await fetch(url, { headers })).json()) as { items: Record<string, unknown>[] };
    expect(full.items.map((f) => f.title)).toEqual(expect.arrayContaining(['Drafts', 'Q3 plan']));
    expect(full.items[0]).toHaveProperty('alternateLink');
    url.searchParams.set('fields', 'items(id,title)');
    const trimmed = (await (await fetch(url, { headers })).json()) as { items: Record<string, unknown>[] };
    expect(Object.keys(trimmed)).toEqual(['items']);
    for (const item of trimmed.items) expect(Object.keys(item)).toEqual(['id', 'title']);
    url.searchParams.set('q', "'root' in parents and");
    expect((await fetch(url, { headers })).status).toBe(400);
  });

  it('is switched over HTTP: latency, rate limits, revoked grants', async () => {
    const headers = await bearer();
    const control = (body: object) => fetch(`${fake.url}/__fake/control`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    await control({ rateLimitCount: 1, rateLimitStatus: 403, retryAfterSeconds: 2 });
    const limited = await fetch(`${fake.endpoints.driveApiUrl}/about`, { headers });
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({ error: { errors: [{ reason: 'userRateLimitExceeded' }] } });
    expect((await fetch(`${fake.endpoints.driveApiUrl}/about`, { headers })).status).toBe(200);
    await control({ latencyMs: 120 });
    const started = Date.now();
    await fetch(`${fake.endpoints.driveApiUrl}/about`, { headers });
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(await control({ revokeAll: true, latencyMs: 0 })).toMatchObject({ liveGrants: 0 });
    expect((await fetch(`${fake.endpoints.driveApiUrl}/about`, { headers })).status).toBe(401);
  });
});

describe("the fake Picker's frame", () => {
  const frame = (hl: string) =>
    fetch(`${fake.url}/picker/frame?origin=${encodeURIComponent('http://localhost:3000')}&hl=${encodeURIComponent(hl)}`).then((r) => r.text());

  it("speaks the language its page set (setLocale), as Google's does", async () => {
    const html = await frame('pl');
    expect(/<html lang="([^"]+)">/.exec(html)?.[1]).toBe('pl');
    expect(html).toContain('<title>Wybierz plik</title>');
    expect(html).toContain('"myDrive":"Mój dysk"');
  });

  it('takes any other locale as English, and shows it nowhere', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const html = await frame(hostile);
    expect(/<html lang="([^"]+)">/.exec(html)?.[1]).toBe('en');
    expect(html).not.toContain('alert(1)');
  });
});

describe('field selection', () => {
  it('selects nested fields, paths and arrays', () => {
    const value = { a: 1, b: [{ c: 2, d: { e: 3, f: 4 } }], g: { h: 5, i: 6 } };
    expect(applyFields(value, parseFields('b(d(e)),g/h'))).toEqual({ b: [{ d: { e: 3 } }], g: { h: 5 } });
    expect(applyFields(value, parseFields('a, g'))).toEqual({ a: 1, g: { h: 5, i: 6 } });
    expect(() => parseFields('a(b')).toThrow(FieldsSyntaxError);
    expect(() => parseFields('a,,b')).toThrow(FieldsSyntaxError);
  });
});

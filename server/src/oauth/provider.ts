/**
 * The OAuth provider's endpoints (authorization, token, revocation), called with `fetch`. Base URLs
 * are configuration (see `config.ts`), so the same code talks to the real provider or to the fake
 * one in tests and local runs. Tokens travel only in request bodies and headers, never in URLs.
 */
import type { DriveAccess } from '#client/contract/driveAccess';
import { resilientFetch, type CallOptions } from '../drive/resilientFetch';

export interface ProviderConfig {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The drive's v2 REST base, e.g. https://www.googleapis.com/drive/v2 */
  driveApiUrl: string;
  clientId: string;
  clientSecret: string;
  /** This server's callback, as registered with the provider. */
  redirectUri: string;
  scopes: readonly string[];
}

/**
 * The scope each mode asks for, and nothing else (src/contract/driveAccess.ts). Browsing needs the
 * full drive scope to list any folder *and* change who a file is shared with
 * (docs/decisions/drive-scope.md); picking needs only
 * `drive.file`: the files the owner picked with the Picker. The account's name, e-mail and picture
 * come from the drive's own `about` endpoint, so no profile scope is asked for.
 */
export const SCOPES_OF_ACCESS: Readonly<Record<DriveAccess, readonly string[]>> = {
  browse: ['https://www.googleapis.com/auth/drive'],
  picker: ['https://www.googleapis.com/auth/drive.file'],
};

/** The browse mode's scopes (the default). */
export const DRIVE_SCOPES: readonly string[] = SCOPES_OF_ACCESS.browse;

export interface TokenSet {
  accessToken: string;
  /** Absent on most refreshes (the provider keeps the old one). */
  refreshToken: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  scope: string;
}

/** The grant is gone (revoked by the owner, expired, or the code was already used). */
export class GrantRevokedError extends Error {
  constructor(message = 'The drive access was revoked or has expired.') {
    super(message);
    this.name = 'GrantRevokedError';
  }
}

/** The provider refused us for a reason the owner cannot fix (misconfiguration, bad request). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export function authorizationUrl(config: ProviderConfig, state: string, codeChallenge: string): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('scope', config.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('access_type', 'offline');
  // Ask again each time, so each connection yields a refresh token.
  url.searchParams.set('prompt', 'consent');
  return url.toString();
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function tokenRequest(config: ProviderConfig, form: Record<string, string>, now: number, options: CallOptions): Promise<TokenSet> {
  const body = new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret });
  const response = await resilientFetch(
    config.tokenUrl,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body: body.toString() },
    options,
  );
  const json = await readJson(response);
  if (!response.ok) {
    const code = typeof json.error === 'string' ? json.error : 'unknown';
    if (code === 'invalid_grant') throw new GrantRevokedError();
    throw new ProviderError(`The provider's token endpoint answered ${response.status} (${code}).`, response.status, code);
  }
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, scope } = json;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new ProviderError("The provider's token answer has no access token.", response.status, 'malformed');
  }
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
    expiresAt: now + (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 3600) * 1000,
    scope: typeof scope === 'string' ? scope : config.scopes.join(' '),
  };
}

/** Sent once, never retried: a code the provider took is used up, and a retry would only be refused (invalid_grant). */
export function exchangeCode(config: ProviderConfig, code: string, codeVerifier: string, now: number, options: CallOptions = {}): Promise<TokenSet> {
  const once = { ...options, policy: { ...options.policy, maxAttempts: 1 } };
  return tokenRequest(config, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: config.redirectUri }, now, once);
}

export function refreshAccessToken(config: ProviderConfig, refreshToken: string, now: number, options: CallOptions = {}): Promise<TokenSet> {
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, now, options);
}

/** Revokes a token (a refresh token revokes the whole grant). An already-revoked token counts as done. */
export async function revokeToken(config: ProviderConfig, token: string, options: CallOptions = {}): Promise<void> {
  const response = await resilientFetch(
    config.revokeUrl,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() },
    options,
  );
  if (response.ok) return;
  const json = await readJson(response);
  if (response.status === 400 && (json.error === 'invalid_token' || json.error === 'invalid_grant')) return;
  throw new ProviderError(`The provider's revoke endpoint answered ${response.status}.`, response.status, String(json.error ?? 'unknown'));
}

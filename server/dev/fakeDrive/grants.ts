/**
 * The fake provider's OAuth book-keeping: consent requests, authorization codes (PKCE S256,
 * single use, short-lived), grants with their refresh token, and access tokens with an expiry.
 * Token values are random and carry a recognisable prefix, so tests can look for them in logs.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface ConsentRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string;
}

interface AuthCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
  expiresAt: number;
}

export interface FakeGrant {
  id: string;
  scope: string;
  refreshToken: string;
  revoked: boolean;
}

interface AccessToken {
  grantId: string;
  expiresAt: number;
}

export interface IssuedTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: 'Bearer';
}

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

export const ACCESS_TOKEN_PREFIX = 'fake-access-';
export const REFRESH_TOKEN_PREFIX = 'fake-refresh-';

export class FakeGrantBook {
  readonly consents = new Map<string, ConsentRequest>();
  private readonly codes = new Map<string, AuthCode>();
  readonly grants = new Map<string, FakeGrant>();
  private readonly accessTokens = new Map<string, AccessToken>();
  /**
   * The files the owner shared with the app through the Picker: what a `drive.file` grant reaches.
   * Kept for the app and the account, not for one grant, as the drive keeps them across connections.
   */
  readonly picked = new Set<string>();
  /** Every token value ever issued, for tests that scan logs and bodies. */
  readonly issued: string[] = [];
  accessTokenTtlSeconds = 3600;

  constructor(private readonly now: () => number) {}

  addConsent(request: Omit<ConsentRequest, 'id'>): ConsentRequest {
    const consent = { ...request, id: token('consent-') };
    this.consents.set(consent.id, consent);
    return consent;
  }

  /** Turns an accepted consent into a one-time code. */
  issueCode(consent: ConsentRequest): string {
    this.consents.delete(consent.id);
    const code = token('fake-code-');
    this.codes.set(code, { ...consent, expiresAt: this.now() + 60_000 });
    return code;
  }

  /** Exchanges a code; null when the code is unknown, used, expired, or the verifier or redirect does not match. */
  redeemCode(code: string, clientId: string, redirectUri: string, verifier: string): IssuedTokens | null {
    const found = this.codes.get(code);
    this.codes.delete(code);
    if (!found || found.expiresAt <= this.now() || found.clientId !== clientId || found.redirectUri !== redirectUri) return null;
    if (createHash('sha256').update(verifier).digest('base64url') !== found.codeChallenge) return null;
    const grant: FakeGrant = { id: token('grant-'), scope: found.scope, refreshToken: token(REFRESH_TOKEN_PREFIX), revoked: false };
    this.grants.set(grant.id, grant);
    this.issued.push(grant.refreshToken);
    return { ...this.newAccessToken(grant), refresh_token: grant.refreshToken };
  }

  refresh(refreshToken: string): IssuedTokens | null {
    const grant = [...this.grants.values()].find((g) => g.refreshToken === refreshToken);
    if (!grant || grant.revoked) return null;
    return this.newAccessToken(grant);
  }

  /** Revokes the grant a refresh or access token belongs to. False when the token is unknown. */
  revoke(value: string): boolean {
    const grant = this.grantOf(value);
    if (!grant || grant.revoked) return false;
    grant.revoked = true;
    return true;
  }

  /** The owner removes the app's access in their account: every grant stops working. */
  revokeAll(): void {
    for (const grant of this.grants.values()) grant.revoked = true;
  }

  /** Every access token expires now (refresh tokens keep working). */
  expireAccessTokens(): void {
    for (const access of this.accessTokens.values()) access.expiresAt = this.now() - 1;
  }

  /** The grant behind a valid (unexpired, unrevoked) access token. */
  authorize(accessToken: string): FakeGrant | null {
    const access = this.accessTokens.get(accessToken);
    if (!access || access.expiresAt <= this.now()) return null;
    const grant = this.grants.get(access.grantId);
    return grant && !grant.revoked ? grant : null;
  }

  liveGrants(): FakeGrant[] {
    return [...this.grants.values()].filter((g) => !g.revoked);
  }

  private grantOf(value: string): FakeGrant | undefined {
    const access = this.accessTokens.get(value);
    if (access) return this.grants.get(access.grantId);
    return [...this.grants.values()].find((g) => g.refreshToken === value);
  }

  private newAccessToken(grant: FakeGrant): IssuedTokens {
    const value = token(ACCESS_TOKEN_PREFIX);
    this.accessTokens.set(value, { grantId: grant.id, expiresAt: this.now() + this.accessTokenTtlSeconds * 1000 });
    this.issued.push(value);
    return { access_token: value, expires_in: this.accessTokenTtlSeconds, scope: grant.scope, token_type: 'Bearer' };
  }
}

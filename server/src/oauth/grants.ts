/**
 * The drive grants of each widget (instance id + component id): the refresh token and the current
 * access token, both sealed (AES-256-GCM) before they reach the store, the key id on the row.
 * Access tokens are refreshed shortly before they expire, once per widget at a time. A grant the
 * provider no longer honours (`invalid_grant`, or the drive refusing fresh tokens) loses its
 * ciphertext and keeps only the time it ended, so every later request (and the panel after a
 * reload) ends in `GrantRevokedError`, which the routes answer as "connect again", until the
 * owner connects again or disconnects. Tokens never leave this module except as the argument of
 * a drive call.
 */
import type { TokenCipher } from '../crypto/tokenCipher';
import { SealedValueError } from '../crypto/tokenCipher';
import type { CallOptions } from '../drive/resilientFetch';
import { DriveAuthError } from '../drive/errors';
import { GrantRevokedError, ProviderError, refreshAccessToken, revokeToken, type ProviderConfig, type TokenSet } from './provider';

export interface GrantKey {
  instanceId: string;
  compId: string;
}

/** A row of the tokens table: ciphertext only. */
export interface GrantRow extends GrantKey {
  keyId: string;
  /** Null once the grant ended. */
  refreshTokenCiphertext: string | null;
  accessTokenCiphertext: string | null;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number | null;
  scope: string;
  /** When the provider stopped honouring the grant (milliseconds since the epoch); null while it works. */
  endedAt: number | null;
}

export interface GrantStore {
  get(key: GrantKey): Promise<GrantRow | null>;
  /** Inserts or replaces the widget's row. */
  put(row: GrantRow): Promise<void>;
  /** True when a row was deleted. */
  delete(key: GrantKey): Promise<boolean>;
  /**
   * Across the fleet (a shared database): takes the right to refresh the widget's access token for
   * `leaseMs`; false while another instance holds it. `put` gives it back. Without these, a store
   * serves one process, whose refreshes are already one at a time.
   */
  takeRefreshLease?(key: GrantKey, leaseMs: number): Promise<boolean>;
  releaseRefreshLease?(key: GrantKey): Promise<void>;
}

/** No drive is connected for this widget. */
export class NotConnectedError extends Error {
  constructor() {
    super('No drive account is connected.');
    this.name = 'NotConnectedError';
  }
}

export function memoryGrantStore(): GrantStore & { rows: Map<string, GrantRow> } {
  const rows = new Map<string, GrantRow>();
  const id = (k: GrantKey) => `${k.instanceId}\u0000${k.compId}`;
  return {
    rows,
    async get(key) {
      const row = rows.get(id(key));
      return row ? { ...row } : null;
    },
    async put(row) {
      rows.set(id(row), { ...row });
    },
    async delete(key) {
      return rows.delete(id(key));
    },
  };
}

export interface DriveGrantsDeps {
  store: GrantStore;
  cipher: TokenCipher;
  provider: ProviderConfig;
  now?: () => number;
  http?: CallOptions;
  /** Refresh this long before the access token expires. */
  refreshSkewMs?: number;
}

/** Longer than a refresh's longest call with its retries (resilientFetch's deadline). */
const REFRESH_LEASE_MS = 30_000;
const LEASE_POLL_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const associatedData = (key: GrantKey) => `drive-grant\u0000${key.instanceId}\u0000${key.compId}`;

export class DriveGrants {
  private readonly now: () => number;
  private readonly skew: number;
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(private readonly deps: DriveGrantsDeps) {
    this.now = deps.now ?? Date.now;
    this.skew = deps.refreshSkewMs ?? 60_000;
  }

  /** Stores a new grant from the code exchange (replacing any older one of the widget). */
  async connect(key: GrantKey, tokens: TokenSet): Promise<void> {
    if (!tokens.refreshToken) throw new ProviderError('The provider gave no refresh token (offline access was not granted).', 200, 'no_refresh_token');
    await this.write(key, tokens.refreshToken, tokens);
  }

  async isConnected(key: GrantKey): Promise<boolean> {
    const row = await this.deps.store.get(key);
    return row !== null && row.endedAt === null;
  }

  /** A valid access token, refreshed when it is about to expire. */
  async accessToken(key: GrantKey, forceRefresh = false): Promise<string> {
    const row = await this.deps.store.get(key);
    if (!row) throw new NotConnectedError();
    const refreshCiphertext = row.refreshTokenCiphertext;
    if (row.endedAt !== null || refreshCiphertext === null) throw new GrantRevokedError();
    if (!forceRefresh && row.accessTokenCiphertext && row.accessTokenExpiresAt !== null && row.accessTokenExpiresAt - this.skew > this.now()) {
      return this.open(key, row, row.accessTokenCiphertext);
    }
    const id = associatedData(key);
    let pending = this.refreshing.get(id);
    if (!pending) {
      pending = this.refresh(key, row, refreshCiphertext).finally(() => this.refreshing.delete(id));
      this.refreshing.set(id, pending);
    }
    return pending;
  }

  /**
   * Runs a drive call with the widget's access token. When the drive refuses the token, refreshes
   * once and tries again; a refused refresh ends in GrantRevokedError.
   */
  async withAccess<T>(key: GrantKey, run: (accessToken: string) => Promise<T>): Promise<T> {
    try {
      return await run(await this.accessToken(key));
    } catch (error) {
      if (!(error instanceof DriveAuthError)) throw error;
    }
    try {
      return await run(await this.accessToken(key, true));
    } catch (error) {
      if (error instanceof DriveAuthError) {
        await this.end(key);
        throw new GrantRevokedError('The drive keeps refusing this account: connect it again.');
      }
      throw error;
    }
  }

  /** Revokes the grant at the provider, then deletes the row. False when nothing was connected. */
  async disconnect(key: GrantKey): Promise<boolean> {
    const row = await this.deps.store.get(key);
    if (!row) return false;
    let refreshToken: string | null = null;
    try {
      if (row.refreshTokenCiphertext !== null) refreshToken = this.open(key, row, row.refreshTokenCiphertext);
    } catch (error) {
      // A row we cannot open cannot be revoked by us; the owner can still remove access in the account.
      if (!(error instanceof GrantRevokedError)) throw error;
    }
    if (refreshToken) await revokeToken(this.deps.provider, refreshToken, this.deps.http);
    return this.deps.store.delete(key);
  }

  /**
   * The widget is gone: revokes its grant when the provider answers, and deletes the row in any
   * case (a token nobody will use again is not worth keeping). Tells why a revocation failed.
   */
  async forget(key: GrantKey): Promise<{ revoked: boolean; problem: string | null }> {
    try {
      const revoked = await this.disconnect(key);
      return { revoked, problem: null };
    } catch (error) {
      await this.deps.store.delete(key);
      return { revoked: false, problem: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Refreshes the access token once across the fleet: another instance's refresh is waited for, not repeated. */
  private async refresh(key: GrantKey, row: GrantRow, refreshCiphertext: string): Promise<string> {
    const { store } = this.deps;
    if (store.takeRefreshLease) {
      const leased = await store.takeRefreshLease(key, REFRESH_LEASE_MS);
      const theirs = leased ? null : await this.awaitOtherRefresh(key, row);
      if (theirs !== null) return theirs;
      // The lease is ours, but another instance may have written its token (and given the lease
      // back) between our read of the row and our lease: that token is used, not refreshed again.
      const written = await this.tokenWrittenSince(key, row);
      if (written !== null) {
        await store.releaseRefreshLease?.(key).catch(() => undefined);
        return written;
      }
    }
    const refreshToken = this.open(key, row, refreshCiphertext);
    let tokens: TokenSet;
    try {
      tokens = await refreshAccessToken(this.deps.provider, refreshToken, this.now(), this.deps.http);
    } catch (error) {
      if (error instanceof GrantRevokedError) await this.end(key);
      else await store.releaseRefreshLease?.(key).catch(() => undefined);
      throw error;
    }
    await this.write(key, tokens.refreshToken ?? refreshToken, tokens);
    return tokens.accessToken;
  }

  /**
   * Another instance holds the refresh lease: waits for the token it writes. Null when this
   * instance got the lease instead (the other failed, or died and its lease ran out).
   */
  private async awaitOtherRefresh(key: GrantKey, seen: GrantRow): Promise<string | null> {
    for (;;) {
      await pause(LEASE_POLL_MS);
      const written = await this.tokenWrittenSince(key, seen);
      if (written !== null) return written;
      if (await this.deps.store.takeRefreshLease!(key, REFRESH_LEASE_MS)) return null;
    }
  }

  /** The access token another instance wrote since `seen` was read, or null. */
  private async tokenWrittenSince(key: GrantKey, seen: GrantRow): Promise<string | null> {
    const row = await this.deps.store.get(key);
    if (!row) throw new NotConnectedError();
    if (row.endedAt !== null) throw new GrantRevokedError();
    if (row.accessTokenCiphertext && row.accessTokenCiphertext !== seen.accessTokenCiphertext) return this.open(key, row, row.accessTokenCiphertext);
    return null;
  }

  private async write(key: GrantKey, refreshToken: string, tokens: TokenSet): Promise<void> {
    const ad = associatedData(key);
    const refresh = this.deps.cipher.seal(refreshToken, ad);
    const access = this.deps.cipher.seal(tokens.accessToken, ad);
    await this.deps.store.put({
      instanceId: key.instanceId,
      compId: key.compId,
      keyId: refresh.keyId,
      refreshTokenCiphertext: refresh.ciphertext,
      accessTokenCiphertext: access.ciphertext,
      accessTokenExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
      endedAt: null,
    });
  }

  /** Forgets the tokens of a grant the provider no longer honours, remembering that it ended. */
  private async end(key: GrantKey): Promise<void> {
    const row = await this.deps.store.get(key);
    if (!row) return;
    await this.deps.store.put({ ...row, refreshTokenCiphertext: null, accessTokenCiphertext: null, accessTokenExpiresAt: null, endedAt: this.now() });
  }

  private open(key: GrantKey, row: GrantRow, ciphertext: string): string {
    try {
      return this.deps.cipher.open({ keyId: row.keyId, ciphertext }, associatedData(key));
    } catch (error) {
      if (error instanceof SealedValueError) throw new GrantRevokedError('The stored drive access cannot be read with the configured keys: connect again.');
      throw error;
    }
  }
}

// Re-exported so callers need one import for the flow's errors.
export { GrantRevokedError };

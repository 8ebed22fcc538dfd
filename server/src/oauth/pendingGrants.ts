/**
 * Grants the provider gave in a sign-in popup, held until the panel that opened the popup claims
 * them (src/contract/connectCompletion.ts). The callback holds the tokens, sealed (AES-256-GCM, as a
 * widget's grant, with the completion's hash and the widget as associated data), under the SHA-256 of
 * a random completion code, for CONNECT_COMPLETION_LIFETIME_MS; the code goes to the popup's page
 * only. A claim takes the row in one statement (so a code works once across a fleet), and answers the
 * tokens only when the flow was begun for the claiming widget; a claim by another widget drops them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CONNECT_COMPLETION_LIFETIME_MS, isConnectCompletionText } from '#client/contract/connectCompletion';
import { SealedValueError, type TokenCipher } from '../crypto/tokenCipher';
import type { GrantKey } from './grants';
import { ProviderError, type TokenSet } from './provider';

/** A held grant as stored: ciphertext only. */
export interface PendingGrantRow extends GrantKey {
  /** SHA-256 of the completion code, base64url. */
  completionHash: string;
  keyId: string;
  refreshTokenCiphertext: string;
  accessTokenCiphertext: string;
  /** Milliseconds since the epoch. */
  accessTokenExpiresAt: number;
  scope: string;
  /** When the hold ends, milliseconds since the epoch. */
  expiresAt: number;
}

export interface PendingGrantStore {
  put(row: PendingGrantRow): Promise<void>;
  /** Removes and returns the row of that hash; null when there is none. */
  take(completionHash: string): Promise<PendingGrantRow | null>;
}

export function memoryPendingGrantStore(): PendingGrantStore & { rows: Map<string, PendingGrantRow> } {
  const rows = new Map<string, PendingGrantRow>();
  return {
    rows,
    async put(row) {
      rows.set(row.completionHash, { ...row });
    },
    async take(completionHash) {
      const row = rows.get(completionHash) ?? null;
      rows.delete(completionHash);
      return row;
    },
  };
}

const hashOf = (completion: string) => createHash('sha256').update(completion).digest('base64url');
const associatedData = (hash: string, key: GrantKey) => `drive-pending-grant\u0000${hash}\u0000${key.instanceId}\u0000${key.compId}`;

export class PendingGrants {
  private readonly now: () => number;

  constructor(private readonly deps: { store: PendingGrantStore; cipher: TokenCipher; now?: () => number }) {
    this.now = deps.now ?? Date.now;
  }

  /** Holds the tokens of a flow begun for `widget`; answers the completion code. */
  async hold(widget: GrantKey, tokens: TokenSet): Promise<string> {
    if (!tokens.refreshToken) throw new ProviderError('The provider gave no refresh token (offline access was not granted).', 200, 'no_refresh_token');
    const completion = randomBytes(32).toString('base64url');
    const hash = hashOf(completion);
    const ad = associatedData(hash, widget);
    const refresh = this.deps.cipher.seal(tokens.refreshToken, ad);
    const access = this.deps.cipher.seal(tokens.accessToken, ad);
    await this.deps.store.put({
      completionHash: hash,
      instanceId: widget.instanceId,
      compId: widget.compId,
      keyId: refresh.keyId,
      refreshTokenCiphertext: refresh.ciphertext,
      accessTokenCiphertext: access.ciphertext,
      accessTokenExpiresAt: tokens.expiresAt,
      scope: tokens.scope,
      expiresAt: this.now() + CONNECT_COMPLETION_LIFETIME_MS,
    });
    return completion;
  }

  /**
   * The tokens held under `completion`, once, when their flow was begun for `widget` and they are
   * still held; null otherwise (a code of another form, unknown, used, expired, or another widget's:
   * then dropped too).
   */
  async claim(completion: unknown, widget: GrantKey): Promise<TokenSet | null> {
    if (!isConnectCompletionText(completion)) return null;
    const hash = hashOf(completion);
    const row = await this.deps.store.take(hash);
    if (!row || row.expiresAt <= this.now() || row.instanceId !== widget.instanceId || row.compId !== widget.compId) return null;
    const ad = associatedData(hash, widget);
    const open = (ciphertext: string) => this.deps.cipher.open({ keyId: row.keyId, ciphertext }, ad);
    try {
      return {
        refreshToken: open(row.refreshTokenCiphertext),
        accessToken: open(row.accessTokenCiphertext),
        expiresAt: row.accessTokenExpiresAt,
        scope: row.scope,
      };
    } catch (error) {
      // Sealed under a key this server no longer has (dropped within the hold): as good as expired.
      if (error instanceof SealedValueError) return null;
      throw error;
    }
  }
}

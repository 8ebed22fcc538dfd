/**
 * The drive grants (`drive_tokens`), the pending authorizations (`oauth_pending`) and the grants
 * held for their panel (`oauth_pending_grants`) in SQL, the same statements on PostgreSQL and PGlite. The rows hold ciphertext only; sealing and opening
 * happen in `oauth/grants.ts`.
 */
import type { GrantKey, GrantRow, GrantStore } from '../oauth/grants';
import type { PendingGrantRow, PendingGrantStore } from '../oauth/pendingGrants';
import type { AuthorizationBinding, PendingAuthorizations } from '../oauth/state';

/** The one method of the database these stores use. */
export interface SqlQueryable {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

interface TokenRow {
  instance_id: string;
  comp_id: string;
  key_id: string;
  refresh_token_ciphertext: string | null;
  access_token_ciphertext: string | null;
  access_token_expires_at: Date | string | null;
  scope: string;
  ended_at: Date | string | null;
}

const millis = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());
const timestamp = (value: number | null): string | null => (value === null ? null : new Date(value).toISOString());

function toGrant(row: TokenRow): GrantRow {
  return {
    instanceId: row.instance_id,
    compId: row.comp_id,
    keyId: row.key_id,
    refreshTokenCiphertext: row.refresh_token_ciphertext,
    accessTokenCiphertext: row.access_token_ciphertext,
    accessTokenExpiresAt: millis(row.access_token_expires_at),
    scope: row.scope,
    endedAt: millis(row.ended_at),
  };
}

export function createDriveTokenStore(db: SqlQueryable): GrantStore {
  return {
    async get({ instanceId, compId }: GrantKey) {
      const rows = await db.query<TokenRow>('SELECT * FROM drive_tokens WHERE instance_id = $1 AND comp_id = $2', [instanceId, compId]);
      return rows[0] ? toGrant(rows[0]) : null;
    },
    async put(row: GrantRow) {
      await db.query(
        `INSERT INTO drive_tokens (instance_id, comp_id, key_id, refresh_token_ciphertext, access_token_ciphertext,
                                   access_token_expires_at, scope, ended_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $7, $8::timestamptz, now())
         ON CONFLICT (instance_id, comp_id) DO UPDATE SET
           key_id = EXCLUDED.key_id,
           refresh_token_ciphertext = EXCLUDED.refresh_token_ciphertext,
           access_token_ciphertext = EXCLUDED.access_token_ciphertext,
           access_token_expires_at = EXCLUDED.access_token_expires_at,
           scope = EXCLUDED.scope,
           ended_at = EXCLUDED.ended_at,
           refresh_lease_until = NULL,
           updated_at = now()`,
        [
          row.instanceId,
          row.compId,
          row.keyId,
          row.refreshTokenCiphertext,
          row.accessTokenCiphertext,
          timestamp(row.accessTokenExpiresAt),
          row.scope,
          timestamp(row.endedAt),
        ],
      );
    },
    async takeRefreshLease({ instanceId, compId }: GrantKey, leaseMs: number) {
      const rows = await db.query(
        `UPDATE drive_tokens SET refresh_lease_until = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE instance_id = $1 AND comp_id = $2 AND (refresh_lease_until IS NULL OR refresh_lease_until < clock_timestamp())
         RETURNING instance_id`,
        [instanceId, compId, leaseMs],
      );
      return rows.length > 0;
    },
    async releaseRefreshLease({ instanceId, compId }: GrantKey) {
      await db.query('UPDATE drive_tokens SET refresh_lease_until = NULL WHERE instance_id = $1 AND comp_id = $2', [instanceId, compId]);
    },
    async delete({ instanceId, compId }: GrantKey) {
      const rows = await db.query('DELETE FROM drive_tokens WHERE instance_id = $1 AND comp_id = $2 RETURNING instance_id', [instanceId, compId]);
      return rows.length > 0;
    },
  };
}

interface PendingRow {
  nonce: string;
  instance_id: string;
  comp_id: string;
  expires_at: Date | string;
}

export function createPendingAuthorizations(db: SqlQueryable): PendingAuthorizations {
  return {
    async add(binding: AuthorizationBinding) {
      await db.query('DELETE FROM oauth_pending WHERE expires_at < now()');
      await db.query('INSERT INTO oauth_pending (nonce, instance_id, comp_id, expires_at) VALUES ($1, $2, $3, $4::timestamptz)', [
        binding.nonce,
        binding.instanceId,
        binding.compId,
        new Date(binding.expiresAt).toISOString(),
      ]);
    },
    async take(nonce: string, now: number) {
      const rows = await db.query<PendingRow>('DELETE FROM oauth_pending WHERE nonce = $1 RETURNING *', [nonce]);
      const row = rows[0];
      if (!row) return null;
      const expiresAt = new Date(row.expires_at).getTime();
      return expiresAt > now ? { nonce: row.nonce, instanceId: row.instance_id, compId: row.comp_id, expiresAt } : null;
    },
  };
}

interface PendingGrantSqlRow {
  completion_hash: string;
  instance_id: string;
  comp_id: string;
  key_id: string;
  refresh_token_ciphertext: string;
  access_token_ciphertext: string;
  access_token_expires_at: Date | string;
  expires_at: Date | string;
  scope: string;
}

/** Grants held for the panel that opened their popup (`oauth_pending_grants`), ciphertext only. */
export function createPendingGrantStore(db: SqlQueryable): PendingGrantStore {
  return {
    async put(row: PendingGrantRow) {
      await db.query('DELETE FROM oauth_pending_grants WHERE expires_at < now()');
      await db.query(
        `INSERT INTO oauth_pending_grants (completion_hash, instance_id, comp_id, key_id, refresh_token_ciphertext,
                                           access_token_ciphertext, access_token_expires_at, scope, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9::timestamptz)`,
        [
          row.completionHash,
          row.instanceId,
          row.compId,
          row.keyId,
          row.refreshTokenCiphertext,
          row.accessTokenCiphertext,
          timestamp(row.accessTokenExpiresAt),
          row.scope,
          timestamp(row.expiresAt),
        ],
      );
    },
    async take(completionHash: string) {
      const [row] = await db.query<PendingGrantSqlRow>('DELETE FROM oauth_pending_grants WHERE completion_hash = $1 RETURNING *', [completionHash]);
      if (!row) return null;
      return {
        completionHash: row.completion_hash,
        instanceId: row.instance_id,
        compId: row.comp_id,
        keyId: row.key_id,
        refreshTokenCiphertext: row.refresh_token_ciphertext,
        accessTokenCiphertext: row.access_token_ciphertext,
        accessTokenExpiresAt: new Date(row.access_token_expires_at).getTime(),
        scope: row.scope,
        expiresAt: new Date(row.expires_at).getTime(),
      };
    },
  };
}

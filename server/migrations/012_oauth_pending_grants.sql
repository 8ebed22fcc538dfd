-- Drive grants given in a sign-in popup and not yet claimed by the panel that opened it (see
-- server/src/oauth/pendingGrants.ts): ciphertext only, under the SHA-256 of the one-time completion
-- code that only the popup's page holds. A claim deletes the row (one use across the fleet); rows
-- expire after ten minutes and are swept on the next hold.
CREATE TABLE oauth_pending_grants (
  completion_hash          text PRIMARY KEY,
  instance_id              text NOT NULL,
  comp_id                  text NOT NULL,
  key_id                   text NOT NULL,
  refresh_token_ciphertext text NOT NULL,
  access_token_ciphertext  text NOT NULL,
  access_token_expires_at  timestamptz NOT NULL,
  scope                    text NOT NULL,
  expires_at               timestamptz NOT NULL
);

CREATE INDEX oauth_pending_grants_expires_at ON oauth_pending_grants (expires_at);

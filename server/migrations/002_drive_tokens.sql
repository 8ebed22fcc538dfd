-- The drive grant of each widget: ciphertext only (AES-256-GCM, see server/src/crypto/tokenCipher.ts),
-- `key_id` naming the key both values were sealed with so keys can rotate. A grant the provider no
-- longer honours keeps its row without ciphertext and with `ended_at`, so the panel keeps saying
-- "connect again" until the owner connects again or disconnects.
CREATE TABLE drive_tokens (
  instance_id              text NOT NULL,
  comp_id                  text NOT NULL,
  key_id                   text NOT NULL,
  refresh_token_ciphertext text,
  access_token_ciphertext  text,
  access_token_expires_at  timestamptz,
  scope                    text NOT NULL,
  ended_at                 timestamptz,
  updated_at               timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (instance_id, comp_id),
  CHECK (ended_at IS NOT NULL OR refresh_token_ciphertext IS NOT NULL)
);

-- Authorizations started by the authenticate route and not yet finished by the callback: the
-- state's nonce, taken (deleted) by the callback, so a state works once.
CREATE TABLE oauth_pending (
  nonce       text PRIMARY KEY,
  instance_id text NOT NULL,
  comp_id     text NOT NULL,
  expires_at  timestamptz NOT NULL
);

CREATE INDEX oauth_pending_expires_at ON oauth_pending (expires_at);

/**
 * The OAuth `state`: `<payload>.<signature>`, the payload base64url JSON naming the instance, the
 * widget's component, a random nonce and an expiry; the signature an HMAC-SHA256 of the payload
 * under a key derived from the app secret. The PKCE code verifier is derived from the same secret
 * and the nonce, so nothing secret travels through the browser and nothing but the nonce is kept
 * between the authenticate route and the callback.
 *
 * A state is single-use: the authenticate route records its nonce as pending, the callback takes it
 * (a second callback with the same state finds nothing and is refused).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface StatePayload {
  /** The instance id from the verified `instance` parameter. */
  i: string;
  /** The widget's component id. */
  c: string;
  /** Random, single-use. */
  n: string;
  /** Expiry, milliseconds since the epoch. */
  e: number;
}

export interface AuthorizationBinding {
  instanceId: string;
  compId: string;
  nonce: string;
  expiresAt: number;
}

export type StateProblem = 'malformed' | 'forged' | 'expired' | 'replayed';

export class OAuthStateError extends Error {
  constructor(
    readonly problem: StateProblem,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthStateError';
  }
}

export const STATE_LIFETIME_MS = 10 * 60 * 1000;

/** A key for one purpose, derived from the app secret (so no two purposes share one). */
export function derivedKey(appSecret: string, purpose: string): Buffer {
  return createHmac('sha256', appSecret).update(`drive-file-widget/${purpose}`).digest();
}

function sign(appSecret: string, payload: string): Buffer {
  return createHmac('sha256', derivedKey(appSecret, 'oauth-state')).update(payload).digest();
}

export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** Builds a signed state for one authorization. */
export function createState(appSecret: string, binding: AuthorizationBinding): string {
  const payload: StatePayload = { i: binding.instanceId, c: binding.compId, n: binding.nonce, e: binding.expiresAt };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${sign(appSecret, encoded).toString('base64url')}`;
}

function isPayload(value: unknown): value is StatePayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.i === 'string' && typeof p.c === 'string' && typeof p.n === 'string' && p.n !== '' && typeof p.e === 'number';
}

/**
 * Checks the signature (in constant time, before decoding anything) and the expiry. It does not
 * check single use: the caller takes the nonce from its pending store.
 */
export function verifyState(appSecret: string, state: string, now: number): AuthorizationBinding {
  const parts = state.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw new OAuthStateError('malformed', 'The state is not a signed value.');
  const [encoded, signature] = parts as [string, string];
  const expected = sign(appSecret, encoded);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new OAuthStateError('forged', 'The state signature does not match.');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new OAuthStateError('malformed', 'The state payload is not JSON.');
  }
  if (!isPayload(payload)) throw new OAuthStateError('malformed', 'The state payload lacks its fields.');
  if (payload.e <= now) throw new OAuthStateError('expired', 'The authorization took too long; start again.');
  return { instanceId: payload.i, compId: payload.c, nonce: payload.n, expiresAt: payload.e };
}

/** PKCE (RFC 7636): the verifier for a nonce (43 characters of base64url) and its S256 challenge. */
export function codeVerifierFor(appSecret: string, nonce: string): string {
  return createHmac('sha256', derivedKey(appSecret, 'pkce')).update(nonce).digest('base64url');
}

export function codeChallengeFor(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Where pending nonces live between the authenticate route and the callback. */
export interface PendingAuthorizations {
  add(binding: AuthorizationBinding): Promise<void>;
  /** Removes and returns the pending authorization with that nonce; null when there is none (used or never issued). */
  take(nonce: string, now: number): Promise<AuthorizationBinding | null>;
}

export function memoryPendingAuthorizations(): PendingAuthorizations {
  const pending = new Map<string, AuthorizationBinding>();
  return {
    async add(binding) {
      pending.set(binding.nonce, { ...binding });
    },
    async take(nonce, now) {
      const found = pending.get(nonce);
      pending.delete(nonce);
      for (const [n, b] of pending) if (b.expiresAt <= now) pending.delete(n);
      return found && found.expiresAt > now ? found : null;
    },
  };
}

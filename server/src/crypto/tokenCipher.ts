/**
 * Sealing drive tokens at rest: AES-256-GCM with a random 96-bit IV per value, the grant's owner
 * (instance id and component id) as additional authenticated data, so a sealed value copied onto
 * another row does not open. Every sealed value names the key it was sealed with, so keys can
 * rotate: new values use the current key, values under a previous key still open and are resealed
 * on their next write.
 *
 * Keys come from the environment:
 *   TOKEN_KEY           `<keyId>:<32 bytes as base64 or hex>` (the current key), or the bare key
 *                       (its id is then derived from it).
 *   TOKEN_KEY_PREVIOUS  earlier keys in the same form, comma separated (may be empty).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface TokenKey {
  id: string;
  key: Buffer;
}

export interface SealedValue {
  keyId: string;
  /** base64url of IV (12 bytes) ‖ auth tag (16 bytes) ‖ ciphertext. */
  ciphertext: string;
}

export class TokenKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenKeyError';
  }
}

/** A sealed value that does not open: unknown key, altered bytes, or another row's value. */
export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function decodeKeyMaterial(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32) throw new TokenKeyError('A token key must be 32 bytes, written as base64 or as 64 hex digits.');
  return bytes;
}

/** Reads one key: `id:material` or bare material (id = first 8 hex digits of its SHA-256). */
export function parseTokenKey(text: string): TokenKey {
  const colon = text.indexOf(':');
  if (colon < 0) {
    const key = decodeKeyMaterial(text);
    return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
  }
  const id = text.slice(0, colon).trim();
  if (!KEY_ID_PATTERN.test(id)) throw new TokenKeyError(`A token key id must be 1-32 letters, digits, "-" or "_", got "${id}".`);
  return { id, key: decodeKeyMaterial(text.slice(colon + 1)) };
}

export class TokenCipher {
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly current: TokenKey,
    previous: readonly TokenKey[] = [],
  ) {
    for (const k of [current, ...previous]) {
      if (this.keys.has(k.id)) throw new TokenKeyError(`Two token keys share the id "${k.id}".`);
      this.keys.set(k.id, k.key);
    }
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: string, associatedData: string): SealedValue {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return { keyId: this.current.id, ciphertext: Buffer.concat([iv, tag, body]).toString('base64url') };
  }

  open(sealed: SealedValue, associatedData: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new SealedValueError(`No token key with id "${sealed.keyId}" is configured.`);
    const bytes = Buffer.from(sealed.ciphertext, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedValueError('The sealed value is too short.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('The sealed value does not open with its key (altered, or sealed for another row).');
    }
  }

  /** True when the value was sealed with a key other than the current one. */
  isStale(sealed: SealedValue): boolean {
    return sealed.keyId !== this.current.id;
  }
}

/** A fixed key for local development only: values sealed with it are not secret. */
export const DEVELOPMENT_TOKEN_KEY = 'dev:' + Buffer.alloc(32, 7).toString('base64');

export interface TokenKeyEnv {
  TOKEN_KEY?: string;
  TOKEN_KEY_PREVIOUS?: string;
  NODE_ENV?: string;
}

/** The cipher the environment describes. Outside development a missing TOKEN_KEY is an error. */
export function tokenCipherFromEnv(env: TokenKeyEnv, development: boolean): TokenCipher {
  const raw = env.TOKEN_KEY?.trim();
  if (!raw && !development) {
    throw new TokenKeyError('TOKEN_KEY is not set: give 32 random bytes as base64, e.g. `openssl rand -base64 32`, optionally prefixed by a key id and ":".');
  }
  const current = parseTokenKey(raw || DEVELOPMENT_TOKEN_KEY);
  const previous = (env.TOKEN_KEY_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(parseTokenKey);
  return new TokenCipher(current, previous);
}

/**
 * The secrets production refuses to start with: the public development values (anyone can read
 * them in the source) and an APP_SECRET too short to resist guessing. Development takes any.
 */
import { DEVELOPMENT_TOKEN_KEY, parseTokenKey } from './crypto/tokenCipher';
import { DEV_APP_SECRET } from './devSecret';

/** The shortest APP_SECRET production takes, in bytes (UTF-8). */
export const MIN_APP_SECRET_BYTES = 32;

/** What is wrong with `secret` as the production APP_SECRET, or null. */
export function appSecretProblem(secret: string): string | null {
  if (secret === DEV_APP_SECRET) return 'APP_SECRET is the public development secret; set the real one.';
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < MIN_APP_SECRET_BYTES) {
    return `APP_SECRET is ${bytes} bytes long; outside development it must be at least ${MIN_APP_SECRET_BYTES} bytes (the platform's app secret is).`;
  }
  return null;
}

/**
 * What is wrong with `raw` as the production TOKEN_KEY, or null. The development key is found by
 * its key material, so another key id or encoding does not hide it. A key that does not parse is
 * left to the cipher's own check.
 */
export function tokenKeyProblem(raw: string): string | null {
  let material: Buffer;
  try {
    material = parseTokenKey(raw).key;
  } catch {
    return null;
  }
  if (!material.equals(parseTokenKey(DEVELOPMENT_TOKEN_KEY).key)) return null;
  return 'TOKEN_KEY is the public development key (anyone can read it in the source); give 32 random bytes of your own, e.g. `openssl rand -base64 32`.';
}

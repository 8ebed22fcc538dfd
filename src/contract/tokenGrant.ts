/**
 * What an answer of the platform's token-info endpoint grants (platform-notes, "Backend check of
 * an access token"). The server asks token-info about the `Authorization` token and Mirage plays
 * it; both decide with `grantOf`, the one rule:
 *
 * - The answer is hostile: its shape is checked first (`active` a boolean, `exp` a number of
 *   seconds since the epoch); a shape refused is `malformed_token_info`, a fault of token-info.
 * - `active` must be true, `exp` in the future, `clientId` the app's id (`APP_ID`), and
 *   `instanceId` present and storable (the site the settings are kept for).
 * - The site's owner is a token of subject type `USER`: the platform issues it to a signed-in
 *   account editing the site, in the editor. A visitor's token is `VISITOR`, a site member's
 *   `MEMBER`; those, and `APP` or `UNKNOWN`, read only what a visitor may.
 */
import * as v from 'valibot';
import { isStorableId } from './text';

/** The raw access token of `Authorization` (no `Bearer`): 1–4096 printable ASCII characters. */
export function isAccessTokenText(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]{1,4096}$/.test(value);
}

/** The subject type of the owner's token (in the editor). */
export const OWNER_SUBJECT_TYPE = 'USER';

export type TokenRefusal = 'malformed_token_info' | 'inactive_token' | 'expired_token' | 'wrong_app' | 'no_instance';

export interface TokenVerdict {
  ok: true;
  instanceId: string;
  isOwner: boolean;
  /** When the verdict stops holding (the token's `exp`), in ms since the epoch. */
  expiresAt: number;
}
export type TokenGrant = TokenVerdict | { ok: false; error: TokenRefusal; message: string };

/** The fields the rule reads; anything else of the answer is ignored. */
export const tokenInfoSchema = v.object({
  active: v.boolean(),
  exp: v.pipe(v.number(), v.finite()),
  subjectType: v.optional(v.unknown()),
  clientId: v.optional(v.unknown()),
  instanceId: v.optional(v.unknown()),
});

const refuse = (error: TokenRefusal, message: string): TokenGrant => ({ ok: false, error, message });

/** The verdict on a token-info `answer` for the app `appId` at `now` (ms since the epoch). */
export function grantOf(answer: unknown, appId: string, now: number): TokenGrant {
  const parsed = v.safeParse(tokenInfoSchema, answer);
  if (!parsed.success) return refuse('malformed_token_info', 'The token check answered in an unknown shape.');
  const info = parsed.output;
  if (!info.active) return refuse('inactive_token', 'The access token is no longer active.');
  const expiresAt = info.exp * 1000;
  if (expiresAt <= now) return refuse('expired_token', 'The access token has expired; reload the page.');
  if (appId === '' || info.clientId !== appId) return refuse('wrong_app', 'The access token was issued to another app.');
  if (!isStorableId(info.instanceId)) return refuse('no_instance', 'The access token names no site.');
  return { ok: true, instanceId: info.instanceId, isOwner: info.subjectType === OWNER_SUBJECT_TYPE, expiresAt };
}

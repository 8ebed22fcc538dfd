/**
 * The platform's signed `instance` (platform-notes): `<signature>.<payload>`, both base64url,
 * the signature being HMAC-SHA256(app secret, payload as received). The signature is checked, in
 * constant time, before anything of the payload is decoded. A server checks instances through an
 * `instanceVerifier`, which spares a repeated check of the very same string (not its age).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { FORGED_INSTANCE } from '#client/contract/issues';
import { instanceIdSchema } from '#client/contract/schemas';
import { LruCache, stringBytes } from '../lruCache';

export interface VerifiedInstance {
  instanceId: string;
  /** The site's owner (permissions 'OWNER'): the only one who may write. */
  isOwner: boolean;
}

export type InstanceError = 'missing_instance' | 'invalid_instance' | 'expired_instance';
/** A refusal is a 401, but 400 for a validly signed instance whose id could not be stored. */
export type InstanceCheck = { ok: true; instance: VerifiedInstance } | { ok: false; error: InstanceError; message: string; status?: 400 };

export interface InstanceRules {
  secret: string;
  /** 0: no age limit. */
  maxAgeSeconds: number;
  now?: () => number;
  /** The memory an `instanceVerifier` may spend on the instances it remembers (default VERIFIED_INSTANCES_BYTES). */
  verifiedBytes?: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_LENGTH = 4096;
/** Clock skew allowed for a signDate in the future. */
const FUTURE_SKEW_MS = 5 * 60_000;

type Refusal = Extract<InstanceCheck, { ok: false }>;
const invalid = (message: string): Refusal => ({ ok: false, error: 'invalid_instance', message });

export function signPayload(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** What a validly signed instance says; its age is checked again at each use. */
interface SignedInstance {
  instance: VerifiedInstance;
  /** signDate in ms since the epoch; NaN when it has none or it is not a date. */
  signedAt: number;
}

type SignatureCheck = { ok: true; signed: SignedInstance } | Refusal;

/** The signature, then the payload's shape: everything of the check but the instance's age. */
function checkSigned(raw: string | null | undefined, secret: string): SignatureCheck {
  if (!raw) return { ok: false, error: 'missing_instance', message: 'The request carries no instance.' };
  if (raw.length > MAX_LENGTH) return invalid('The instance is too long.');
  const dot = raw.indexOf('.');
  const signature = raw.slice(0, dot);
  const payload = raw.slice(dot + 1);
  if (dot < 0 || !BASE64URL.test(signature) || !BASE64URL.test(payload)) return invalid('The instance is not <signature>.<payload>.');

  const expected = signPayload(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  // Base64 leaves the last character's low bits unread: only the one spelling of the bytes is taken,
  // so no second string passes for a signed one.
  if (given.toString('base64url') !== signature) return invalid(FORGED_INSTANCE.message);
  // The length of an HMAC-SHA256 is public; only the bytes are compared in constant time.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid(FORGED_INSTANCE.message);

  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return invalid('The instance payload is not JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return invalid('The instance payload is not an object.');
  const fields = data as Record<string, unknown>;
  const { instanceId, signDate } = fields;
  if (typeof instanceId !== 'string' || instanceId === '') return invalid('The instance has no instanceId.');
  const id = v.safeParse(instanceIdSchema, instanceId);
  if (!id.success) return { ok: false, error: 'invalid_instance', status: 400, message: `querystring/instance: its instanceId ${id.issues[0].message}.` };
  const signedAt = typeof signDate === 'string' ? Date.parse(signDate) : NaN;
  return { ok: true, signed: { instance: { instanceId, isOwner: fields.permissions === 'OWNER' }, signedAt } };
}

function checkAge({ instance, signedAt }: SignedInstance, rules: InstanceRules): InstanceCheck {
  if (rules.maxAgeSeconds <= 0) return { ok: true, instance };
  if (!Number.isFinite(signedAt)) return invalid('The instance has no valid signDate.');
  const now = (rules.now ?? Date.now)();
  if (signedAt > now + FUTURE_SKEW_MS) return invalid('The instance is signed in the future.');
  if (now - signedAt > rules.maxAgeSeconds * 1000) return { ok: false, error: 'expired_instance', message: 'The instance has expired; reload the page.' };
  return { ok: true, instance };
}

export function verifyInstance(raw: string | null | undefined, rules: InstanceRules): InstanceCheck {
  const signed = checkSigned(raw, rules.secret);
  return signed.ok ? checkAge(signed.signed, rules) : signed;
}

export type InstanceVerifier = (raw: string | null | undefined) => InstanceCheck;

/** How many validly signed instances a verifier remembers (each at most MAX_LENGTH characters). */
export const VERIFIED_INSTANCES_KEPT = 1_000;
/** The memory a verifier spends on them by default (INSTANCE_CACHE_BYTES). */
export const VERIFIED_INSTANCES_BYTES = 2 * 1024 * 1024;
/** What one remembered instance costs beside its strings (the map's entry, the objects). */
const ENTRY_BYTES = 200;

const signedBytes = (signed: SignedInstance, raw: string) => stringBytes(raw) + stringBytes(signed.instance.instanceId) + ENTRY_BYTES;

/**
 * verifyInstance for `rules`, sparing the signature's check of an instance seen before: it
 * remembers what the last `kept` validly signed instances said (within `rules.verifiedBytes`), each
 * under the exact string that was verified, so only that very string finds it again (any other one,
 * a forged one included, is verified in full). An instance's age is checked again at every use. The
 * least recently used leaves first.
 */
export function instanceVerifier(rules: InstanceRules, kept = VERIFIED_INSTANCES_KEPT): InstanceVerifier {
  const verified = new LruCache<SignedInstance>({ maxEntries: kept, maxBytes: rules.verifiedBytes ?? VERIFIED_INSTANCES_BYTES, sizeOf: signedBytes });
  return (raw) => {
    const known = raw ? verified.get(raw) : undefined;
    if (known) return checkAge(known, rules);
    const signed = checkSigned(raw, rules.secret);
    if (!signed.ok) return signed;
    verified.set(raw as string, signed.signed);
    return checkAge(signed.signed, rules);
  };
}

/**
 * The platform's signed `instance` (platform-notes): `<signature>.<payload>`, both base64url,
 * the signature being HMAC-SHA256(app secret, payload as received). The signature is checked, in
 * constant time, before anything of the payload is decoded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { FORGED_INSTANCE } from '../../../src/contract/issues';
import { instanceIdSchema } from '../../../src/contract/schemas';

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
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_LENGTH = 4096;
/** Clock skew allowed for a signDate in the future. */
const FUTURE_SKEW_MS = 5 * 60_000;

const invalid = (message: string): InstanceCheck => ({ ok: false, error: 'invalid_instance', message });

export function signPayload(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function verifyInstance(raw: string | null | undefined, rules: InstanceRules): InstanceCheck {
  if (!raw) return { ok: false, error: 'missing_instance', message: 'The request carries no instance.' };
  if (raw.length > MAX_LENGTH) return invalid('The instance is too long.');
  const dot = raw.indexOf('.');
  const signature = raw.slice(0, dot);
  const payload = raw.slice(dot + 1);
  if (dot < 0 || !BASE64URL.test(signature) || !BASE64URL.test(payload)) return invalid('The instance is not <signature>.<payload>.');

  const expected = signPayload(payload, rules.secret);
  const given = Buffer.from(signature, 'base64url');
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
  const { instanceId } = fields;
  if (typeof instanceId !== 'string' || instanceId === '') return invalid('The instance has no instanceId.');
  const id = v.safeParse(instanceIdSchema, instanceId);
  if (!id.success) return { ok: false, error: 'invalid_instance', status: 400, message: `querystring/instance: its instanceId ${id.issues[0].message}.` };

  const age = checkAge(fields.signDate, rules);
  if (age) return age;
  return { ok: true, instance: { instanceId, isOwner: fields.permissions === 'OWNER' } };
}

function checkAge(signDate: unknown, rules: InstanceRules): InstanceCheck | null {
  if (rules.maxAgeSeconds <= 0) return null;
  const signed = typeof signDate === 'string' ? Date.parse(signDate) : NaN;
  if (!Number.isFinite(signed)) return invalid('The instance has no valid signDate.');
  const now = (rules.now ?? Date.now)();
  if (signed > now + FUTURE_SKEW_MS) return invalid('The instance is signed in the future.');
  if (now - signed > rules.maxAgeSeconds * 1000) return { ok: false, error: 'expired_instance', message: 'The instance has expired; reload the page.' };
  return null;
}

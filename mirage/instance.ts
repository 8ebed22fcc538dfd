/**
 * The platform's `instance` parameter: `<signature>.<payload>`, the payload being base64url JSON
 * without padding. The mock does not check the signature (it has no app secret); it only decodes.
 */

export interface InstancePayload {
  instanceId?: string;
  permissions?: string;
  [field: string]: unknown;
}

export interface DecodedInstance {
  /** The payload's instanceId, or 'local' when the instance is empty or cannot be decoded. */
  instanceId: string;
  /** Only a payload with permissions 'OWNER': a page without an instance is a visitor. */
  isOwner: boolean;
  payload: InstancePayload | null;
}

export const LOCAL_INSTANCE_ID = 'local';

function utf8ToBinary(text: string): string {
  return encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function binaryToUtf8(binary: string): string {
  let escaped = '';
  for (let i = 0; i < binary.length; i += 1) {
    escaped += `%${binary.charCodeAt(i).toString(16).padStart(2, '0')}`;
  }
  return decodeURIComponent(escaped);
}

export function base64UrlEncode(text: string): string {
  return btoa(utf8ToBinary(text)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on anything that is not base64url of UTF-8 text. */
export function base64UrlDecode(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return binaryToUtf8(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
}

export function decodeInstance(instance: string | null | undefined): DecodedInstance {
  if (!instance) return { instanceId: LOCAL_INSTANCE_ID, isOwner: false, payload: null };
  const dot = instance.indexOf('.');
  if (dot < 0) return { instanceId: LOCAL_INSTANCE_ID, isOwner: false, payload: null };
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(instance.slice(dot + 1)));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('not an object');
    const p = payload as InstancePayload;
    const instanceId = typeof p.instanceId === 'string' && p.instanceId !== '' ? p.instanceId : LOCAL_INSTANCE_ID;
    return { instanceId, isOwner: p.permissions === 'OWNER', payload: p };
  } catch {
    return { instanceId: LOCAL_INSTANCE_ID, isOwner: false, payload: null };
  }
}

/** Builds an instance string the way the platform shapes it (with a fake signature), for dev pages and tests. */
export function encodeInstance(payload: InstancePayload, signature = 'mock-signature'): string {
  return `${base64UrlEncode(signature)}.${base64UrlEncode(JSON.stringify(payload))}`;
}

/**
 * Where a widget's settings live: the instance plus the widget's component id. The settings panel's
 * own compId is 'tpaSettings' and it carries the widget's id as origCompId, hence `origCompId || compId`.
 */
export function settingsKey(instanceId: string, compId: string | null, origCompId: string | null): string {
  return `${instanceId}:${origCompId || compId || ''}`;
}

/**
 * The platform's signed `instance` query value: `<signature>.<payload>`, where payload is
 * base64url JSON (UTF-8, no padding) and signature is base64url(HMAC-SHA256(app secret, payload
 * string)). The pages only pass it through; this is the one definition for the code that makes or
 * reads one: the backends (the server, and the mock drive in mirage/) and the local stage.
 */

export interface InstancePayload {
  instanceId: string;
  signDate: string;
  uid: string;
  permissions: 'OWNER' | string;
  vendorProductId: string | null;
  demoMode: boolean;
  siteOwnerId: string;
  /** Anonymous visitor id, for visitors only. */
  aid?: string;
}

/** A payload as read from the wire: any JSON object, its fields unchecked. */
export type RawInstancePayload = Partial<InstancePayload> & Record<string, unknown>;

/** UTF-8 bytes of `text`, one char per byte (btoa's input); no TextEncoder needed. */
function utf8ToBinary(text: string): string {
  return encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function binaryToUtf8(binary: string): string {
  let escaped = '';
  for (let i = 0; i < binary.length; i += 1) escaped += `%${binary.charCodeAt(i).toString(16).padStart(2, '0')}`;
  return decodeURIComponent(escaped);
}

const toBase64Url = (binary: string): string => btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function base64UrlEncodeBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return toBase64Url(binary);
}

export function base64UrlEncodeText(text: string): string {
  return toBase64Url(utf8ToBinary(text));
}

/** Throws on anything that is not base64url of UTF-8 text. */
export function base64UrlDecodeText(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  return binaryToUtf8(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
}

/** The payload part of an instance: base64url of the payload's JSON. */
export function encodeInstancePayload(payload: object): string {
  return base64UrlEncodeText(JSON.stringify(payload));
}

/** The payload of `instance` (signature not checked), or null when it is not `sig.base64url(JSON object)`. */
export function readInstancePayload(instance: string): RawInstancePayload | null {
  const dot = instance.indexOf('.');
  if (dot < 0) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecodeText(instance.slice(dot + 1)));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as RawInstancePayload) : null;
  } catch {
    return null;
  }
}

/** Signs `payload` the platform's way. Needs WebCrypto (`crypto.subtle`): browsers, Node ≥ 20. */
export async function signInstance(payload: object, secret: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  const encoder = new TextEncoder();
  const encodedPayload = encodeInstancePayload(payload);
  const key = await subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(encodedPayload)));
  return `${base64UrlEncodeBytes(signature)}.${encodedPayload}`;
}

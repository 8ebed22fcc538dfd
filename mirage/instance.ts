/**
 * The platform's `instance` parameter: `<signature>.<payload>`, the payload being base64url JSON
 * without padding (codec: src/api/instance.ts). The mock does not check the signature (it has no
 * app secret); it only decodes.
 */
import { base64UrlEncodeText, encodeInstancePayload, readInstancePayload, type RawInstancePayload } from '../src/api/instance';

export interface DecodedInstance {
  /** The payload's instanceId, or 'local' when the instance is empty or cannot be decoded. */
  instanceId: string;
  /** Only a payload with permissions 'OWNER': a page without an instance is a visitor. */
  isOwner: boolean;
  payload: RawInstancePayload | null;
}

export const LOCAL_INSTANCE_ID = 'local';

export function decodeInstance(instance: string | null | undefined): DecodedInstance {
  if (!instance) return { instanceId: LOCAL_INSTANCE_ID, isOwner: false, payload: null };
  const p = readInstancePayload(instance);
  if (!p) return { instanceId: LOCAL_INSTANCE_ID, isOwner: false, payload: null };
  const instanceId = typeof p.instanceId === 'string' && p.instanceId !== '' ? p.instanceId : LOCAL_INSTANCE_ID;
  return { instanceId, isOwner: p.permissions === 'OWNER', payload: p };
}

/** Builds an instance string the way the platform shapes it (with a fake signature), for dev pages and tests. */
export function encodeInstance(payload: RawInstancePayload, signature = 'mock-signature'): string {
  return `${base64UrlEncodeText(signature)}.${encodeInstancePayload(payload)}`;
}

/** Where a widget's settings live: the instance plus the widget's id (the contract's widgetIdOf). */
export function settingsKey(instanceId: string, widgetId: string | null): string {
  return `${instanceId}:${widgetId ?? ''}`;
}

/** Signed instances for tests, made the platform's way (platform-notes: the instance parameter). */
import { signPayload } from '../../src/http/instance';

export const TEST_SECRET = 'test-app-secret-5c1d9e-of-32-bytes-or-more';

export interface TestPayload {
  instanceId?: string;
  permissions?: string;
  signDate?: string;
  [field: string]: unknown;
}

export const ownerPayload = (over: TestPayload = {}): TestPayload => ({
  instanceId: 'site-1',
  signDate: new Date().toISOString(),
  uid: 'user-1',
  permissions: 'OWNER',
  vendorProductId: null,
  demoMode: false,
  siteOwnerId: 'user-1',
  ...over,
});

export const visitorPayload = (over: TestPayload = {}): TestPayload => {
  const { uid: _uid, ...rest } = ownerPayload({ permissions: '', aid: 'anon-7', ...over });
  return rest;
};

export function encodePayload(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

export function sign(payload: unknown, secret = TEST_SECRET): string {
  const encoded = encodePayload(payload);
  return `${signPayload(encoded, secret).toString('base64url')}.${encoded}`;
}

export const ownerInstance = (over?: TestPayload) => sign(ownerPayload(over));
export const visitorInstance = (over?: TestPayload) => sign(visitorPayload(over));

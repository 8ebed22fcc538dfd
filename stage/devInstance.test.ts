/**
 * @jest-environment node
 */
// WebCrypto and TextEncoder are Node's here: jsdom's test window has neither.
import { DEV_APP_SECRET, DEV_INSTANCE, DEV_INSTANCE_PAYLOAD, signInstance } from './devInstance';

describe('dev instance', () => {
  it('is the payload signed with the dev secret (HMAC-SHA256, base64url)', async () => {
    expect(await signInstance({ ...DEV_INSTANCE_PAYLOAD }, DEV_APP_SECRET)).toBe(DEV_INSTANCE);
    expect(await signInstance({ ...DEV_INSTANCE_PAYLOAD }, 'another secret')).not.toBe(DEV_INSTANCE);
  });

  it('carries an owner payload as unpadded base64url JSON', () => {
    const [signature, payload, extra] = DEV_INSTANCE.split('.');
    expect(extra).toBeUndefined();
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as unknown;
    expect(decoded).toEqual({ ...DEV_INSTANCE_PAYLOAD });
    expect(decoded).toMatchObject({ permissions: 'OWNER', vendorProductId: null, demoMode: false });
  });
});

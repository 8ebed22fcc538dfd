/**
 * The signed `instance` query value the local stage hands to its frames, shaped like the
 * platform's: `<signature>.<payload>`, where payload is base64url JSON (no padding) and signature
 * is base64url(HMAC-SHA256(app secret, payload string)).
 *
 * DEV_INSTANCE is precomputed (so the stage can build its iframe URLs synchronously) from
 * DEV_INSTANCE_PAYLOAD with DEV_APP_SECRET; `signInstance` recomputes it with WebCrypto and a
 * test checks that both agree. The secret is a public, local-development value: a mock backend may
 * verify with it; a real server must use the app's real secret and never this one.
 */

import type { InstancePayload } from '../src/api/instance';

export { signInstance } from '../src/api/instance';

/** The public development secret; the server owns it, as it must refuse it outside development. */
export { DEV_APP_SECRET } from '../server/src/devSecret';

export const DEV_INSTANCE_PAYLOAD: Readonly<InstancePayload> = Object.freeze({
  instanceId: '9a4c52e1-7d3b-4f6a-b8e2-1c5d0f3a6e97',
  signDate: '2025-01-15T09:30:00.000Z',
  uid: '3f8b2d6c-1e4a-4c9b-a7d5-6e0f9b2c8a41',
  permissions: 'OWNER',
  vendorProductId: null,
  demoMode: false,
  siteOwnerId: '3f8b2d6c-1e4a-4c9b-a7d5-6e0f9b2c8a41',
});

export const DEV_INSTANCE =
  'lgLiMWaUbCDdBOV6EwnkGmtJjhLdaapMbR8W-tAa9Ak.' +
  'eyJpbnN0YW5jZUlkIjoiOWE0YzUyZTEtN2QzYi00ZjZhLWI4ZTItMWM1ZDBmM2E2ZTk3Iiwic2lnbkRhdGUiOiIyMDI1LTAxLTE1VDA5OjMwOjAwLjAwMFoiLCJ1aWQiOiIzZjhiMmQ2Yy0xZTRhLTRjOWItYTdkNS02ZTBmOWIyYzhhNDEiLCJwZXJtaXNzaW9ucyI6Ik9XTkVSIiwidmVuZG9yUHJvZHVjdElkIjpudWxsLCJkZW1vTW9kZSI6ZmFsc2UsInNpdGVPd25lcklkIjoiM2Y4YjJkNmMtMWU0YS00YzliLWE3ZDUtNmUwZjliMmM4YTQxIn0';

/**
 * The server's check of the signed instance (server/src/http/instance.ts, instanceVerifier): an
 * instance verified before is known again only as the very same string, its age is checked at
 * every use, anything else is verified in full, and it remembers a bounded number of instances.
 */
import { instanceVerifier, type InstanceRules } from '../src/http/instance';
import { encodePayload, ownerPayload, sign, TEST_SECRET, visitorPayload } from './support/instances';

const DAY_MS = 86_400_000;

/** Rules whose secret counts how often it is read: once per instance verified in full (not known again). */
function countingRules(over: Partial<InstanceRules> = {}) {
  let reads = 0;
  const rules = {
    maxAgeSeconds: 86_400,
    ...over,
    get secret() {
      reads++;
      return TEST_SECRET;
    },
  };
  return { rules, signatureChecks: () => reads };
}

test("a signature spelled another way with the same bytes (the last character's unread bits) is refused", () => {
  const { rules } = countingRules();
  const verify = instanceVerifier(rules);
  const visitor = sign(visitorPayload());
  const [signature, payload] = visitor.split('.') as [string, string];
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const sameBytes = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) | 1]}`;
  expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
  expect(verify(`${sameBytes}.${payload}`)).toMatchObject({ ok: false, error: 'invalid_instance' });
  expect(verify(visitor).ok).toBe(true);
});

test('an instance verified before is taken again without its signature checked again', () => {
  const { rules, signatureChecks } = countingRules();
  const verify = instanceVerifier(rules);
  const owner = sign(ownerPayload());
  expect(verify(owner)).toEqual({ ok: true, instance: { instanceId: 'site-1', isOwner: true } });
  expect(verify(owner)).toEqual({ ok: true, instance: { instanceId: 'site-1', isOwner: true } });
  expect(signatureChecks()).toBe(1);
});

test('only the very same string is known again: a changed signature or payload is verified, and refused', () => {
  const { rules, signatureChecks } = countingRules();
  const verify = instanceVerifier(rules);
  const visitor = sign(visitorPayload());
  expect(verify(visitor).ok).toBe(true);
  const [signature, payload] = visitor.split('.') as [string, string];
  const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}.${payload}`;
  const asOwner = `${signature}.${encodePayload(visitorPayload({ permissions: 'OWNER' }))}`;
  const otherSecret = sign(visitorPayload(), 'not-the-app-secret');
  for (const forged of [flipped, asOwner, otherSecret, `${visitor}x`, ` ${visitor}`]) {
    expect(verify(forged)).toMatchObject({ ok: false, error: 'invalid_instance' });
  }
  expect(signatureChecks()).toBe(6);
  // Refused strings are not remembered either.
  expect(verify(asOwner)).toMatchObject({ ok: false, error: 'invalid_instance' });
  expect(signatureChecks()).toBe(7);
});

test("a known instance's age is checked at every use", () => {
  let now = Date.parse('2026-01-10T12:00:00Z');
  const { rules } = countingRules({ now: () => now });
  const verify = instanceVerifier(rules);
  const instance = sign(ownerPayload({ signDate: new Date(now - DAY_MS / 2).toISOString() }));
  expect(verify(instance).ok).toBe(true);
  now += DAY_MS;
  expect(verify(instance)).toMatchObject({ ok: false, error: 'expired_instance' });
  const undated = sign(ownerPayload({ signDate: 'yesterday' }));
  expect(verify(undated)).toMatchObject({ ok: false, error: 'invalid_instance' });
  expect(verify(undated)).toMatchObject({ ok: false, error: 'invalid_instance' });
});

test('it remembers a bounded number of instances, the least recently used leaving first', () => {
  const { rules, signatureChecks } = countingRules();
  const verify = instanceVerifier(rules, 2);
  const [a, b, c] = ['site-a', 'site-b', 'site-c'].map((instanceId) => sign(visitorPayload({ instanceId })));
  for (const instance of [a, b, c]) expect(verify(instance).ok).toBe(true);
  expect(signatureChecks()).toBe(3);
  verify(c);
  verify(b);
  expect(signatureChecks()).toBe(3);
  expect(verify(a)).toEqual({ ok: true, instance: { instanceId: 'site-a', isOwner: false } });
  expect(signatureChecks()).toBe(4);
  // b was used after c: c left for a, b stays.
  verify(b);
  expect(signatureChecks()).toBe(4);
  verify(c);
  expect(signatureChecks()).toBe(5);
});

test('its memory is bounded in bytes: long instances push out the least recently used ones', () => {
  const [a, b, c] = ['site-a', 'site-b', 'site-c'].map((instanceId) => sign(visitorPayload({ instanceId, padding: 'p'.repeat(1000) })));
  // Room for two such instances (each about 2 × its length in bytes), not three.
  const { rules, signatureChecks } = countingRules({ verifiedBytes: 2 * (2 * a!.length + 400) });
  const verify = instanceVerifier(rules);
  for (const instance of [a, b, c]) expect(verify(instance).ok).toBe(true);
  verify(c);
  verify(b);
  expect(signatureChecks()).toBe(3);
  verify(a);
  expect(signatureChecks()).toBe(4);
});

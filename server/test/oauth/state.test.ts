import {
  codeChallengeFor,
  codeVerifierFor,
  createState,
  memoryPendingAuthorizations,
  OAuthStateError,
  verifyState,
  type AuthorizationBinding,
} from '../../src/oauth/state';

const SECRET = 'app-secret-for-tests';
const NOW = 1_800_000_000_000;
const binding: AuthorizationBinding = { instanceId: 'inst-1', compId: 'comp-1', nonce: 'nonce-1', expiresAt: NOW + 60_000 };

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof OAuthStateError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('OAuth state', () => {
  it('round-trips the instance, component, nonce and expiry', () => {
    expect(verifyState(SECRET, createState(SECRET, binding), NOW)).toEqual(binding);
  });

  it('refuses a state signed with another secret, a changed payload, or garbage', () => {
    const state = createState(SECRET, binding);
    expect(problemOf(() => verifyState('other-secret', state, NOW))).toBe('forged');
    const [, signature] = state.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ i: 'inst-2', c: 'comp-1', n: 'nonce-1', e: NOW + 60_000 })).toString('base64url');
    expect(problemOf(() => verifyState(SECRET, `${otherPayload}.${signature}`, NOW))).toBe('forged');
    expect(problemOf(() => verifyState(SECRET, 'not-a-state', NOW))).toBe('malformed');
    expect(problemOf(() => verifyState(SECRET, `${state}.x`, NOW))).toBe('malformed');
  });

  it('refuses an expired state', () => {
    expect(problemOf(() => verifyState(SECRET, createState(SECRET, binding), binding.expiresAt))).toBe('expired');
  });

  it('derives a PKCE verifier per nonce and its S256 challenge (RFC 7636 appendix B)', () => {
    expect(codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const verifier = codeVerifierFor(SECRET, 'nonce-1');
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(codeVerifierFor(SECRET, 'nonce-2')).not.toBe(verifier);
    expect(codeVerifierFor('other', 'nonce-1')).not.toBe(verifier);
  });

  it('hands out a pending authorization once, and not after it expired', async () => {
    const pending = memoryPendingAuthorizations();
    await pending.add(binding);
    expect(await pending.take('nonce-1', NOW)).toEqual(binding);
    expect(await pending.take('nonce-1', NOW)).toBeNull();
    await pending.add(binding);
    expect(await pending.take('nonce-1', binding.expiresAt)).toBeNull();
    expect(await pending.take('never-issued', NOW)).toBeNull();
  });
});

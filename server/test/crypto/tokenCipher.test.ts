import { randomBytes } from 'node:crypto';
import { parseTokenKey, SealedValueError, TokenCipher, tokenCipherFromEnv, TokenKeyError } from '../../src/crypto/tokenCipher';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('TokenCipher', () => {
  const cipher = new TokenCipher(parseTokenKey(keyText('k1')));

  it('opens what it sealed, and a sealed value holds no plaintext', () => {
    const token = 'fake-refresh-abcdefghijklmnop';
    const sealed = cipher.seal(token, 'inst\u0000comp');
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ciphertext).not.toContain(token);
    expect(Buffer.from(sealed.ciphertext, 'base64url').toString('latin1')).not.toContain(token);
    expect(cipher.open(sealed, 'inst\u0000comp')).toBe(token);
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.seal('same', 'ad').ciphertext).not.toBe(cipher.seal('same', 'ad').ciphertext);
  });

  it("refuses another row's associated data and altered bytes", () => {
    const sealed = cipher.seal('secret', 'inst-a\u0000comp');
    expect(() => cipher.open(sealed, 'inst-b\u0000comp')).toThrow(SealedValueError);
    const bytes = Buffer.from(sealed.ciphertext, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => cipher.open({ keyId: 'k1', ciphertext: bytes.toString('base64url') }, 'inst-a\u0000comp')).toThrow(SealedValueError);
    expect(() => cipher.open({ keyId: 'k1', ciphertext: 'AAAA' }, 'inst-a\u0000comp')).toThrow(SealedValueError);
  });

  it('rotates: values under a previous key still open and are marked stale; new values use the current key', () => {
    const old = parseTokenKey(keyText('old'));
    const sealedUnderOld = new TokenCipher(old).seal('token', 'ad');
    const rotated = new TokenCipher(parseTokenKey(keyText('new')), [old]);
    expect(rotated.open(sealedUnderOld, 'ad')).toBe('token');
    expect(rotated.isStale(sealedUnderOld)).toBe(true);
    const resealed = rotated.seal('token', 'ad');
    expect(resealed.keyId).toBe('new');
    expect(rotated.isStale(resealed)).toBe(false);
    expect(() => new TokenCipher(parseTokenKey(keyText('new'))).open(sealedUnderOld, 'ad')).toThrow(/No token key with id "old"/);
  });
});

describe('token keys from the environment', () => {
  it('reads base64 or hex, with or without an id', () => {
    const hex = randomBytes(32).toString('hex');
    expect(parseTokenKey(hex).id).toMatch(/^[0-9a-f]{8}$/);
    expect(parseTokenKey(`2026-01:${hex}`).id).toBe('2026-01');
    expect(() => parseTokenKey('short')).toThrow(TokenKeyError);
    expect(() => parseTokenKey(`bad id:${hex}`)).toThrow(/key id/);
  });

  it('requires TOKEN_KEY outside development, and reads previous keys', () => {
    expect(() => tokenCipherFromEnv({}, false)).toThrow(/TOKEN_KEY is not set/);
    expect(tokenCipherFromEnv({}, true).currentKeyId).toBe('dev');
    const old = keyText('a');
    const cipher = tokenCipherFromEnv({ TOKEN_KEY: keyText('b'), TOKEN_KEY_PREVIOUS: ` ${old} ,` }, false);
    expect(cipher.currentKeyId).toBe('b');
    expect(cipher.open(new TokenCipher(parseTokenKey(old)).seal('x', 'ad'), 'ad')).toBe('x');
  });
});

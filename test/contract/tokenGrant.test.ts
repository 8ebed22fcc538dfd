/**
 * The token rule (src/contract/tokenGrant.ts) on its own: what each token-info answer grants.
 * The server's access plugin and Mirage call this same function.
 */
import { grantOf, isAccessTokenText } from '../../src/contract/tokenGrant';
import { createWidgetKey, isWidgetKey } from '../../src/contract/widgetKey';

const APP = 'app-1';
const NOW = Date.UTC(2026, 0, 1);
const inAnHour = NOW / 1000 + 3600;
const owner = { active: true, subjectType: 'USER', subjectId: 'u1', exp: inAnHour, iat: NOW / 1000, clientId: APP, siteId: 's1', instanceId: 'inst-1' };

describe('grantOf', () => {
  it('grants the owner (subject USER) its site until exp', () => {
    expect(grantOf(owner, APP, NOW)).toEqual({ ok: true, instanceId: 'inst-1', isOwner: true, expiresAt: inAnHour * 1000 });
  });

  it.each(['VISITOR', 'MEMBER', 'APP', 'UNKNOWN', undefined, 7])('grants subject type %p reading only', (subjectType) => {
    expect(grantOf({ ...owner, subjectType }, APP, NOW)).toMatchObject({ ok: true, isOwner: false });
  });

  it.each([
    ['inactive', { ...owner, active: false }, 'inactive_token'],
    ['expired', { ...owner, exp: NOW / 1000 - 1 }, 'expired_token'],
    ['expiring now', { ...owner, exp: NOW / 1000 }, 'expired_token'],
    ['another app', { ...owner, clientId: 'app-2' }, 'wrong_app'],
    ['no clientId', { ...owner, clientId: undefined }, 'wrong_app'],
    ['no instanceId', { ...owner, instanceId: undefined }, 'no_instance'],
    ['an empty instanceId', { ...owner, instanceId: '' }, 'no_instance'],
    ['an instanceId with NUL', { ...owner, instanceId: 'a\u0000b' }, 'no_instance'],
    ['an instanceId too long', { ...owner, instanceId: 'x'.repeat(201) }, 'no_instance'],
    ['a numeric instanceId', { ...owner, instanceId: 12 }, 'no_instance'],
    ['active as text', { ...owner, active: 'true' }, 'malformed_token_info'],
    ['exp as text', { ...owner, exp: String(inAnHour) }, 'malformed_token_info'],
    ['exp infinite', { ...owner, exp: Infinity }, 'malformed_token_info'],
    ['an array', [owner], 'malformed_token_info'],
    ['null', null, 'malformed_token_info'],
  ])('refuses %s', (_, answer, error) => {
    expect(grantOf(answer, APP, NOW)).toMatchObject({ ok: false, error, message: expect.any(String) });
  });

  it('refuses every token when the app has no id', () => {
    expect(grantOf({ ...owner, clientId: '' }, '', NOW)).toMatchObject({ ok: false, error: 'wrong_app' });
  });
});

describe('the token and widget key formats', () => {
  it('takes a raw token, not a Bearer header, nor one too long', () => {
    expect(isAccessTokenText('OauthNG.JWS.abc-def_123')).toBe(true);
    expect(isAccessTokenText('Bearer abc')).toBe(false);
    expect(isAccessTokenText('')).toBe(false);
    expect(isAccessTokenText('a'.repeat(4097))).toBe(false);
  });

  it('makes widget keys its own rule accepts, and refuses others', () => {
    expect(isWidgetKey(createWidgetKey())).toBe(true);
    expect(createWidgetKey()).not.toBe(createWidgetKey());
    for (const bad of ['', 'comp-1', '0E9C7A5C-7D0B-4A39-9E4B-2C1B1E2F3A4B', '0e9c7a5c-7d0b-4a39-9e4b-2c1b1e2f3a4', 42]) expect(isWidgetKey(bad)).toBe(false);
  });
});

import { memoryCookieJar } from './memoryCookieJar';

describe('memoryCookieJar', () => {
  it('keeps values in memory, starting from the given ones', () => {
    const jar = memoryCookieJar({ connected: 'true' });
    expect(jar.get('connected')).toBe('true');
    jar.set('connected', 'false');
    expect(jar.values.get('connected')).toBe('false');
    expect(document.cookie).toBe('');
  });
});

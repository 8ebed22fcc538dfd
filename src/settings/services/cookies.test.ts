/**
 * The cookie jar with the real js-cookie in jsdom (http://localhost). Cookie writes are watched at
 * `document.cookie`; on https, where jsdom (being on http) drops Secure cookies, the attributes
 * are checked on the call to js-cookie.
 */
import Cookies from 'js-cookie';
import { createCookieJar } from './cookies';
import { centredFeatures, createWindowService } from './windows';

const cookieDescriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
let written: string[] = [];

/** Watches writes to document.cookie; with `refuse`, the browser drops them (blocked third-party cookies). */
function watchCookieWrites({ refuse = false } = {}) {
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookieDescriptor.get!.call(document) as string,
    set: (value: string) => {
      written.push(value);
      if (!refuse) cookieDescriptor.set!.call(document, value);
    },
  });
}

/** A window for the jar: the given protocol, and jsdom's localStorage unless told otherwise. */
function fakeWindow(protocol: 'http:' | 'https:', storage: 'jsdom' | 'throws' = 'jsdom'): Window {
  const win = { location: { protocol } } as unknown as Window;
  Object.defineProperty(win, 'localStorage', {
    get: () => {
      if (storage === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      return window.localStorage;
    },
  });
  return win;
}

beforeEach(() => {
  delete (document as unknown as { cookie?: string }).cookie;
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.localStorage.clear();
  written = [];
});

afterEach(() => {
  delete (document as unknown as { cookie?: string }).cookie;
  jest.restoreAllMocks();
});

describe('createCookieJar', () => {
  it('sets and gets a value (round trip through a real cookie)', () => {
    const jar = createCookieJar();
    expect(jar.get('connected')).toBeUndefined();
    jar.set('connected', 'true');
    expect(jar.get('connected')).toBe('true');
    expect(Cookies.get('connected')).toBe('true');
    jar.set('connected', 'false');
    expect(jar.get('connected')).toBe('false');
    jar.set('doNotShowAgain', 'true');
    expect(document.cookie).toEqual(expect.stringContaining('doNotShowAgain=true'));
    expect(createCookieJar().get('doNotShowAgain')).toBe('true');
  });

  it('reads a cookie that someone else set (the authenticate page sets connected=true)', () => {
    document.cookie = 'connected=true; path=/';
    expect(createCookieJar().get('connected')).toBe('true');
  });

  it('on http, writes the cookie with SameSite=Lax and without Secure', () => {
    watchCookieWrites();
    createCookieJar().set('connected', 'false');
    expect(written).toHaveLength(1);
    const attributes = written[0]!.split('; ').map((a) => a.toLowerCase());
    expect(attributes[0]).toBe('connected=false');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect(attributes.some((a) => a.startsWith('expires='))).toBe(true);
  });

  it('on https, sets SameSite=None; Secure (the panel is a third-party iframe)', () => {
    const set = jest.spyOn(Cookies, 'set');
    watchCookieWrites();
    const jar = createCookieJar(fakeWindow('https:'));
    jar.set('doNotShowAgain', 'true');
    expect(set).toHaveBeenCalledWith('doNotShowAgain', 'true', expect.objectContaining({ sameSite: 'None', secure: true, path: '/' }));
    const attributes = written[0]!.split('; ').map((a) => a.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['samesite=none', 'secure']));
    // jsdom (on http) drops the Secure cookie; the value is still there for the panel.
    expect(jar.get('doNotShowAgain')).toBe('true');
  });

  it('when cookies are refused, the value reads back from storage', () => {
    watchCookieWrites({ refuse: true });
    const jar = createCookieJar();
    jar.set('doNotShowAgain', 'true');
    expect(written).toHaveLength(1);
    expect(document.cookie).toBe('');
    expect(Cookies.get('doNotShowAgain')).toBeUndefined();
    expect(jar.get('doNotShowAgain')).toBe('true');
    // And survives a new jar (a reload of the panel).
    expect(createCookieJar().get('doNotShowAgain')).toBe('true');
    jar.set('doNotShowAgain', 'false');
    expect(jar.get('doNotShowAgain')).toBe('false');
  });

  it('when cookies are refused and storage throws, memory keeps the value', () => {
    watchCookieWrites({ refuse: true });
    const jar = createCookieJar(fakeWindow('http:', 'throws'));
    expect(jar.get('connected')).toBeUndefined();
    jar.set('connected', 'true');
    expect(jar.get('connected')).toBe('true');
    jar.set('connected', 'false');
    expect(jar.get('connected')).toBe('false');
    expect(window.localStorage.length).toBe(0);
  });

  it('when storage refuses writes (quota, private mode), memory keeps the value', () => {
    watchCookieWrites({ refuse: true });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const jar = createCookieJar();
    jar.set('connected', 'true');
    expect(jar.get('connected')).toBe('true');
  });
});

describe('centredFeatures', () => {
  it('centres the 874x600 authenticate window on the given window', () => {
    const features = centredFeatures({ screenX: 100, screenY: 50, outerWidth: 1274, outerHeight: 800 }, 874, 600);
    expect(features).toBe('width=874,height=600,left=300,top=150,resizable=yes,scrollbars=yes');
  });

  it('centres the 1027x600 create-file window, rounding to whole pixels', () => {
    expect(centredFeatures({ screenX: 0, screenY: 0, outerWidth: 1440, outerHeight: 901 }, 1027, 600)).toMatch(/^width=1027,height=600,left=207,top=151,/);
  });

  it('never places the window off the top-left of the screen', () => {
    expect(centredFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 }, 874, 600)).toMatch(/left=0,top=0,/);
  });
});

describe('createWindowService', () => {
  it('opens the window centred on the editor (the top window) and hands back a handle on it', () => {
    const opened = { closed: false, focus: jest.fn(), close: jest.fn(), location: { replace: jest.fn() } };
    const open = jest.fn((..._args: unknown[]) => opened);
    const top = { screenX: 10, screenY: 20, outerWidth: 1874, outerHeight: 1000 };
    const win = { open, top, screenX: 500, screenY: 500, outerWidth: 300, outerHeight: 300, location: { reload: jest.fn() } } as unknown as Window;
    const service = createWindowService(win);
    const handle = service.open('/api/authenticate?x=1', 'authenticate', 874, 600)!;
    expect(open).toHaveBeenCalledWith('/api/authenticate?x=1', 'authenticate', 'width=874,height=600,left=510,top=220,resizable=yes,scrollbars=yes');
    // The handle is the window's: what it says and does reaches the window itself.
    expect(handle.closed).toBe(false);
    opened.closed = true;
    expect(handle.closed).toBe(true);
    handle.focus();
    handle.navigate('/api/authenticate?ticket=t');
    handle.close();
    expect(opened.focus).toHaveBeenCalled();
    expect(opened.location.replace).toHaveBeenCalledWith('/api/authenticate?ticket=t');
    expect(opened.close).toHaveBeenCalled();
  });

  it('answers null when the browser blocked the window, and centres on the frame when the top is out of reach', () => {
    const open = jest.fn((..._args: unknown[]) => null);
    const win = { open, screenX: 0, screenY: 0, outerWidth: 874, outerHeight: 600 } as unknown as Window;
    Object.defineProperty(win, 'top', {
      get: () => {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    });
    expect(createWindowService(win).open('about:blank', 'createFile', 874, 600)).toBeNull();
    expect(open.mock.calls[0]![2]).toMatch(/^width=874,height=600,left=0,top=0,/);
  });
});

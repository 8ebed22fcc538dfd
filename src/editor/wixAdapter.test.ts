import { DEFAULT_SITE_COLORS, DEFAULT_SITE_TEXT_PRESETS, SITE_TEXT_PRESET_NAMES } from './siteDefaults';
import { createWixBridge, type WixEventCallback, type WixSdk } from './wixAdapter';

const EVENTS = { SETTINGS_UPDATED: 'SETTINGS_UPDATED', COMPONENT_DELETED: 'COMPONENT_DELETED', EDIT_MODE_CHANGE: 'EDIT_MODE_CHANGE' } as const;

/** A fake of the platform SDK that behaves like it: numeric listener ids, a thrown string for unknown events. */
function fakeWix(utils: { origCompId?: string | null; locale?: string | null; viewMode?: string; throwsErrors?: boolean } = {}) {
  let nextId = 1;
  const listeners = new Map<number, { name: string; cb: WixEventCallback }>();
  const wix = {
    Events: EVENTS,
    addEventListener: jest.fn((name: string, cb: WixEventCallback): number => {
      if (!Object.values(EVENTS).includes(name as never)) {
        if (utils.throwsErrors) throw new TypeError(`unknown event ${name}`);
        // The real SDK throws a string, not an Error.
        throw `Unsupported event name, ${name}`;
      }
      const id = nextId++;
      listeners.set(id, { name, cb });
      return id;
    }),
    removeEventListener: jest.fn((name: string, cbOrId: number | WixEventCallback): void => {
      for (const [id, l] of listeners) if (l.name === name && (id === cbOrId || l.cb === cbOrId)) listeners.delete(id);
    }),
    Settings: { triggerSettingsUpdatedEvent: jest.fn() },
    Styles: {
      getSiteTextPresets: jest.fn((cb: (p: unknown) => void) => cb(JSON.parse(JSON.stringify(DEFAULT_SITE_TEXT_PRESETS)))),
      getSiteColors: jest.fn((cb: (c: unknown) => void) => cb([{ name: 'color_1', value: '#FAFAFA', reference: 'white' }])),
    },
    Utils: {
      getOrigCompId: jest.fn(() => (utils.origCompId === undefined ? 'comp-abc' : utils.origCompId)),
      getLocale: jest.fn(() => (utils.locale === undefined ? 'PT-br' : utils.locale)),
      getViewMode: jest.fn(() => utils.viewMode ?? 'editor'),
    },
  };
  const fire = (name: string, data?: unknown): void => {
    for (const l of [...listeners.values()]) if (l.name === name) l.cb(data);
  };
  return { wix: wix as typeof wix & WixSdk, fire, listeners };
}

describe('Wix adapter', () => {
  it('signals settings updated to the panel’s original component, message unchanged', () => {
    const { wix } = fakeWix();
    const message = { saved: { activeFileId: 'f1' } };
    createWixBridge(wix).settingsUpdated(message);
    expect(wix.Utils.getOrigCompId).toHaveBeenCalled();
    expect(wix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith(message, 'comp-abc');
  });

  it('addresses every component ("*") when the page has no origCompId', () => {
    const { wix } = fakeWix({ origCompId: null });
    createWixBridge(wix).settingsUpdated('m');
    expect(wix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith('m', '*');
  });

  it('lower-cases the locale, defaulting to en', () => {
    expect(createWixBridge(fakeWix({ locale: 'PT-br' }).wix).locale()).toBe('pt-br');
    expect(createWixBridge(fakeWix({ locale: '' }).wix).locale()).toBe('en');
  });

  it('passes settings-updated messages to listeners and removes them by id on unsubscribe', () => {
    const { wix, fire, listeners } = fakeWix();
    const bridge = createWixBridge(wix);
    const got: unknown[] = [];
    const off = bridge.onSettingsUpdated((m) => got.push(m));
    fire('SETTINGS_UPDATED', { a: 1 });
    expect(got).toEqual([{ a: 1 }]);

    const id = wix.addEventListener.mock.results[0]?.value as number;
    off();
    off(); // idempotent
    expect(wix.removeEventListener).toHaveBeenCalledTimes(1);
    expect(wix.removeEventListener).toHaveBeenCalledWith('SETTINGS_UPDATED', id);
    expect(listeners.size).toBe(0);
    fire('SETTINGS_UPDATED', { a: 2 });
    expect(got).toEqual([{ a: 1 }]);
  });

  it('reports component deletion and view-mode changes, and unsubscribes them', () => {
    const { wix, fire } = fakeWix();
    const bridge = createWixBridge(wix);
    const deleted = jest.fn();
    const modes: string[] = [];
    const offDeleted = bridge.onComponentDeleted(deleted);
    const offMode = bridge.onViewModeChanged((m) => modes.push(m));
    fire('COMPONENT_DELETED', { compId: 'comp-abc' });
    fire('EDIT_MODE_CHANGE', { editMode: 'preview' });
    fire('EDIT_MODE_CHANGE', { editMode: 'nonsense' });
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(deleted).toHaveBeenCalledWith();
    expect(modes).toEqual(['preview']);
    offDeleted();
    offMode();
    fire('COMPONENT_DELETED');
    fire('EDIT_MODE_CHANGE', { editMode: 'site' });
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(modes).toEqual(['preview']);
    expect(wix.removeEventListener.mock.calls.map((c) => c[0])).toEqual(['COMPONENT_DELETED', 'EDIT_MODE_CHANGE']);
  });

  it('reads the view mode from the SDK', () => {
    expect(createWixBridge(fakeWix({ viewMode: 'site' }).wix).viewMode()).toBe('site');
    expect(createWixBridge(fakeWix({ viewMode: 'standalone' }).wix).viewMode()).toBe('standalone');
  });

  it('gets site text presets (font_0 … font_10 in order) and colours from Wix.Styles', async () => {
    const { wix } = fakeWix();
    const bridge = createWixBridge(wix);
    const presets = await bridge.siteTextPresets();
    expect(Object.keys(presets)).toEqual([...SITE_TEXT_PRESET_NAMES]);
    expect(Object.values(presets).map((p) => p.editorKey)).toEqual(SITE_TEXT_PRESET_NAMES.map((_, i) => `font_${i}`));
    expect(await bridge.siteColors()).toEqual([{ name: 'color_1', value: '#FAFAFA', reference: 'white' }]);
  });

  it('falls back to the default styles when the SDK answers garbage or never answers', async () => {
    const { wix } = fakeWix();
    wix.Styles.getSiteColors.mockImplementation((cb: (c: unknown) => void) => cb({ not: 'an array' }));
    wix.Styles.getSiteTextPresets.mockImplementation(() => {});
    const bridge = createWixBridge(wix, { stylesTimeoutMs: 10 });
    expect(await bridge.siteColors()).toEqual(DEFAULT_SITE_COLORS);
    expect(await bridge.siteTextPresets()).toEqual(DEFAULT_SITE_TEXT_PRESETS);
  });

  it.each([
    ['a string, as the real SDK does', false],
    ['a TypeError', true],
  ])('an event this SDK does not know (it throws %s) is reported, and the page carries on', (_, throwsErrors) => {
    const { wix } = fakeWix({ throwsErrors });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sdk = { ...wix, Events: { ...EVENTS, EDIT_MODE_CHANGE: 'NOT_IN_THIS_VERSION' } };
    const bridge = createWixBridge(sdk);
    const off = bridge.onViewModeChanged(() => undefined);
    expect(() => off()).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/cannot listen to NOT_IN_THIS_VERSION \((Unsupported event name|unknown event)/));
    const missing = createWixBridge({ ...wix, Events: { SETTINGS_UPDATED: 'SETTINGS_UPDATED', COMPONENT_DELETED: 'COMPONENT_DELETED' } as never });
    expect(() => missing.onViewModeChanged(() => undefined)()).not.toThrow();
    warn.mockRestore();
  });

  it('keeps exactly the 11 named presets when the SDK also answers the font_0…font_10 aliases', async () => {
    const { wix } = fakeWix();
    const named = JSON.parse(JSON.stringify(DEFAULT_SITE_TEXT_PRESETS)) as Record<string, { editorKey: string }>;
    const withAliases = { ...named, ...Object.fromEntries(Object.values(named).map((p) => [p.editorKey, { ...p }])) };
    expect(Object.keys(withAliases)).toHaveLength(22);
    wix.Styles.getSiteTextPresets.mockImplementation((cb: (p: unknown) => void) => cb(withAliases));
    const presets = await createWixBridge(wix).siteTextPresets();
    expect(Object.keys(presets)).toEqual([...SITE_TEXT_PRESET_NAMES]);
  });
});

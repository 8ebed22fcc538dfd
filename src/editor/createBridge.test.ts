import { createEditorBridge } from './createBridge';
import { decodedPosts, flushMessages, shimFrameMessaging } from '../../test/helpers/messagingTestKit';
import type { WixSdk } from './wixAdapter';

/** The stage adapter is fetched on demand: count its loads, and make one fail as a chunk fetch can. */
const mockStageChunk = { loads: 0, fail: false };
jest.mock('./stageAdapter', () => {
  mockStageChunk.loads += 1;
  if (mockStageChunk.fail) throw new Error('Loading chunk editor-stage failed.');
  return jest.requireActual('./stageAdapter');
});

function minimalWix(): WixSdk & { Settings: { triggerSettingsUpdatedEvent: jest.Mock } } {
  return {
    Events: { SETTINGS_UPDATED: 'SETTINGS_UPDATED', COMPONENT_DELETED: 'COMPONENT_DELETED', EDIT_MODE_CHANGE: 'EDIT_MODE_CHANGE' },
    addEventListener: () => 1,
    removeEventListener: () => {},
    Settings: { triggerSettingsUpdatedEvent: jest.fn() },
    Styles: { getSiteTextPresets: () => {}, getSiteColors: () => {} },
    Utils: { getOrigCompId: () => 'comp-wix', getLocale: () => 'FR', getViewMode: () => 'preview' },
  };
}

function framed(src: string): Window {
  const iframe = document.createElement('iframe');
  iframe.src = src;
  document.body.append(iframe);
  return iframe.contentWindow!;
}

let warn: jest.SpyInstance;

beforeEach(() => {
  // Each test starts with the adapter not yet loaded, as a fresh page does.
  jest.resetModules();
  mockStageChunk.loads = 0;
  mockStageChunk.fail = false;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  warn.mockRestore();
  delete (window as Window & { Wix?: WixSdk }).Wix;
  document.body.replaceChildren();
});

describe('createEditorBridge', () => {
  it('uses the platform SDK when the page has a Wix global, framed or not, without loading the stage adapter', async () => {
    const wix = minimalWix();
    (window as Window & { Wix?: WixSdk }).Wix = wix;
    const bridge = await createEditorBridge(window);
    expect(bridge.viewMode()).toBe('preview');
    expect(bridge.locale()).toBe('fr');
    bridge.settingsUpdated('hello');
    expect(wix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith('hello', 'comp-wix');

    const frame = framed('settings.html?origCompId=comp-1&viewMode=editor') as Window & { Wix?: WixSdk };
    const frameWix = minimalWix();
    frame.Wix = frameWix;
    (await createEditorBridge(frame)).settingsUpdated('x');
    expect(frameWix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith('x', 'comp-wix');
    expect(mockStageChunk.loads).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it('has the SDK bridge ready at once: the promise settles before any fetch could', async () => {
    (window as Window & { Wix?: WixSdk }).Wix = minimalWix();
    let bridge: Awaited<ReturnType<typeof createEditorBridge>> | undefined;
    void createEditorBridge(window).then((b) => (bridge = b));
    // One microtask turn, no timer, no module load.
    await Promise.resolve();
    expect(bridge?.viewMode()).toBe('preview');
  });

  it('loads the stage adapter and talks to the stage when the page is framed without the SDK', async () => {
    const shim = shimFrameMessaging(framed('widget.html?compId=comp-local-1&viewMode=editor&locale=De'), window);
    const bridge = (await createEditorBridge(shim.frame)) as Awaited<ReturnType<typeof createEditorBridge>> & { dispose?: () => void };
    expect(mockStageChunk.loads).toBe(1);
    expect(bridge.viewMode()).toBe('editor');
    expect(bridge.locale()).toBe('de');
    await flushMessages();
    expect(decodedPosts(shim, 'host')[0]).toMatchObject({ intent: 'TPA2', callId: 1, type: 'appIsAlive', compId: 'comp-local-1' });
    bridge.dispose?.();
    shim.restore();
  });

  it('runs standalone, and says so in the console, when the stage adapter cannot be fetched', async () => {
    mockStageChunk.fail = true;
    const shim = shimFrameMessaging(framed('settings.html?compId=tpaSettings&viewMode=editor&locale=JA'), window);
    const bridge = await createEditorBridge(shim.frame);
    expect(mockStageChunk.loads).toBe(1);
    expect(bridge.viewMode()).toBe('standalone');
    expect(bridge.locale()).toBe('ja');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/stage adapter could not be loaded, running standalone/), expect.any(Error));
    await flushMessages();
    expect(decodedPosts(shim, 'host')).toEqual([]);
    shim.restore();
  });

  it('runs standalone, and says so in the console, when the framing host has no origin to address', async () => {
    // A framed file:// or sandboxed page: its origin is opaque.
    const opaque = { location: { origin: 'null', search: '?locale=ko' }, parent: {} } as unknown as Window;
    const bridge = await createEditorBridge(opaque);
    expect(bridge.viewMode()).toBe('standalone');
    expect(bridge.locale()).toBe('ko');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/cannot talk to the host page, running standalone/), expect.any(TypeError));
  });

  it('is a standalone no-op bridge in a top-level page without the SDK, without loading the stage adapter', async () => {
    expect(window.parent).toBe(window);
    const bridge = await createEditorBridge(window);
    expect(bridge.viewMode()).toBe('standalone');
    expect(bridge.locale()).toBe('en');
    expect(Object.keys(await bridge.siteTextPresets())).toHaveLength(11);
    expect((await bridge.siteColors()).map((c) => c.name)).toContain('color_11');
    const cb = jest.fn();
    bridge.onSettingsUpdated(cb)();
    bridge.settingsUpdated('nobody listens');
    expect(cb).not.toHaveBeenCalled();
    expect(mockStageChunk.loads).toBe(0);
  });

  it('defaults to the global window', async () => {
    expect((await createEditorBridge()).viewMode()).toBe('standalone');
  });
});

import { createEditorBridge } from './createBridge';
import { decodedPosts, flushMessages, shimFrameMessaging } from '../../test/helpers/messagingTestKit';
import type { WixSdk } from './wixAdapter';

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

afterEach(() => {
  delete (window as Window & { Wix?: WixSdk }).Wix;
  document.body.replaceChildren();
});

describe('createEditorBridge', () => {
  it('uses the platform SDK when the page has a Wix global, framed or not', () => {
    const wix = minimalWix();
    (window as Window & { Wix?: WixSdk }).Wix = wix;
    const bridge = createEditorBridge(window);
    expect(bridge.viewMode()).toBe('preview');
    expect(bridge.locale()).toBe('fr');
    bridge.settingsUpdated('hello');
    expect(wix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith('hello', 'comp-wix');

    const frame = framed('settings.html?origCompId=comp-1&viewMode=editor') as Window & { Wix?: WixSdk };
    const frameWix = minimalWix();
    frame.Wix = frameWix;
    createEditorBridge(frame).settingsUpdated('x');
    expect(frameWix.Settings.triggerSettingsUpdatedEvent).toHaveBeenCalledWith('x', 'comp-wix');
  });

  it('talks to the stage when the page is framed without the SDK', async () => {
    const shim = shimFrameMessaging(framed('widget.html?compId=comp-local-1&viewMode=editor&locale=De'), window);
    const bridge = createEditorBridge(shim.frame) as ReturnType<typeof createEditorBridge> & { dispose?: () => void };
    expect(bridge.viewMode()).toBe('editor');
    expect(bridge.locale()).toBe('de');
    await flushMessages();
    expect(decodedPosts(shim, 'host')[0]).toMatchObject({ intent: 'TPA2', callId: 1, type: 'appIsAlive', compId: 'comp-local-1' });
    bridge.dispose?.();
    shim.restore();
  });

  it('is a standalone no-op bridge in a top-level page without the SDK', async () => {
    expect(window.parent).toBe(window);
    const bridge = createEditorBridge(window);
    expect(bridge.viewMode()).toBe('standalone');
    expect(bridge.locale()).toBe('en');
    expect(Object.keys(await bridge.siteTextPresets())).toHaveLength(11);
    expect((await bridge.siteColors()).map((c) => c.name)).toContain('color_11');
    const cb = jest.fn();
    bridge.onSettingsUpdated(cb)();
    bridge.settingsUpdated('nobody listens');
    expect(cb).not.toHaveBeenCalled();
  });

  it('defaults to the global window', () => {
    expect(createEditorBridge().viewMode()).toBe('standalone');
  });
});

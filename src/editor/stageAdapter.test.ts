import { decodedPosts, deliverMessage, flushMessages, shimFrameMessaging, type ShimmedFrame } from '../../test/helpers/messagingTestKit';
import { encodeEvent, encodeReply } from './sdkProtocol';
import { DEFAULT_SITE_COLORS, DEFAULT_SITE_TEXT_PRESETS } from './siteDefaults';
import { createStageBridge } from './stageAdapter';

const ORIGIN = 'http://localhost';
let shim: ShimmedFrame;

function frame(query: string): ShimmedFrame {
  const iframe = document.createElement('iframe');
  iframe.src = `widget.html?${query}`;
  document.body.append(iframe);
  shim = shimFrameMessaging(iframe.contentWindow!, window);
  return shim;
}

afterEach(() => {
  shim?.restore();
  document.body.replaceChildren();
});

/** Answers, as the host, the frame call of that type. */
function answer(s: ShimmedFrame, type: string, res: unknown): void {
  const call = decodedPosts(s, 'host').find((c) => c.type === type);
  if (!call) throw new Error(`no ${type} call`);
  deliverMessage(s.frame, encodeReply({ callId: call.callId as number, type }, res), { origin: ORIGIN, source: s.parentView });
}

describe('stage adapter on its own', () => {
  it('reads compId, locale (lower-cased) and view mode from the query string', async () => {
    const s = frame('compId=comp-9&locale=PT-BR&viewMode=preview&deviceType=mobile');
    const bridge = createStageBridge(s.frame);
    expect(bridge.locale()).toBe('pt-br');
    expect(bridge.viewMode()).toBe('preview');
    await flushMessages();
    expect(decodedPosts(s, 'host')[0]).toMatchObject({ compId: 'comp-9', deviceType: 'mobile', namespace: 'Base', data: { version: expect.any(String) } });
    bridge.dispose();
  });

  it('sends triggerSettingsUpdatedEvent as the platform does: postMessage/Settings with {message, compId: origCompId}', () => {
    const s = frame('compId=tpaSettings&origCompId=comp-7&viewMode=editor');
    const bridge = createStageBridge(s.frame);
    bridge.settingsUpdated({ k: 'v' });
    expect(decodedPosts(s, 'host').at(-1)).toMatchObject({
      intent: 'TPA2',
      type: 'postMessage',
      namespace: 'Settings',
      compId: 'tpaSettings',
      data: { message: { k: 'v' }, compId: 'comp-7' },
    });
    bridge.dispose();
  });

  it('waits for the answer to appIsAlive, and takes the presets and colours from it', async () => {
    const s = frame('compId=c');
    const bridge = createStageBridge(s.frame);
    let resolved = false;
    const colors = bridge.siteColors().then((c) => {
      resolved = true;
      return c;
    });
    await flushMessages();
    expect(resolved).toBe(false);
    answer(s, 'appIsAlive', {
      siteColors: [{ name: 'color_3', value: '#ABCDEF' }],
      siteTextPresets: DEFAULT_SITE_TEXT_PRESETS,
      style: {},
      fonts: { cssUrls: [] },
    });
    expect(await colors).toEqual([{ name: 'color_3', value: '#ABCDEF' }]);
    bridge.dispose();
  });

  it('falls back to the defaults when the host never answers, or answers garbage', async () => {
    const silent = createStageBridge(frame('compId=c').frame, { startupTimeoutMs: 10 });
    expect(await silent.siteColors()).toEqual(DEFAULT_SITE_COLORS);
    silent.dispose();
    shim.restore();

    const s = frame('compId=c');
    const garbage = createStageBridge(s.frame);
    answer(s, 'appIsAlive', { siteColors: 'red', siteTextPresets: [1, 2] });
    expect(await garbage.siteColors()).toEqual(DEFAULT_SITE_COLORS);
    expect(await garbage.siteTextPresets()).toEqual(DEFAULT_SITE_TEXT_PRESETS);
    garbage.dispose();
  });

  it('follows EDIT_MODE_CHANGE events and ignores unknown modes', () => {
    const s = frame('viewMode=editor');
    const bridge = createStageBridge(s.frame);
    const modes: string[] = [];
    bridge.onViewModeChanged((m) => modes.push(m));
    const send = (params: unknown): void => deliverMessage(s.frame, encodeEvent('EDIT_MODE_CHANGE', params), { origin: ORIGIN, source: s.parentView });
    send({ editMode: 'site' });
    send({ editMode: 'site' });
    send({ editMode: 'bogus' });
    send({ editMode: 'editor' });
    expect(modes).toEqual(['site', 'editor']);
    expect(bridge.viewMode()).toBe('editor');
    bridge.dispose();
  });

  it('hears nothing after dispose', () => {
    const s = frame('viewMode=editor');
    const bridge = createStageBridge(s.frame);
    const got = jest.fn();
    bridge.onSettingsUpdated(got);
    bridge.dispose();
    deliverMessage(s.frame, encodeEvent('SETTINGS_UPDATED', 1), { origin: ORIGIN, source: s.parentView });
    expect(got).not.toHaveBeenCalled();
  });

  it('refuses a host origin it could not address safely', () => {
    const s = frame('viewMode=editor');
    expect(() => createStageBridge(s.frame, { hostOrigin: '*' })).toThrow(TypeError);
    expect(() => createStageBridge(s.frame, { hostOrigin: 'null' })).toThrow(TypeError);
  });
});

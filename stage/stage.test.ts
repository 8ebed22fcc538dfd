/* eslint-disable max-lines -- one suite for the stage's whole protocol (frames, start-up, relay, delete, view mode, mock box), sharing its harness */
/**
 * The stage adapter (frame side) against the real stage host, both in jsdom: the host mounts its
 * iframes, each adapter runs on one of those iframes' windows, and messages carry browser-like
 * source and origin (messagingTestKit).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import type { SiteTextPresets, ViewMode } from '../src/editor/EditorBridge';
import { DEV_INSTANCE } from './devInstance';
import { decodedPosts, deliverMessage, flushMessages, shimFrameMessaging, type ShimmedFrame } from '../test/helpers/messagingTestKit';
import { encodeEvent } from '../src/editor/sdkProtocol';
import { DEFAULT_SITE_TEXT_PRESETS, SITE_TEXT_PRESET_NAMES } from '../src/editor/siteDefaults';
import { createStageBridge, type StageBridge } from '../src/editor/stageAdapter';
import {
  LOG_LIMIT,
  MOCK_STORAGE_KEYS,
  SETTINGS_FRAME_TITLE,
  STAGE_LABELS,
  WIDGET_FRAME_TITLE,
  mountStage,
  type StageHost,
  type StageHostOptions,
} from './host';

const ORIGIN = 'http://localhost';
const EVIL = 'https://evil.example';

interface Harness {
  host: StageHost;
  widget: StageBridge;
  panel: StageBridge;
  widgetShim: ShimmedFrame;
  panelShim: ShimmedFrame;
}

const cleanups: Array<() => void> = [];

afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
  document.body.replaceChildren();
  localStorage.clear();
});

function frameWindow(iframe: HTMLIFrameElement | null): Window {
  const win = iframe?.contentWindow;
  if (!win) throw new Error('frame has no window');
  return win;
}

/** Shims a frame of the host and runs a stage adapter in it. */
function connect(iframe: HTMLIFrameElement | null, search?: string): { bridge: StageBridge; shim: ShimmedFrame } {
  const shim = shimFrameMessaging(frameWindow(iframe), window);
  const bridge = createStageBridge(shim.frame, search === undefined ? {} : { search });
  cleanups.push(() => {
    bridge.dispose();
    shim.restore();
  });
  return { bridge, shim };
}

function mount(options: StageHostOptions = {}): StageHost {
  const root = document.createElement('div');
  document.body.append(root);
  const host = mountStage(root, { deleteDelayMs: 0, ...options });
  cleanups.push(() => host.dispose());
  return host;
}

async function setup(options: StageHostOptions = {}): Promise<Harness> {
  const host = mount(options);
  const w = connect(host.widgetFrame());
  const p = connect(host.settingsFrame());
  await flushMessages();
  return { host, widget: w.bridge, panel: p.bridge, widgetShim: w.shim, panelShim: p.shim };
}

describe('stage frames', () => {
  it('frames the widget and the settings panel with the platform query strings', () => {
    const host = mount();
    const widget = screen.getByTitle(WIDGET_FRAME_TITLE) as HTMLIFrameElement;
    const panel = screen.getByTitle(SETTINGS_FRAME_TITLE) as HTMLIFrameElement;
    expect(widget).toBe(host.widgetFrame());
    expect(widget.id).toBe('widget-frame');
    expect(panel.id).toBe('settings-frame');

    const w = new URL(widget.src);
    expect(w.pathname).toBe('/widget.html');
    expect(Object.fromEntries(w.searchParams)).toEqual({
      instance: DEV_INSTANCE,
      compId: 'comp-local-1',
      viewMode: 'editor',
      locale: 'en',
      deviceType: 'desktop',
      cacheKiller: expect.stringMatching(/^\d{13,}$/),
    });
    const s = new URL(panel.src);
    expect(s.pathname).toBe('/settings.html');
    expect(Object.fromEntries(s.searchParams)).toEqual({
      instance: DEV_INSTANCE,
      compId: 'tpaSettings',
      origCompId: 'comp-local-1',
      viewMode: 'editor',
      locale: 'en',
      width: '450',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Drive File Widget — local editor stage');
  });
});

describe('start-up and styles', () => {
  it('answers appIsAlive with the site presets, font_0 … font_10 in order, and the site colours', async () => {
    const presets: SiteTextPresets = {
      ...structuredCopy(DEFAULT_SITE_TEXT_PRESETS),
      Title: { ...DEFAULT_SITE_TEXT_PRESETS.Title!, size: '72px' },
    };
    const { widget, panel } = await setup({ siteTextPresets: presets, siteColors: [{ name: 'color_1', value: '#123456' }] });

    const got = await widget.siteTextPresets();
    expect(Object.keys(got)).toEqual([...SITE_TEXT_PRESET_NAMES]);
    expect(Object.values(got).map((p) => p.editorKey)).toEqual(Array.from({ length: 11 }, (_, i) => `font_${i}`));
    expect(got.Title?.size).toBe('72px'); // the host's, not the adapter's defaults
    expect(await panel.siteColors()).toEqual([{ name: 'color_1', value: '#123456' }]);
  });

  it('starts every frame with appIsAlive, callIds counting from 1, addressed to the host origin', async () => {
    const { widgetShim, panelShim } = await setup();
    for (const shim of [widgetShim, panelShim]) {
      const calls = decodedPosts(shim, 'host');
      expect(calls[0]).toMatchObject({ intent: 'TPA2', callId: 1, type: 'appIsAlive' });
      expect(calls.map((c) => c.callId)).toEqual(calls.map((_, i) => i + 1));
      expect(shim.posts.length).toBeGreaterThan(2);
      expect(shim.posts.every((p) => p.targetOrigin === ORIGIN)).toBe(true);
    }
    expect(decodedPosts(widgetShim, 'host')[0]).toMatchObject({ compId: 'comp-local-1', deviceType: 'desktop' });
  });

  it('answers getSiteTextPresets and getSiteColors calls', async () => {
    const { widgetShim } = await setup();
    widgetShim.parentView.postMessage(
      JSON.stringify({
        intent: 'TPA2',
        callId: 90,
        type: 'getSiteTextPresets',
        compId: 'comp-local-1',
        deviceType: 'desktop',
        namespace: 'Styles',
        version: 'x',
        data: {},
      }),
      ORIGIN,
    );
    widgetShim.parentView.postMessage(
      JSON.stringify({
        intent: 'TPA2',
        callId: 91,
        type: 'getSiteColors',
        compId: 'comp-local-1',
        deviceType: 'desktop',
        namespace: 'Styles',
        version: 'x',
        data: {},
      }),
      ORIGIN,
    );
    await flushMessages();
    const replies = decodedPosts(widgetShim, 'frame');
    const presets = replies.find((r) => r.callId === 90);
    const colors = replies.find((r) => r.callId === 91);
    expect(presets).toMatchObject({ intent: 'TPA_RESPONSE', type: 'getSiteTextPresets', status: true });
    expect(Object.keys(presets?.res as object)).toEqual([...SITE_TEXT_PRESET_NAMES]);
    expect(colors).toMatchObject({ intent: 'TPA_RESPONSE', type: 'getSiteColors', status: true });
    expect((colors?.res as Array<{ name: string }>).map((c) => c.name)).toContain('color_35');
  });

  it('records which frame listens to what', async () => {
    const { host, widget } = await setup();
    widget.onSettingsUpdated(() => {});
    widget.onComponentDeleted(() => {});
    await flushMessages();
    expect(host.listenersOf('widget')).toEqual(['EDIT_MODE_CHANGE', 'SETTINGS_UPDATED', 'COMPONENT_DELETED']);
    expect(host.listenersOf('settings')).toEqual(['EDIT_MODE_CHANGE']);
  });
});

describe('settings updated', () => {
  it('reaches the widget with the panel message unchanged, and not the panel itself', async () => {
    const { widget, panel } = await setup();
    const got: unknown[] = [];
    const panelGot: unknown[] = [];
    widget.onSettingsUpdated((m) => got.push(m));
    panel.onSettingsUpdated((m) => panelGot.push(m));
    await flushMessages();

    const message = { reason: 'saved', user: { activeFileId: 'f1', corners: [4, 4, 0, 0], locale: 'de' }, none: null };
    panel.settingsUpdated(message);
    await flushMessages();
    expect(got).toEqual([message]);
    expect(panelGot).toEqual([]);
  });

  it('reaches only the widget whose compId matches; "*" reaches every widget', async () => {
    const { host, widget } = await setup();
    const got: unknown[] = [];
    widget.onSettingsUpdated((m) => got.push(m));
    // A second panel session in the same frame, bound to another component.
    const settingsSearch = (origCompId: string): string =>
      new URL(host.settingsFrame()!.src).search.replace('origCompId=comp-local-1', `origCompId=${origCompId}`);
    const other = createStageBridge(frameWindow(host.settingsFrame()), { search: settingsSearch('comp-other') });
    const all = createStageBridge(frameWindow(host.settingsFrame()), { search: settingsSearch('*') });
    cleanups.push(
      () => other.dispose(),
      () => all.dispose(),
    );
    await flushMessages();

    other.settingsUpdated('for another component');
    await flushMessages();
    expect(got).toEqual([]);
    expect(host.logEntries().at(-1)).toMatch(/no widget comp-other is listening/);

    all.settingsUpdated('for everyone');
    await flushMessages();
    expect(got).toEqual(['for everyone']);
  });

  it('stops reaching a listener once it unsubscribed', async () => {
    const { widget, panel } = await setup();
    const got: unknown[] = [];
    const off = widget.onSettingsUpdated((m) => got.push(m));
    await flushMessages();
    panel.settingsUpdated(1);
    await flushMessages();
    off();
    panel.settingsUpdated(2);
    await flushMessages();
    expect(got).toEqual([1]);
  });

  it('is not relayed when the widget sends it (only the panel speaks for the component)', async () => {
    const { widget } = await setup();
    const got: unknown[] = [];
    widget.onSettingsUpdated((m) => got.push(m));
    await flushMessages();
    widget.settingsUpdated('from the widget');
    await flushMessages();
    expect(got).toEqual([]);
  });
});

describe('origin and source checks', () => {
  function settingsCall(message: unknown, callId = 500): string {
    return JSON.stringify({
      intent: 'TPA2',
      callId,
      type: 'postMessage',
      compId: 'tpaSettings',
      deviceType: 'desktop',
      namespace: 'Settings',
      version: 'x',
      data: { message, compId: 'comp-local-1' },
    });
  }

  it('host ignores calls from a wrong origin or from a window that is not its frame', async () => {
    const { host, widget } = await setup();
    const got: unknown[] = [];
    widget.onSettingsUpdated((m) => got.push(m));
    await flushMessages();
    const panelWin = frameWindow(host.settingsFrame());
    const stranger = document.createElement('iframe');
    document.body.append(stranger);

    deliverMessage(window, settingsCall('wrong origin'), { origin: EVIL, source: panelWin });
    deliverMessage(window, settingsCall('wrong source'), { origin: ORIGIN, source: frameWindow(stranger) });
    deliverMessage(window, settingsCall('no source'), { origin: ORIGIN, source: null });
    await flushMessages();
    expect(got).toEqual([]);
    expect(host.logEntries().filter((e) => e.includes('Ignored'))).toHaveLength(3);

    // The same message from the right window and origin goes through: the checks above are what stopped it.
    deliverMessage(window, settingsCall('right'), { origin: ORIGIN, source: panelWin });
    await flushMessages();
    expect(got).toEqual(['right']);
  });

  it('frame adapter ignores host messages from a wrong origin or a wrong source', async () => {
    const { host, widget, widgetShim } = await setup();
    const got: unknown[] = [];
    widget.onSettingsUpdated((m) => got.push(m));
    await flushMessages();
    const frame = widgetShim.frame;
    const event = encodeEvent('SETTINGS_UPDATED', 'forged');

    deliverMessage(frame, event, { origin: EVIL, source: widgetShim.parentView });
    deliverMessage(frame, event, { origin: ORIGIN, source: frameWindow(host.settingsFrame()) });
    deliverMessage(frame, event, { origin: ORIGIN, source: frame });
    deliverMessage(frame, JSON.parse(event) as unknown, { origin: ORIGIN, source: widgetShim.parentView }); // not a string
    expect(got).toEqual([]);

    deliverMessage(frame, event, { origin: ORIGIN, source: widgetShim.parentView });
    expect(got).toEqual(['forged']);
  });

  it('a frame expecting another host origin neither accepts the stage nor is heard by it', async () => {
    const host = mount();
    const shim = shimFrameMessaging(frameWindow(host.widgetFrame()), window);
    cleanups.push(() => shim.restore());
    const bridge = createStageBridge(shim.frame, { hostOrigin: 'https://editor.example', startupTimeoutMs: 20 });
    cleanups.push(() => bridge.dispose());
    await flushMessages();
    // Its calls were addressed to the other origin, so the browser (here: the shim) dropped them.
    expect(shim.posts.filter((p) => p.to === 'host').every((p) => p.targetOrigin === 'https://editor.example')).toBe(true);
    expect(host.listenersOf('widget')).toEqual([]);
    // With no answer to appIsAlive, styles fall back to the defaults.
    expect(Object.keys(await bridge.siteTextPresets())).toEqual([...SITE_TEXT_PRESET_NAMES]);
  });

  it('host addresses its frames by its origin, never "*"', async () => {
    const { widgetShim, panelShim, panel, widget } = await setup();
    widget.onSettingsUpdated(() => {});
    await flushMessages();
    panel.settingsUpdated('x');
    await flushMessages();
    const toFrames = [...widgetShim.posts, ...panelShim.posts].filter((p) => p.to === 'frame');
    expect(toFrames.length).toBeGreaterThanOrEqual(5);
    expect(toFrames.every((p) => p.targetOrigin === ORIGIN)).toBe(true);
  });
});

describe('component deleted', () => {
  it('reaches the widget, then the widget frame goes and can be added back', async () => {
    const { host, widget } = await setup({ deleteDelayMs: 250 });
    let deleted = 0;
    widget.onComponentDeleted(() => {
      deleted += 1;
    });
    await flushMessages();
    const oldFrame = host.widgetFrame()!;
    const oldKiller = new URL(oldFrame.src).searchParams.get('cacheKiller');

    fireEvent.click(screen.getByRole('button', { name: STAGE_LABELS.deleteComponent }));
    await flushMessages();
    expect(deleted).toBe(1);
    expect(oldFrame.isConnected).toBe(true); // the widget gets its grace period

    await waitFor(() => expect(screen.queryByTitle(WIDGET_FRAME_TITLE)).toBeNull());
    expect(host.widgetFrame()).toBeNull();
    expect(screen.queryByRole('button', { name: STAGE_LABELS.deleteComponent })).toBeNull();
    expect(screen.getByTitle(SETTINGS_FRAME_TITLE)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: STAGE_LABELS.addComponentBack }));
    const fresh = screen.getByTitle(WIDGET_FRAME_TITLE) as HTMLIFrameElement;
    expect(fresh).not.toBe(oldFrame);
    expect(new URL(fresh.src).searchParams.get('compId')).toBe('comp-local-1');
    expect(new URL(fresh.src).searchParams.get('cacheKiller')).not.toBe(oldKiller);
    expect(screen.queryByRole('button', { name: STAGE_LABELS.addComponentBack })).toBeNull();
    expect(screen.getByRole('button', { name: STAGE_LABELS.deleteComponent })).toBeInTheDocument();
  });

  it('keeps keyboard focus on the toolbar: delete → "Add component back" → delete', async () => {
    mount();
    const del = screen.getByRole('button', { name: STAGE_LABELS.deleteComponent });
    del.focus();
    fireEvent.click(del);
    const add = await screen.findByRole('button', { name: STAGE_LABELS.addComponentBack });
    expect(add).toHaveFocus();
    fireEvent.click(add);
    expect(screen.getByRole('button', { name: STAGE_LABELS.deleteComponent })).toHaveFocus();
  });

  it('waits 300 ms plus the mock latency by default', async () => {
    jest.useFakeTimers();
    try {
      localStorage.setItem(MOCK_STORAGE_KEYS.latencyMs, '200');
      const host = mount({ deleteDelayMs: undefined });
      const done = host.deleteComponent();
      jest.advanceTimersByTime(499);
      expect(host.widgetFrame()).not.toBeNull();
      jest.advanceTimersByTime(1);
      await done;
      expect(host.widgetFrame()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('view mode', () => {
  it('site hides the settings panel and tells the widget; editor brings it back', async () => {
    const { widget, panel } = await setup();
    const modes: ViewMode[] = [];
    widget.onViewModeChanged((m) => modes.push(m));
    expect(widget.viewMode()).toBe('editor');
    const group = screen.getByRole('group', { name: STAGE_LABELS.viewMode });

    fireEvent.click(within(group).getByRole('radio', { name: STAGE_LABELS.siteMode }));
    await flushMessages();
    expect(screen.getByTitle(SETTINGS_FRAME_TITLE)).not.toBeVisible();
    expect(widget.viewMode()).toBe('site');
    expect(panel.viewMode()).toBe('editor');

    fireEvent.click(within(group).getByRole('radio', { name: STAGE_LABELS.editorMode }));
    await flushMessages();
    expect(screen.getByTitle(SETTINGS_FRAME_TITLE)).toBeVisible();
    expect(widget.viewMode()).toBe('editor');
    expect(modes).toEqual(['site', 'editor']);
  });

  it('answers getViewMode with the stage mode, and frames a re-added widget in that mode', async () => {
    const host = mount();
    host.setViewMode('site');
    const { bridge } = connect(host.widgetFrame()); // its URL still says viewMode=editor
    expect(bridge.viewMode()).toBe('editor');
    await flushMessages();
    expect(bridge.viewMode()).toBe('site');

    await host.deleteComponent();
    host.addComponent();
    expect(new URL(host.widgetFrame()!.src).searchParams.get('viewMode')).toBe('site');
  });
});

describe('mock backend box', () => {
  it('writes the drive access mode the mock answers with (browse or picker), refusing any other', () => {
    mount();
    const access = screen.getByLabelText(STAGE_LABELS.driveAccess);
    fireEvent.input(access, { target: { value: 'picker' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.driveAccess)).toBe('picker');
    fireEvent.input(access, { target: { value: 'all' } });
    expect(access).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.driveAccess)).toBe('picker');
    fireEvent.input(access, { target: { value: '' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.driveAccess)).toBeNull();
  });

  it('writes latency and failure rate to localStorage, refusing values out of range', () => {
    mount();
    const latency = screen.getByLabelText(STAGE_LABELS.latency);
    const failure = screen.getByLabelText(STAGE_LABELS.failureRate);

    fireEvent.input(latency, { target: { value: '250' } });
    fireEvent.input(failure, { target: { value: '0.3' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.latencyMs)).toBe('250');
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.failureRate)).toBe('0.3');

    fireEvent.input(failure, { target: { value: '2' } });
    expect(failure).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.failureRate)).toBe('0.3');

    fireEvent.input(latency, { target: { value: '' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.latencyMs)).toBeNull();
  });

  it('writes the listing page sizes ("0, 3" as 0,3), refusing anything but whole numbers', () => {
    mount();
    const sizes = screen.getByLabelText(STAGE_LABELS.pageSizes);
    fireEvent.input(sizes, { target: { value: '0, 3' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.pageSizes)).toBe('0,3');
    fireEvent.input(sizes, { target: { value: '2,x' } });
    expect(sizes).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.pageSizes)).toBe('0,3');
    fireEvent.input(sizes, { target: { value: '' } });
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.pageSizes)).toBeNull();
  });

  it('shows the stored values', () => {
    localStorage.setItem(MOCK_STORAGE_KEYS.latencyMs, '800');
    localStorage.setItem(MOCK_STORAGE_KEYS.failureRate, '0.25');
    mount();
    expect(screen.getByLabelText(STAGE_LABELS.latency)).toHaveValue(800);
    expect(screen.getByLabelText(STAGE_LABELS.failureRate)).toHaveValue(0.25);
  });

  it('"Reset mock drive" drops the stored drive and reloads both frames', () => {
    localStorage.setItem(MOCK_STORAGE_KEYS.state, '{"files":[]}');
    localStorage.setItem(MOCK_STORAGE_KEYS.latencyMs, '100');
    const host = mount();
    const before = [host.widgetFrame(), host.settingsFrame()];
    fireEvent.click(screen.getByRole('button', { name: STAGE_LABELS.resetMockDrive }));
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.state)).toBeNull();
    expect(localStorage.getItem(MOCK_STORAGE_KEYS.latencyMs)).toBe('100');
    expect(host.widgetFrame()).not.toBe(before[0]);
    expect(host.settingsFrame()).not.toBe(before[1]);
    expect(screen.getAllByTitle(/^(Widget|Settings panel)$/)).toHaveLength(2);
  });

  it('is left out when mockBackend is false', () => {
    mount({ mockBackend: false });
    expect(screen.queryByLabelText(STAGE_LABELS.latency)).toBeNull();
  });
});

describe('event log', () => {
  it('is a polite live region holding the last entries only', async () => {
    const { host, panel, widget } = await setup();
    widget.onSettingsUpdated(() => {});
    await flushMessages();
    for (let i = 0; i < LOG_LIMIT + 5; i += 1) panel.settingsUpdated({ n: i });
    await flushMessages();
    const log = screen.getByRole('log', { name: STAGE_LABELS.eventLog });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log.children).toHaveLength(LOG_LIMIT);
    expect(host.logEntries().at(-1)).toMatch(/SETTINGS_UPDATED \{"n":24\}: relayed to comp-local-1/);
  });
});

function structuredCopy(presets: Readonly<SiteTextPresets>): SiteTextPresets {
  return JSON.parse(JSON.stringify(presets)) as SiteTextPresets;
}

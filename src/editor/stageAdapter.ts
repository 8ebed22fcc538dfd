/**
 * EditorBridge for a page framed by the local editor stage (index.html). It speaks the platform's
 * own iframe protocol (sdkProtocol.ts) with the parent window, but, unlike the platform's SDK, it
 * only accepts messages whose source is the parent window and whose origin is the expected host
 * origin, and it addresses the parent by that origin, never '*'.
 */
import type { EditorBridge, SiteColor, SiteTextPresets, Unsubscribe, ViewMode } from './EditorBridge';
import { CallType, STAGE_SDK_VERSION, isPostableOrigin, parseHostMessage, type SdkCall, type SdkEventType } from './sdkProtocol';
import { copyColors, copyPresets, defaultColors, defaultPresets, parseSiteColors, parseSiteTextPresets, toViewMode } from './siteStyles';

export interface StageBridgeOptions {
  /** Origin of the host page. Default: the frame's own `location.origin` (the stage serves both). */
  hostOrigin?: string;
  /** Query string to read compId, origCompId, locale, viewMode, deviceType from. Default: `location.search`. */
  search?: string;
  /** How long to wait for the host's answer to `appIsAlive` before presets and colours fall back to the defaults. */
  startupTimeoutMs?: number;
}

export interface StageBridge extends EditorBridge {
  /** Stops listening to the host; later events are dropped, pending style promises still settle. */
  dispose(): void;
}

interface Startup {
  siteTextPresets: SiteTextPresets;
  siteColors: SiteColor[];
}

const DEFAULT_STARTUP_TIMEOUT_MS = 5000;

interface HostChannel {
  send(type: string, namespace: string, data: unknown, onReply?: (res: unknown) => void): void;
  subscribe(eventKey: SdkEventType, cb: (params: unknown) => void): Unsubscribe;
  dispose(): void;
}

/** Calls to the host and the host's replies and events, only from the parent window at `hostOrigin`. */
function createHostChannel(win: Window, hostOrigin: string, compId: string | null, deviceType: string): HostChannel {
  let nextCallId = 1;
  let disposed = false;
  const pending = new Map<number, (res: unknown) => void>();
  const registered = new Set<SdkEventType>();
  const listeners: Record<SdkEventType, Set<(params: unknown) => void>> = {
    SETTINGS_UPDATED: new Set(),
    COMPONENT_DELETED: new Set(),
    EDIT_MODE_CHANGE: new Set(),
  };

  function send(type: string, namespace: string, data: unknown, onReply?: (res: unknown) => void): void {
    if (disposed) return;
    const callId = nextCallId++;
    const call: SdkCall = { intent: 'TPA2', callId, type, compId, deviceType, namespace, version: STAGE_SDK_VERSION, data };
    if (onReply) pending.set(callId, onReply);
    win.parent.postMessage(JSON.stringify(call), hostOrigin);
  }

  function register(eventKey: SdkEventType): void {
    if (registered.has(eventKey)) return;
    registered.add(eventKey);
    send(CallType.registerEventListener, 'Base', { eventKey });
  }

  function subscribe(eventKey: SdkEventType, cb: (params: unknown) => void): Unsubscribe {
    listeners[eventKey].add(cb);
    register(eventKey);
    return () => {
      listeners[eventKey].delete(cb);
    };
  }

  function onMessage(event: MessageEvent): void {
    if (event.source !== win.parent || event.origin !== hostOrigin) return;
    const msg = parseHostMessage(event.data);
    if (!msg) return;
    if (msg.intent === 'TPA_RESPONSE') {
      const resolve = pending.get(msg.callId);
      if (!resolve) return;
      pending.delete(msg.callId);
      resolve(msg.res);
      return;
    }
    const eventType = msg.eventType as SdkEventType;
    const set = listeners[eventType];
    if (!set) return;
    for (const cb of [...set]) cb(msg.params);
  }

  win.addEventListener('message', onMessage);

  return {
    send,
    subscribe,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      win.removeEventListener('message', onMessage);
      pending.clear();
      for (const set of Object.values(listeners)) set.clear();
    },
  };
}

export function createStageBridge(win: Window, options: StageBridgeOptions = {}): StageBridge {
  const hostOrigin = options.hostOrigin ?? win.location.origin;
  if (!isPostableOrigin(hostOrigin)) {
    throw new TypeError(`Stage bridge: '${hostOrigin}' is not an http(s) origin to talk to`);
  }
  const query = new URLSearchParams(options.search ?? win.location.search);
  const origCompId = query.get('origCompId');
  const locale = (query.get('locale') || 'en').toLowerCase();
  let mode: ViewMode = toViewMode(query.get('viewMode')) ?? 'site';
  const modeListeners = new Set<(mode: ViewMode) => void>();
  const channel = createHostChannel(win, hostOrigin, query.get('compId'), query.get('deviceType') ?? 'desktop');
  const { send, subscribe } = channel;

  function applyMode(value: unknown): void {
    const next = toViewMode(value);
    if (!next || next === mode) return;
    mode = next;
    for (const cb of [...modeListeners]) cb(next);
  }

  let startupTimer: ReturnType<typeof setTimeout> | undefined;
  const startup = new Promise<Startup>((resolve) => {
    const fallback = (): void => resolve({ siteTextPresets: defaultPresets(), siteColors: defaultColors() });
    startupTimer = setTimeout(fallback, options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
    send(CallType.appIsAlive, 'Base', { version: STAGE_SDK_VERSION }, (res) => {
      clearTimeout(startupTimer);
      const r = typeof res === 'object' && res !== null ? (res as Record<string, unknown>) : {};
      resolve({
        siteTextPresets: parseSiteTextPresets(r.siteTextPresets) ?? defaultPresets(),
        siteColors: parseSiteColors(r.siteColors) ?? defaultColors(),
      });
    });
  });

  // Like the SDK, follow the host's view mode from the start, so viewMode() is always current.
  subscribe('EDIT_MODE_CHANGE', (params) => {
    applyMode(typeof params === 'object' && params !== null ? (params as { editMode?: unknown }).editMode : undefined);
  });
  send(CallType.getViewMode, 'Utils', {}, (res) => {
    applyMode(typeof res === 'object' && res !== null ? (res as { editMode?: unknown }).editMode : undefined);
  });

  return {
    settingsUpdated: (message?: unknown) => {
      send(CallType.postMessage, 'Settings', { message, compId: origCompId ?? '*' });
    },
    onSettingsUpdated: (cb) => subscribe('SETTINGS_UPDATED', (params) => cb(params)),
    onComponentDeleted: (cb) => subscribe('COMPONENT_DELETED', () => cb()),
    siteTextPresets: () => startup.then((s) => copyPresets(s.siteTextPresets)),
    siteColors: () => startup.then((s) => copyColors(s.siteColors)),
    locale: () => locale,
    viewMode: () => mode,
    onViewModeChanged: (cb) => {
      modeListeners.add(cb);
      return () => {
        modeListeners.delete(cb);
      };
    },
    dispose: () => {
      channel.dispose();
      modeListeners.clear();
    },
  };
}

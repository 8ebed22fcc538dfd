/**
 * The local editor stage: a plain-DOM page (index.html) that plays the website builder for the
 * two pages of this app. It frames the widget and the settings panel, answers the platform's
 * iframe protocol for both (sdkProtocol.ts), relays "settings updated" from the panel to the
 * widget, deletes and re-adds the component, switches between editor and site view, and holds the
 * mock backend's switches. Unlike the real platform it checks the source and origin of every
 * message and addresses its frames by origin, never '*'.
 */
import type { SiteColor, SiteTextPresets } from '../src/editor/EditorBridge';
import { DEV_INSTANCE } from './devInstance';
import { CallType, encodeEvent, encodeReply, isKnownEvent, isPostableOrigin, parseSdkCall, type SdkCall, type SdkEventType } from '../src/editor/sdkProtocol';
import { DEFAULT_STYLE_PARAMS } from '../src/editor/siteDefaults';
import { copyColors, copyPresets, defaultColors, defaultPresets } from '../src/editor/siteStyles';

export type StageViewMode = 'editor' | 'site';
export type StageFrameRole = 'widget' | 'settings';

export const STAGE_TITLE = 'Drive File Widget — local editor stage';
export const STAGE_COMP_ID = 'comp-local-1';
export const SETTINGS_COMP_ID = 'tpaSettings';
export const SETTINGS_PANEL_WIDTH = 450;
export const SETTINGS_PANEL_HEIGHT = 720;

export const WIDGET_FRAME_ID = 'widget-frame';
export const SETTINGS_FRAME_ID = 'settings-frame';
export const WIDGET_FRAME_TITLE = 'Widget';
export const SETTINGS_FRAME_TITLE = 'Settings panel';

/** Accessible names of the stage's controls, for tests that drive the stage as a user would. */
export const STAGE_LABELS = {
  viewMode: 'View mode',
  editorMode: 'Editor',
  siteMode: 'Site',
  deleteComponent: 'Delete component',
  addComponentBack: 'Add component back',
  mockBackend: 'Mock backend',
  latency: 'Latency (ms)',
  failureRate: 'Failure rate (0–1)',
  resetMockDrive: 'Reset mock drive',
  eventLog: 'Event log',
} as const;

/** localStorage keys the mock backend reads. */
export const MOCK_STORAGE_KEYS = {
  latencyMs: 'mirage:latencyMs',
  failureRate: 'mirage:failureRate',
  state: 'mirage:state',
} as const;

export const MAX_MOCK_LATENCY_MS = 60_000;
export const LOG_LIMIT = 20;
/** Time the widget gets after COMPONENT_DELETED, on top of the mock backend's latency, before its frame goes. */
export const DELETE_GRACE_MS = 300;

export interface StageHostOptions {
  /** Page of the widget view, relative to the stage page. Default 'widget.html'. */
  widgetUrl?: string;
  /** Page of the settings panel, relative to the stage page. Default 'settings.html'. */
  settingsUrl?: string;
  /** Signed instance for both frames. Default: DEV_INSTANCE (devInstance.ts). */
  instance?: string;
  /** Editor language handed to the frames. Default 'en'. */
  locale?: string;
  /** The only origin frames may speak from and are addressed with. Default: the stage's own origin. */
  origin?: string;
  /** Show the "Mock backend" box. Default true. */
  mockBackend?: boolean;
  /** Where the mock backend's switches live. Default: the window's localStorage. */
  storage?: Storage;
  /** Wait between COMPONENT_DELETED and removing the widget frame. Default: 300 ms + the stored mock latency. */
  deleteDelayMs?: number;
  siteTextPresets?: SiteTextPresets;
  siteColors?: SiteColor[];
}

export interface StageHost {
  readonly root: HTMLElement;
  /** The widget's iframe, or null while the component is deleted. */
  widgetFrame(): HTMLIFrameElement | null;
  settingsFrame(): HTMLIFrameElement | null;
  viewMode(): StageViewMode;
  setViewMode(mode: StageViewMode): void;
  /** COMPONENT_DELETED to the widget, then (after the delete delay) its frame is removed. */
  deleteComponent(): Promise<void>;
  /** Re-creates the widget frame after a delete. */
  addComponent(): void;
  /** Removes the mock drive's stored state and reloads the frames. */
  resetMockDrive(): void;
  /** Replaces both frames with fresh ones (new cacheKiller); their registrations start over. */
  reloadFrames(): void;
  /** Events the frame of that role registered for, in registration order. */
  listenersOf(role: StageFrameRole): string[];
  /** Texts of the event log, oldest first (at most LOG_LIMIT). */
  logEntries(): string[];
  dispose(): void;
}

export interface WidgetUrlParams {
  instance: string;
  compId: string;
  viewMode: StageViewMode;
  locale: string;
  deviceType: string;
  cacheKiller: string;
}

export interface SettingsUrlParams {
  instance: string;
  origCompId: string;
  locale: string;
  width: number;
}

export function buildWidgetUrl(page: string, p: WidgetUrlParams): string {
  const query = new URLSearchParams({
    instance: p.instance,
    compId: p.compId,
    viewMode: p.viewMode,
    locale: p.locale,
    deviceType: p.deviceType,
    cacheKiller: p.cacheKiller,
  });
  return `${page}?${query.toString()}`;
}

export function buildSettingsUrl(page: string, p: SettingsUrlParams): string {
  const query = new URLSearchParams({
    instance: p.instance,
    compId: SETTINGS_COMP_ID,
    origCompId: p.origCompId,
    viewMode: 'editor',
    locale: p.locale,
    width: String(p.width),
  });
  return `${page}?${query.toString()}`;
}

interface FrameRecord {
  role: StageFrameRole;
  compId: string;
  iframe: HTMLIFrameElement;
  events: Set<string>;
}

const ROLE_NAME: Record<StageFrameRole, string> = { widget: WIDGET_FRAME_TITLE, settings: SETTINGS_FRAME_TITLE };

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'undefined';
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function clock(date: Date): string {
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

export function mountStage(root: HTMLElement, options: StageHostOptions = {}): StageHost {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error('mountStage: the root element must be in a document with a window');
  const origin = options.origin ?? win.location.origin;
  if (!isPostableOrigin(origin)) throw new TypeError(`mountStage: '${origin}' is not an http(s) origin`);

  const widgetPage = options.widgetUrl ?? 'widget.html';
  const settingsPage = options.settingsUrl ?? 'settings.html';
  const instance = options.instance ?? DEV_INSTANCE;
  const locale = (options.locale ?? 'en').toLowerCase();
  const presets = options.siteTextPresets ? copyPresets(options.siteTextPresets) : defaultPresets();
  const colors = options.siteColors ? copyColors(options.siteColors) : defaultColors();
  const storage = safeStorage(() => options.storage ?? win.localStorage);

  let mode: StageViewMode = 'editor';
  let disposed = false;
  let deleting = false;
  let lastCacheKiller = 0;
  const records: FrameRecord[] = [];
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>();

  // ---- DOM ---------------------------------------------------------------------------------
  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs: Record<string, string> = {},
    ...children: Array<Node | string>
  ): HTMLElementTagNameMap[K] {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  function radio(value: StageViewMode, label: string): { label: HTMLLabelElement; input: HTMLInputElement } {
    const input = el('input', { type: 'radio', name: 'stage-view-mode', value });
    input.checked = value === mode;
    input.addEventListener('change', () => {
      if (input.checked) setViewMode(value);
    });
    return { label: el('label', { class: 'stage-radio' }, input, ` ${label}`), input };
  }

  const editorRadio = radio('editor', STAGE_LABELS.editorMode);
  const siteRadio = radio('site', STAGE_LABELS.siteMode);
  const deleteButton = el('button', { type: 'button', class: 'stage-button stage-button--danger' }, STAGE_LABELS.deleteComponent);
  const addButton = el('button', { type: 'button', class: 'stage-button' }, STAGE_LABELS.addComponentBack);
  addButton.hidden = true;
  deleteButton.addEventListener('click', () => void deleteComponent());
  addButton.addEventListener('click', () => addComponent());

  const header = el(
    'header',
    { class: 'stage-header' },
    el('h1', { class: 'stage-title' }, STAGE_TITLE),
    el(
      'div',
      { class: 'stage-toolbar' },
      el('fieldset', { class: 'stage-mode' }, el('legend', {}, STAGE_LABELS.viewMode), editorRadio.label, siteRadio.label),
      deleteButton,
      addButton,
    ),
  );

  const deletedNote = el('p', { class: 'stage-placeholder' }, `The component was deleted. Use “${STAGE_LABELS.addComponentBack}” to restore it.`);
  deletedNote.hidden = true;
  const canvasBody = el('div', { class: 'stage-frame-box stage-frame-box--widget' }, deletedNote);
  const canvas = el(
    'section',
    { class: 'stage-column stage-column--widget', 'aria-labelledby': 'stage-canvas-title' },
    el('h2', { id: 'stage-canvas-title', class: 'stage-column-title' }, `Site canvas · ${STAGE_COMP_ID}`),
    canvasBody,
  );
  const panelBody = el('div', { class: 'stage-frame-box stage-frame-box--settings' });
  const panel = el(
    'section',
    { class: 'stage-column stage-column--settings', 'aria-labelledby': 'stage-panel-title' },
    el('h2', { id: 'stage-panel-title', class: 'stage-column-title' }, `${SETTINGS_FRAME_TITLE} · ${SETTINGS_PANEL_WIDTH} px`),
    panelBody,
  );

  const logList = el('ol', { class: 'stage-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'stage-log-title' });
  const tools = el('aside', { class: 'stage-column stage-column--tools' });
  if (options.mockBackend !== false) tools.append(mockBackendBox());
  tools.append(
    el(
      'section',
      { class: 'stage-box', 'aria-labelledby': 'stage-log-title' },
      el('h2', { id: 'stage-log-title', class: 'stage-box-title' }, STAGE_LABELS.eventLog),
      logList,
    ),
  );

  root.classList.add('stage');
  root.dataset.viewMode = mode;
  root.replaceChildren(header, el('main', { class: 'stage-main' }, canvas, panel, tools));

  function mockBackendBox(): HTMLElement {
    const latency = numberField({
      id: 'stage-mock-latency',
      label: STAGE_LABELS.latency,
      key: MOCK_STORAGE_KEYS.latencyMs,
      attrs: { min: '0', max: String(MAX_MOCK_LATENCY_MS), step: '50', inputmode: 'numeric' },
      error: `Enter whole milliseconds from 0 to ${MAX_MOCK_LATENCY_MS}.`,
      valid: (text) => /^\d+$/.test(text) && Number(text) <= MAX_MOCK_LATENCY_MS,
    });
    const failure = numberField({
      id: 'stage-mock-failure-rate',
      label: STAGE_LABELS.failureRate,
      key: MOCK_STORAGE_KEYS.failureRate,
      attrs: { min: '0', max: '1', step: '0.05', inputmode: 'decimal' },
      error: 'Enter a number from 0 to 1.',
      valid: (text) => /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(text),
    });
    const reset = el('button', { type: 'button', class: 'stage-button' }, STAGE_LABELS.resetMockDrive);
    reset.addEventListener('click', () => resetMockDrive());
    return el(
      'section',
      { class: 'stage-box', 'aria-labelledby': 'stage-mock-title' },
      el('h2', { id: 'stage-mock-title', class: 'stage-box-title' }, STAGE_LABELS.mockBackend),
      latency,
      failure,
      el('p', { class: 'stage-hint' }, 'Empty means the mock’s default. Stored in this browser’s localStorage.'),
      reset,
    );
  }

  function numberField(f: {
    id: string;
    label: string;
    key: string;
    attrs: Record<string, string>;
    error: string;
    valid: (text: string) => boolean;
  }): HTMLElement {
    const input = el('input', { id: f.id, type: 'number', ...f.attrs, 'aria-describedby': `${f.id}-error` });
    input.value = storage.get(f.key) ?? '';
    const error = el('p', { id: `${f.id}-error`, class: 'stage-error' }, f.error);
    error.hidden = true;
    const commit = (): void => {
      const text = input.value.trim();
      const ok = text === '' || f.valid(text);
      input.setAttribute('aria-invalid', String(!ok));
      error.hidden = ok;
      if (!ok) return;
      if (text === '') storage.remove(f.key);
      else storage.set(f.key, String(Number(text)));
    };
    input.addEventListener('input', commit);
    input.addEventListener('change', commit);
    return el('div', { class: 'stage-field' }, el('label', { for: f.id }, f.label), input, error);
  }

  // ---- log -----------------------------------------------------------------------------------
  function log(text: string): void {
    if (disposed) return;
    const time = clock(new Date());
    logList.append(el('li', {}, el('time', {}, time), ` ${text}`));
    while (logList.children.length > LOG_LIMIT) logList.firstElementChild?.remove();
  }

  // ---- frames --------------------------------------------------------------------------------
  function nextCacheKiller(): string {
    lastCacheKiller = Math.max(Date.now(), lastCacheKiller + 1);
    return String(lastCacheKiller);
  }

  function createFrame(role: StageFrameRole): FrameRecord {
    const iframe = doc.createElement('iframe');
    if (role === 'widget') {
      iframe.id = WIDGET_FRAME_ID;
      iframe.title = WIDGET_FRAME_TITLE;
      iframe.className = 'stage-frame stage-frame--widget';
      iframe.src = buildWidgetUrl(widgetPage, {
        instance,
        compId: STAGE_COMP_ID,
        viewMode: mode,
        locale,
        deviceType: 'desktop',
        cacheKiller: nextCacheKiller(),
      });
    } else {
      iframe.id = SETTINGS_FRAME_ID;
      iframe.title = SETTINGS_FRAME_TITLE;
      iframe.className = 'stage-frame stage-frame--settings';
      iframe.width = String(SETTINGS_PANEL_WIDTH);
      iframe.height = String(SETTINGS_PANEL_HEIGHT);
      iframe.src = buildSettingsUrl(settingsPage, { instance, origCompId: STAGE_COMP_ID, locale, width: SETTINGS_PANEL_WIDTH });
    }
    const record: FrameRecord = { role, compId: role === 'widget' ? STAGE_COMP_ID : SETTINGS_COMP_ID, iframe, events: new Set() };
    records.push(record);
    (role === 'widget' ? canvasBody : panelBody).append(iframe);
    return record;
  }

  function removeFrame(record: FrameRecord): void {
    const index = records.indexOf(record);
    if (index >= 0) records.splice(index, 1);
    record.iframe.remove();
  }

  const recordOf = (role: StageFrameRole): FrameRecord | undefined => records.find((r) => r.role === role);

  createFrame('widget');
  createFrame('settings');

  // ---- protocol ------------------------------------------------------------------------------
  function post(record: FrameRecord, data: string): void {
    record.iframe.contentWindow?.postMessage(data, origin);
  }

  function sendEvent(record: FrameRecord, eventType: SdkEventType, params: unknown): boolean {
    if (!record.events.has(eventType)) return false;
    post(record, encodeEvent(eventType, params));
    return true;
  }

  function onMessage(event: MessageEvent): void {
    const record = event.source ? records.find((r) => r.iframe.contentWindow === event.source) : undefined;
    if (!record || event.origin !== origin) {
      if (parseSdkCall(event.data)) {
        log(record ? `Ignored a call from ${ROLE_NAME[record.role]} with origin ${event.origin || '(none)'}` : 'Ignored a call from a window that is not one of the stage’s frames');
      }
      return;
    }
    const call = parseSdkCall(event.data);
    if (call) handleCall(record, call);
  }

  function handleCall(record: FrameRecord, call: SdkCall): void {
    const from = ROLE_NAME[record.role];
    switch (call.type) {
      case CallType.appIsAlive:
        post(record, encodeReply(call, { siteColors: copyColors(colors), siteTextPresets: copyPresets(presets), style: DEFAULT_STYLE_PARAMS, fonts: { cssUrls: [] } }));
        log(`${from}: appIsAlive answered`);
        return;
      case CallType.getViewMode:
        post(record, encodeReply(call, { editMode: record.role === 'settings' ? 'editor' : mode }));
        return;
      case CallType.getSiteTextPresets:
        post(record, encodeReply(call, copyPresets(presets)));
        return;
      case CallType.getSiteColors:
        post(record, encodeReply(call, copyColors(colors)));
        return;
      case CallType.registerEventListener: {
        const eventKey = (call.data as { eventKey?: unknown } | null)?.eventKey;
        if (!isKnownEvent(eventKey)) {
          log(`${from}: ignored registration for unknown event ${preview(eventKey)}`);
          return;
        }
        if (!record.events.has(eventKey)) {
          record.events.add(eventKey);
          log(`${from} listens to ${eventKey}`);
        }
        return;
      }
      case CallType.postMessage:
        relaySettingsUpdated(record, call);
        return;
      default:
        log(`${from}: unhandled call ${preview(call.type)}`);
    }
  }

  function relaySettingsUpdated(record: FrameRecord, call: SdkCall): void {
    const data = call.data as { message?: unknown; compId?: unknown } | null;
    if (record.role !== 'settings' || call.namespace !== 'Settings' || typeof data?.compId !== 'string') {
      log(`${ROLE_NAME[record.role]}: ignored a malformed settings update`);
      return;
    }
    const target = data.compId;
    const widgets = records.filter((r) => r.role === 'widget' && (target === '*' || r.compId === target));
    const reached = widgets.filter((w) => sendEvent(w, 'SETTINGS_UPDATED', data.message));
    const summary = reached.length > 0 ? `relayed to ${reached.map((w) => w.compId).join(', ')}` : `no widget ${target} is listening`;
    log(`SETTINGS_UPDATED ${preview(data.message)}: ${summary}`);
  }

  win.addEventListener('message', onMessage);

  // ---- actions -------------------------------------------------------------------------------
  function setViewMode(next: StageViewMode): void {
    editorRadio.input.checked = next === 'editor';
    siteRadio.input.checked = next === 'site';
    if (next === mode) return;
    mode = next;
    root.dataset.viewMode = mode;
    panel.hidden = mode === 'site';
    const widget = recordOf('widget');
    const told = widget ? sendEvent(widget, 'EDIT_MODE_CHANGE', { editMode: mode }) : false;
    log(`View mode: ${mode}${told ? ' (widget told)' : ''}`);
  }

  /** Resolves after `ms`, or at once when the stage is disposed. */
  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });
  }

  function deleteDelay(): number {
    if (options.deleteDelayMs !== undefined) return Math.max(0, options.deleteDelayMs);
    const stored = Number(storage.get(MOCK_STORAGE_KEYS.latencyMs));
    const latency = Number.isFinite(stored) ? Math.min(Math.max(stored, 0), MAX_MOCK_LATENCY_MS) : 0;
    return DELETE_GRACE_MS + latency;
  }

  async function deleteComponent(): Promise<void> {
    const widget = recordOf('widget');
    if (!widget || deleting || disposed) return;
    deleting = true;
    const hadFocus = doc.activeElement === deleteButton; // a disabled button loses focus, so look now
    deleteButton.disabled = true;
    const told = sendEvent(widget, 'COMPONENT_DELETED', { compId: widget.compId });
    log(told ? `COMPONENT_DELETED sent to ${widget.compId}` : `Deleted ${widget.compId}; it was not listening to COMPONENT_DELETED`);
    await wait(deleteDelay());
    deleting = false;
    if (disposed) return;
    const current = recordOf('widget'); // the frames may have been reloaded meanwhile
    if (current) removeFrame(current);
    deletedNote.hidden = false;
    deleteButton.hidden = true;
    deleteButton.disabled = false;
    addButton.hidden = false;
    if (hadFocus) addButton.focus();
  }

  function addComponent(): void {
    if (recordOf('widget') || deleting || disposed) return;
    const hadFocus = doc.activeElement === addButton;
    createFrame('widget');
    deletedNote.hidden = true;
    addButton.hidden = true;
    deleteButton.hidden = false;
    if (hadFocus) deleteButton.focus();
    log(`Component ${STAGE_COMP_ID} added back`);
  }

  function reloadFrames(): void {
    for (const role of ['widget', 'settings'] as const) {
      const record = recordOf(role);
      if (!record) continue;
      removeFrame(record);
      createFrame(role);
    }
  }

  function resetMockDrive(): void {
    storage.remove(MOCK_STORAGE_KEYS.state);
    reloadFrames();
    log('Mock drive reset; frames reloaded');
  }

  return {
    root,
    widgetFrame: () => recordOf('widget')?.iframe ?? null,
    settingsFrame: () => recordOf('settings')?.iframe ?? null,
    viewMode: () => mode,
    setViewMode,
    deleteComponent,
    addComponent,
    resetMockDrive,
    reloadFrames,
    listenersOf: (role) => [...(recordOf(role)?.events ?? [])],
    logEntries: () => [...logList.children].map((li) => li.textContent ?? ''),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      win.removeEventListener('message', onMessage);
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      records.length = 0;
      root.replaceChildren();
      root.classList.remove('stage');
      delete root.dataset.viewMode;
    },
  };
}

interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** localStorage may be missing or throw (privacy modes, sandboxes): the stage keeps working without it. */
function safeStorage(getStorage: () => Storage): SafeStorage {
  const attempt = <T>(fn: (s: Storage) => T, fallback: T): T => {
    try {
      return fn(getStorage());
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}

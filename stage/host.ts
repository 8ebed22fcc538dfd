/**
 * The local editor stage: a plain-DOM page (index.html at the top level) that plays the website builder for
 * the two pages of this app. It frames the widget and the settings panel, answers the platform's
 * iframe protocol for both, relays "settings updated" from the panel to the widget, deletes and
 * re-adds the component, switches between editor and site view, and holds the mock backend's
 * switches. Its parts: config.ts (names, options, frame URLs), toolbar.ts, frames.ts,
 * messaging.ts (the protocol), mockBackendBox.ts and eventLog.ts; this file puts them together.
 */
import { isPostableOrigin } from '../src/editor/sdkProtocol';
import { copyColors, copyPresets, defaultColors, defaultPresets } from '../src/editor/siteStyles';
import {
  DELETE_GRACE_MS,
  MAX_MOCK_LATENCY_MS,
  MOCK_STORAGE_KEYS,
  SETTINGS_FRAME_TITLE,
  SETTINGS_PANEL_WIDTH,
  STAGE_COMP_ID,
  STAGE_LABELS,
  type StageHost,
  type StageHostOptions,
  type StageViewMode,
} from './config';
import { DEV_INSTANCE } from './devInstance';
import { createWaiter, elementMaker, safeStorage, type ElementMaker, type SafeStorage } from './dom';
import { createEventLog, type EventLog } from './eventLog';
import { createFrameSet, type FrameSet } from './frames';
import { connectFrames, type FrameMessaging } from './messaging';
import { mockBackendBox } from './mockBackendBox';
import { createToolbar, type Toolbar } from './toolbar';

export * from './config';

interface Layout {
  canvasBody: HTMLElement;
  panelBody: HTMLElement;
  panel: HTMLElement;
  deletedNote: HTMLElement;
  tools: HTMLElement;
}

function buildLayout(el: ElementMaker): Layout {
  const deletedNote = el('p', { class: 'stage-placeholder' }, `The component was deleted. Use “${STAGE_LABELS.addComponentBack}” to restore it.`);
  deletedNote.hidden = true;
  const canvasBody = el('div', { class: 'stage-frame-box stage-frame-box--widget' }, deletedNote);
  const panelBody = el('div', { class: 'stage-frame-box stage-frame-box--settings' });
  const panel = el(
    'section',
    { class: 'stage-column stage-column--settings', 'aria-labelledby': 'stage-panel-title' },
    el('h2', { id: 'stage-panel-title', class: 'stage-column-title' }, `${SETTINGS_FRAME_TITLE} · ${SETTINGS_PANEL_WIDTH} px`),
    panelBody,
  );
  const tools = el('aside', { class: 'stage-column stage-column--tools' });
  return { canvasBody, panelBody, panel, deletedNote, tools };
}

function canvasSection(el: ElementMaker, layout: Layout): HTMLElement {
  return el(
    'section',
    { class: 'stage-column stage-column--widget', 'aria-labelledby': 'stage-canvas-title' },
    el('h2', { id: 'stage-canvas-title', class: 'stage-column-title' }, `Site canvas · ${STAGE_COMP_ID}`),
    layout.canvasBody,
  );
}

/** What the stage's actions share: its parts and its few bits of state. */
interface Stage {
  root: HTMLElement;
  doc: Document;
  options: StageHostOptions;
  storage: SafeStorage;
  layout: Layout;
  toolbar: Toolbar;
  frames: FrameSet;
  messaging: FrameMessaging;
  events: EventLog;
  mode: StageViewMode;
  disposed: boolean;
  deleting: boolean;
}

function deleteDelay(stage: Stage): number {
  if (stage.options.deleteDelayMs !== undefined) return Math.max(0, stage.options.deleteDelayMs);
  const stored = Number(stage.storage.get(MOCK_STORAGE_KEYS.latencyMs));
  const latency = Number.isFinite(stored) ? Math.min(Math.max(stored, 0), MAX_MOCK_LATENCY_MS) : 0;
  return DELETE_GRACE_MS + latency;
}

function setViewMode(stage: Stage, next: StageViewMode): void {
  stage.toolbar.showMode(next);
  if (next === stage.mode) return;
  stage.mode = next;
  stage.root.dataset.viewMode = next;
  stage.layout.panel.hidden = next === 'site';
  const widget = stage.frames.of('widget');
  const told = widget ? stage.messaging.sendEvent(widget, 'EDIT_MODE_CHANGE', { editMode: next }) : false;
  stage.events.log(`View mode: ${next}${told ? ' (widget told)' : ''}`);
}

async function deleteComponent(stage: Stage, wait: (ms: number) => Promise<void>): Promise<void> {
  const widget = stage.frames.of('widget');
  if (!widget || stage.deleting || stage.disposed) return;
  stage.deleting = true;
  const { deleteButton } = stage.toolbar;
  const hadFocus = stage.doc.activeElement === deleteButton; // a disabled button loses focus, so look now
  deleteButton.disabled = true;
  const told = stage.messaging.sendEvent(widget, 'COMPONENT_DELETED', { compId: widget.compId });
  stage.events.log(told ? `COMPONENT_DELETED sent to ${widget.compId}` : `Deleted ${widget.compId}; it was not listening to COMPONENT_DELETED`);
  await wait(deleteDelay(stage));
  stage.deleting = false;
  if (stage.disposed) return;
  const current = stage.frames.of('widget'); // the frames may have been reloaded meanwhile
  if (current) stage.frames.remove(current);
  stage.layout.deletedNote.hidden = false;
  stage.toolbar.showDeleted(true, hadFocus);
}

function addComponent(stage: Stage): void {
  if (stage.frames.of('widget') || stage.deleting || stage.disposed) return;
  const hadFocus = stage.doc.activeElement === stage.toolbar.addButton;
  stage.frames.create('widget');
  stage.layout.deletedNote.hidden = true;
  stage.toolbar.showDeleted(false, hadFocus);
  stage.events.log(`Component ${STAGE_COMP_ID} added back`);
}

function reloadFrames(stage: Stage): void {
  for (const role of ['widget', 'settings'] as const) {
    const record = stage.frames.of(role);
    if (!record) continue;
    stage.frames.remove(record);
    stage.frames.create(role);
  }
}

export function mountStage(root: HTMLElement, options: StageHostOptions = {}): StageHost {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  if (!win) throw new Error('mountStage: the root element must be in a document with a window');
  const origin = options.origin ?? win.location.origin;
  if (!isPostableOrigin(origin)) throw new TypeError(`mountStage: '${origin}' is not an http(s) origin`);

  const el = elementMaker(doc);
  const waiter = createWaiter();
  const layout = buildLayout(el);
  const events = createEventLog(el);
  const storage = safeStorage(() => options.storage ?? win.localStorage);
  const stage = { root, doc, options, storage, layout, events, mode: 'editor', disposed: false, deleting: false } as Stage;
  stage.toolbar = createToolbar(el, stage.mode, {
    onViewMode: (mode) => setViewMode(stage, mode),
    onDelete: () => void deleteComponent(stage, waiter.wait),
    onAdd: () => addComponent(stage),
  });
  const resetMockDrive = (): void => {
    storage.remove(MOCK_STORAGE_KEYS.state);
    reloadFrames(stage);
    events.log('Mock drive reset; frames reloaded');
  };
  if (options.mockBackend !== false) layout.tools.append(mockBackendBox(el, storage, resetMockDrive));
  layout.tools.append(events.box);
  root.classList.add('stage');
  root.dataset.viewMode = stage.mode;
  root.replaceChildren(stage.toolbar.header, el('main', { class: 'stage-main' }, canvasSection(el, layout), layout.panel, layout.tools));

  stage.frames = createFrameSet({
    doc,
    instance: options.instance ?? DEV_INSTANCE,
    locale: (options.locale ?? 'en').toLowerCase(),
    widgetPage: options.widgetUrl ?? 'widget.html',
    settingsPage: options.settingsUrl ?? 'settings.html',
    viewMode: () => stage.mode,
    containers: { widget: layout.canvasBody, settings: layout.panelBody },
  });
  stage.frames.create('widget');
  stage.frames.create('settings');
  stage.messaging = connectFrames({
    win,
    origin,
    frames: stage.frames,
    log: (text) => events.log(text),
    presets: options.siteTextPresets ? copyPresets(options.siteTextPresets) : defaultPresets(),
    colors: options.siteColors ? copyColors(options.siteColors) : defaultColors(),
    viewMode: () => stage.mode,
  });

  const dispose = (): void => {
    if (stage.disposed) return;
    stage.disposed = true;
    events.stop();
    stage.messaging.stop();
    waiter.cancelAll();
    stage.frames.clear();
    root.replaceChildren();
    root.classList.remove('stage');
    delete root.dataset.viewMode;
  };

  return {
    root,
    widgetFrame: () => stage.frames.of('widget')?.iframe ?? null,
    settingsFrame: () => stage.frames.of('settings')?.iframe ?? null,
    viewMode: () => stage.mode,
    setViewMode: (mode) => setViewMode(stage, mode),
    deleteComponent: () => deleteComponent(stage, waiter.wait),
    addComponent: () => addComponent(stage),
    resetMockDrive,
    reloadFrames: () => reloadFrames(stage),
    listenersOf: (role) => [...(stage.frames.of(role)?.events ?? [])],
    logEntries: () => events.entries(),
    dispose,
  };
}

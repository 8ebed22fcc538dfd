/** Names, sizes and options of the local editor stage, and the URLs of the two frames it hosts. */
import type { SiteColor, SiteTextPresets } from '../src/editor/EditorBridge';

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
export const ROLE_NAME: Record<StageFrameRole, string> = { widget: WIDGET_FRAME_TITLE, settings: SETTINGS_FRAME_TITLE };

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
  pageSizes: 'Listing page sizes',
  driveAccess: 'Drive access (browse or picker)',
  resetMockDrive: 'Reset mock drive',
  eventLog: 'Event log',
  currentStage: 'Current editor stage',
} as const;

/** localStorage keys the mock backend reads. */
export const MOCK_STORAGE_KEYS = {
  latencyMs: 'mirage:latencyMs',
  failureRate: 'mirage:failureRate',
  pageSizes: 'mirage:pageSizes',
  driveAccess: 'mirage:driveAccess',
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

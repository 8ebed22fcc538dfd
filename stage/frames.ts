/** The stage's two iframes (widget and settings panel): creating, finding and removing them. */
import {
  SETTINGS_COMP_ID,
  SETTINGS_FRAME_ID,
  SETTINGS_FRAME_TITLE,
  SETTINGS_PANEL_HEIGHT,
  SETTINGS_PANEL_WIDTH,
  STAGE_COMP_ID,
  WIDGET_FRAME_ID,
  WIDGET_FRAME_TITLE,
  buildSettingsUrl,
  buildWidgetUrl,
  type StageFrameRole,
  type StageViewMode,
} from './config';

export interface FrameRecord {
  role: StageFrameRole;
  compId: string;
  iframe: HTMLIFrameElement;
  /** Events the frame registered for, in registration order. */
  events: Set<string>;
}

export interface FrameSetOptions {
  doc: Document;
  instance: string;
  locale: string;
  widgetPage: string;
  settingsPage: string;
  viewMode(): StageViewMode;
  /** Where each role's iframe goes. */
  containers: Record<StageFrameRole, HTMLElement>;
}

export interface FrameSet {
  create(role: StageFrameRole): FrameRecord;
  remove(record: FrameRecord): void;
  of(role: StageFrameRole): FrameRecord | undefined;
  /** The frame whose window is `source`. */
  bySource(source: MessageEventSource | null): FrameRecord | undefined;
  all(): readonly FrameRecord[];
  clear(): void;
}

export function createFrameSet(o: FrameSetOptions): FrameSet {
  const records: FrameRecord[] = [];
  let lastCacheKiller = 0;

  function nextCacheKiller(): string {
    lastCacheKiller = Math.max(Date.now(), lastCacheKiller + 1);
    return String(lastCacheKiller);
  }

  function widgetFrame(iframe: HTMLIFrameElement): void {
    iframe.id = WIDGET_FRAME_ID;
    iframe.title = WIDGET_FRAME_TITLE;
    iframe.className = 'stage-frame stage-frame--widget';
    iframe.src = buildWidgetUrl(o.widgetPage, {
      instance: o.instance,
      compId: STAGE_COMP_ID,
      viewMode: o.viewMode(),
      locale: o.locale,
      deviceType: 'desktop',
      cacheKiller: nextCacheKiller(),
    });
  }

  function settingsFrame(iframe: HTMLIFrameElement): void {
    iframe.id = SETTINGS_FRAME_ID;
    iframe.title = SETTINGS_FRAME_TITLE;
    iframe.className = 'stage-frame stage-frame--settings';
    iframe.width = String(SETTINGS_PANEL_WIDTH);
    iframe.height = String(SETTINGS_PANEL_HEIGHT);
    iframe.src = buildSettingsUrl(o.settingsPage, { instance: o.instance, origCompId: STAGE_COMP_ID, locale: o.locale, width: SETTINGS_PANEL_WIDTH });
  }

  return {
    create(role) {
      const iframe = o.doc.createElement('iframe');
      if (role === 'widget') widgetFrame(iframe);
      else settingsFrame(iframe);
      const record: FrameRecord = { role, compId: role === 'widget' ? STAGE_COMP_ID : SETTINGS_COMP_ID, iframe, events: new Set() };
      records.push(record);
      o.containers[role].append(iframe);
      return record;
    },
    remove(record) {
      const index = records.indexOf(record);
      if (index >= 0) records.splice(index, 1);
      record.iframe.remove();
    },
    of: (role) => records.find((r) => r.role === role),
    bySource: (source) => (source ? records.find((r) => r.iframe.contentWindow === source) : undefined),
    all: () => records,
    clear() {
      records.length = 0;
    },
  };
}

/**
 * A test EditorBridge: it records every call and lets a test play the editor (fire settings
 * updated, component deleted and view-mode changes). No timers, no messaging.
 */
import type { EditorBridge, SiteColor, SiteTextPresets, Unsubscribe, ViewMode } from '../../src/editor/EditorBridge';
import { copyColors, copyPresets, defaultColors, defaultPresets } from '../../src/editor/siteStyles';

export type BridgeMethod = keyof EditorBridge;

export interface RecordedCall {
  method: BridgeMethod;
  args: unknown[];
}

export interface RecordingBridgeOptions {
  locale?: string;
  viewMode?: ViewMode;
  siteTextPresets?: SiteTextPresets;
  siteColors?: SiteColor[];
}

export class RecordingBridge implements EditorBridge {
  /** Every call made on the bridge, in order (fire* helpers are not recorded). */
  readonly calls: RecordedCall[] = [];

  private mode: ViewMode;
  private readonly localeValue: string;
  private readonly presets: SiteTextPresets;
  private readonly colors: SiteColor[];
  private readonly settingsListeners = new Set<(message: unknown) => void>();
  private readonly deletedListeners = new Set<() => void>();
  private readonly modeListeners = new Set<(mode: ViewMode) => void>();

  constructor(options: RecordingBridgeOptions = {}) {
    this.mode = options.viewMode ?? 'editor';
    this.localeValue = (options.locale ?? 'en').toLowerCase();
    this.presets = options.siteTextPresets ? copyPresets(options.siteTextPresets) : defaultPresets();
    this.colors = options.siteColors ? copyColors(options.siteColors) : defaultColors();
  }

  // Arrow properties, so methods keep working when passed around unbound (e.g. saga `call(fn)`).

  settingsUpdated = (...args: [message?: unknown]): void => {
    this.record('settingsUpdated', args);
  };

  onSettingsUpdated = (cb: (message: unknown) => void): Unsubscribe => {
    this.record('onSettingsUpdated', [cb]);
    return this.add(this.settingsListeners, cb);
  };

  onComponentDeleted = (cb: () => void): Unsubscribe => {
    this.record('onComponentDeleted', [cb]);
    return this.add(this.deletedListeners, cb);
  };

  siteTextPresets = (): Promise<SiteTextPresets> => {
    this.record('siteTextPresets', []);
    return Promise.resolve(copyPresets(this.presets));
  };

  siteColors = (): Promise<SiteColor[]> => {
    this.record('siteColors', []);
    return Promise.resolve(copyColors(this.colors));
  };

  locale = (): string => {
    this.record('locale', []);
    return this.localeValue;
  };

  viewMode = (): ViewMode => {
    this.record('viewMode', []);
    return this.mode;
  };

  onViewModeChanged = (cb: (mode: ViewMode) => void): Unsubscribe => {
    this.record('onViewModeChanged', [cb]);
    return this.add(this.modeListeners, cb);
  };

  /** The editor says settings were updated: every current onSettingsUpdated listener gets `message`. */
  fireSettingsUpdated(message?: unknown): void {
    for (const cb of [...this.settingsListeners]) cb(message);
  }

  fireComponentDeleted(): void {
    for (const cb of [...this.deletedListeners]) cb();
  }

  /** Changes viewMode() and tells the current onViewModeChanged listeners. */
  fireViewModeChanged(mode: ViewMode): void {
    this.mode = mode;
    for (const cb of [...this.modeListeners]) cb(mode);
  }

  /** The argument lists of every call to `method`, in order. */
  callsTo(method: BridgeMethod): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  /** How many listeners are subscribed right now, per kind. */
  listenerCounts(): { settingsUpdated: number; componentDeleted: number; viewModeChanged: number } {
    return {
      settingsUpdated: this.settingsListeners.size,
      componentDeleted: this.deletedListeners.size,
      viewModeChanged: this.modeListeners.size,
    };
  }

  private record(method: BridgeMethod, args: unknown[]): void {
    this.calls.push({ method, args });
  }

  private add<T>(set: Set<T>, cb: T): Unsubscribe {
    set.add(cb);
    return () => {
      set.delete(cb);
    };
  }
}

export function createRecordingBridge(options?: RecordingBridgeOptions): RecordingBridge {
  return new RecordingBridge(options);
}

/**
 * EditorBridge over the platform's global SDK object (`Wix`, the legacy iframe SDK). Only the
 * members this project uses are typed here.
 */
import type { EditorBridge, SiteColor, SiteTextPresets, Unsubscribe, ViewMode } from './EditorBridge';
import { defaultColors, defaultPresets, parseSiteColors, parseSiteTextPresets, toViewMode } from './siteStyles';

type WixEventName = string;
export type WixEventCallback = (data: unknown) => void;

/** The part of the platform's `Wix` global this project relies on. */
export interface WixSdk {
  readonly Events: {
    readonly SETTINGS_UPDATED: WixEventName;
    readonly COMPONENT_DELETED: WixEventName;
    readonly EDIT_MODE_CHANGE: WixEventName;
  };
  /**
   * Returns an id to remove the listener with. Throws for an event name this SDK version does not
   * know: the real SDK throws a string (not an Error); older notes say a TypeError. Both are handled.
   */
  addEventListener(eventName: WixEventName, callback: WixEventCallback): number;
  removeEventListener(eventName: WixEventName, callbackOrId: number | WixEventCallback): void;
  readonly Settings: {
    triggerSettingsUpdatedEvent(message: unknown, compId: string): void;
  };
  readonly Styles: {
    getSiteTextPresets(callback: (presets: SiteTextPresets) => void): void;
    getSiteColors(callback: (colors: SiteColor[]) => void): void;
  };
  /** The widget's frame height, px (absent from very old SDKs). */
  setHeight?(height: number): void;
  readonly Utils: {
    getOrigCompId(): string | null | undefined;
    getLocale(): string | null | undefined;
    getViewMode(): string;
  };
}

export interface WixBridgeOptions {
  /** How long to wait for the SDK's style getters before the defaults are used. */
  stylesTimeoutMs?: number;
}

const DEFAULT_STYLES_TIMEOUT_MS = 5000;

function fromCallback<T>(request: (cb: (value: unknown) => void) => void, parse: (v: unknown) => T | null, fallback: () => T, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve) => {
    let settled = false;
    const finish = (value: T): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => finish(fallback()), timeoutMs);
    try {
      request((value) => finish(parse(value) ?? fallback()));
    } catch {
      finish(fallback());
    }
  });
}

export function createWixBridge(wix: WixSdk, options: WixBridgeOptions = {}): EditorBridge {
  const timeoutMs = options.stylesTimeoutMs ?? DEFAULT_STYLES_TIMEOUT_MS;

  function listen(eventName: WixEventName | undefined, cb: WixEventCallback): Unsubscribe {
    let id: number;
    try {
      if (eventName === undefined) throw `the SDK has no such event`;
      id = wix.addEventListener(eventName, cb);
    } catch (thrown) {
      // A string or an Error: either way this page cannot hear the event; say so and carry on.
      const reason = thrown instanceof Error ? thrown.message : String(thrown);
      console.warn(`Editor bridge: cannot listen to ${String(eventName)} (${reason}).`);
      return () => {};
    }
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      wix.removeEventListener(eventName, id);
    };
  }

  const viewMode = (): ViewMode => toViewMode(wix.Utils.getViewMode()) ?? 'site';

  return {
    settingsUpdated: (message?: unknown) => {
      wix.Settings.triggerSettingsUpdatedEvent(message, wix.Utils.getOrigCompId() ?? '*');
    },
    onSettingsUpdated: (cb) => listen(wix.Events.SETTINGS_UPDATED, (message) => cb(message)),
    onComponentDeleted: (cb) => listen(wix.Events.COMPONENT_DELETED, () => cb()),
    siteTextPresets: () => fromCallback((cb) => wix.Styles.getSiteTextPresets(cb), parseSiteTextPresets, defaultPresets, timeoutMs),
    siteColors: () => fromCallback((cb) => wix.Styles.getSiteColors(cb), parseSiteColors, defaultColors, timeoutMs),
    locale: () => (wix.Utils.getLocale() || 'en').toLowerCase(),
    viewMode,
    setHeight: (px) => wix.setHeight?.(Math.max(0, Math.round(px))),
    onViewModeChanged: (cb) =>
      listen(wix.Events.EDIT_MODE_CHANGE, (data) => {
        const mode = toViewMode(typeof data === 'object' && data !== null ? (data as { editMode?: unknown }).editMode : undefined);
        if (mode) cb(mode);
      }),
  };
}

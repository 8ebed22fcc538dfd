/**
 * The only door to the website-builder platform. Features receive an EditorBridge through saga
 * context or props; nothing else touches the platform SDK or postMessage.
 */
import type { FontValue } from '../contract/font';

export type ViewMode = 'editor' | 'preview' | 'site' | 'standalone';

export interface SiteTextPreset {
  editorKey: string;
  fontFamily: string;
  size: string;
  lineHeight: string;
  weight: string;
  style: string;
  value: string;
}

/** Keyed by preset name: Title, Menu, Page-title, Heading-XL … Body-XS (font_0 … font_10). */
export type SiteTextPresets = Record<string, SiteTextPreset>;

export interface SiteColor {
  name: string;
  value: string;
  reference?: string;
}

export type Unsubscribe = () => void;

/**
 * What the platform's current editor adds to every call to our server: the widget's key as a query
 * field, and the access token's header, asked for per call (the platform renews the token).
 */
export interface BackendAccess {
  params: Record<string, string>;
  headers(): Promise<Record<string, string>>;
}

export interface ElementContentProp {
  /** The attribute's value now ('' when absent). */
  read(): Promise<string>;
  write(value: string): Promise<void>;
}

/** The editor's colour picker's answer: a colour the model keeps, or the answer it cannot keep. */
export type PickedColor = { value: string } | { unreadable: string };

export interface EditorBridge {
  /** Panel → widget: tell the widget (the panel's origCompId) that settings changed. */
  settingsUpdated(message?: unknown): void;
  /** Widget: called with the panel's message whenever settings were updated. */
  onSettingsUpdated(cb: (message: unknown) => void): Unsubscribe;
  /** Widget: called once the component was deleted from the site. */
  onComponentDeleted(cb: () => void): Unsubscribe;
  siteTextPresets(): Promise<SiteTextPresets>;
  siteColors(): Promise<SiteColor[]>;
  /** Lower-cased locale of the editor or site. */
  locale(): string;
  viewMode(): ViewMode;
  onViewModeChanged(cb: (mode: ViewMode) => void): Unsubscribe;
  /**
   * The editor's own colour picker, where it has one (the current editor's): resolves with the
   * picked colour as the model keeps it (src/contract/colors.ts), with the answer the model cannot
   * keep (`unreadable`), or null when nothing was picked (or the picker failed: said in the console).
   */
  pickColor?(current: string, palette: readonly SiteColor[]): Promise<PickedColor | null>;
  /**
   * The editor's own font picker, where it has one (the current editor's `inputs.selectFont`):
   * opens on `current` and resolves with the font picked (a site text preset's when the owner
   * picked one of the site's fonts), or null when nothing usable was picked.
   */
  pickFont?(current: FontValue, presets: SiteTextPresets): Promise<FontValue | null>;
  /**
   * Only in the platform's current editor: the custom element's `content` attribute (the server's
   * rendering that the site's page carries, elementAttributes.ts), read and written with a time limit.
   */
  readonly elementContent?: ElementContentProp;
  /** Only in the platform's current editor; the legacy model names the caller by its query string. */
  readonly backendAccess?: BackendAccess;
  /** Widget, legacy model: the host sizes the widget's frame to `px` tall (where the host can). */
  setHeight?(px: number): void;
}

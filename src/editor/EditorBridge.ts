/**
 * The only door to the website-builder platform. Features receive an EditorBridge through saga
 * context or props; nothing else touches the platform SDK or postMessage.
 */
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
  /** Widget, legacy model: the host sizes the widget's frame to `px` tall (where the host can). */
  setHeight?(px: number): void;
}

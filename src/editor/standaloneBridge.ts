/**
 * EditorBridge for a page opened on its own, outside any editor or site: nothing to signal and
 * nothing to hear; styles are the defaults.
 */
import type { EditorBridge, Unsubscribe } from './EditorBridge';

const noop: Unsubscribe = () => {};

export function createStandaloneBridge(options: { locale?: string } = {}): EditorBridge {
  const locale = (options.locale || 'en').toLowerCase();
  return {
    settingsUpdated: () => {},
    onSettingsUpdated: () => noop,
    onComponentDeleted: () => noop,
    // The defaults load only if asked for: the widget's first bundle stays small.
    siteTextPresets: () => import('./siteStyles').then((m) => m.defaultPresets()),
    siteColors: () => import('./siteStyles').then((m) => m.defaultColors()),
    locale: () => locale,
    viewMode: () => 'standalone',
    onViewModeChanged: () => noop,
  };
}

/**
 * EditorBridge for a page opened on its own, outside any editor or site: nothing to signal and
 * nothing to hear; styles are the defaults.
 */
import type { EditorBridge, Unsubscribe } from './EditorBridge';
import { defaultColors, defaultPresets } from './siteStyles';

const noop: Unsubscribe = () => {};

export function createStandaloneBridge(options: { locale?: string } = {}): EditorBridge {
  const locale = (options.locale || 'en').toLowerCase();
  return {
    settingsUpdated: () => {},
    onSettingsUpdated: () => noop,
    onComponentDeleted: () => noop,
    siteTextPresets: () => Promise.resolve(defaultPresets()),
    siteColors: () => Promise.resolve(defaultColors()),
    locale: () => locale,
    viewMode: () => 'standalone',
    onViewModeChanged: () => noop,
  };
}

import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { toLanguage } from '../i18n/languages';
import { useTranslator } from '../i18n/useTranslator';
import { widgetCatalogues } from '../i18n/widget/catalogues';
import type { WidgetController } from './widgetController';
import { WidgetView, type WidgetViewProps } from './WidgetView';

/**
 * The widget speaks the language the owner chose in the panel (the user model's `locale`); until
 * the model is known, the site's. A new choice arrives with settings-updated and re-renders.
 */
export function Widget({
  controller,
  siteLocale,
  View = WidgetView,
}: {
  controller: WidgetController;
  siteLocale: string;
  View?: ComponentType<WidgetViewProps>;
}) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const i18n = useTranslator(widgetCatalogues, toLanguage(state.model?.locale ?? siteLocale));
  useEffect(() => {
    document.documentElement.lang = i18n.tag;
  }, [i18n.tag]);
  if (state.deleted) return null;
  return <View model={state.model} viewMode={state.viewMode} error={state.error} palette={state.palette} i18n={i18n} />;
}

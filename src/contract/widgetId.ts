/**
 * Which widget a request is about (spec §2: every call carries instance, compId and origCompId
 * from the page's query string, each null when absent). The settings panel's own compId is
 * `tpaSettings` and it names its widget by origCompId; the widget names itself by compId.
 */
import { isStorableId } from './text';

export const SETTINGS_PANEL_COMP_ID = 'tpaSettings';

/** The query values that name a widget; '' and absent both mean null. */
export interface WidgetQuery {
  compId?: string | null;
  origCompId?: string | null;
}

const usable = (value: string | null | undefined): string | null => (value ? value : null);

/** A widget id the server keys settings by: storable text, 1–200 characters, no control characters. */
export function isWidgetId(value: unknown): value is string {
  return isStorableId(value);
}

/** The widget's id: origCompId when present, else compId unless it is the panel's own; null when neither names one. */
export function widgetIdOf(query: WidgetQuery): string | null {
  const own = usable(query.compId);
  const id = usable(query.origCompId) ?? (own === SETTINGS_PANEL_COMP_ID ? null : own);
  return isWidgetId(id) ? id : null;
}

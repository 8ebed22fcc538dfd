/**
 * Which site holds a widget key in the mock's state, for the contract's rule (keyHeldByAnother of
 * src/contract/widgetKey.ts): the site that first saved settings under it, deleted ones included
 * (their revision stays). The state's objects keep their keys in the order they were first written,
 * so the first settings key naming the widget is the first save's, as the server's unique index keeps it.
 */
import { isWidgetKey, keyHeldByAnother } from '../src/contract/widgetKey';
import type { Context } from './http';
import type { MockState } from './state';

/** A settings key (`instance:widgetId`, instance.ts) split; a widget key sent as `widgetKey` is stored as `key:<key>`. */
function partsOf(settingsKey: string): { site: string; widgetId: string } {
  const colon = settingsKey.indexOf(':');
  const widgetId = settingsKey.slice(colon + 1);
  return { site: settingsKey.slice(0, colon), widgetId: widgetId.startsWith('key:') ? widgetId.slice(4) : widgetId };
}

/** The settings key of the site holding `widgetKey`, or null when no site saved under it. */
export function keyHolder(state: MockState, widgetKey: string): string | null {
  const keys = new Set([...Object.keys(state.revisions), ...Object.keys(state.users)]);
  for (const settingsKey of keys) if (partsOf(settingsKey).widgetId === widgetKey) return settingsKey;
  return null;
}

/** True when the request's widget is a widget key another site holds: its settings are not this site's to change. */
export function heldByAnother(ctx: Context): boolean {
  const { site, widgetId } = partsOf(ctx.key);
  if (!isWidgetKey(widgetId)) return false;
  const holder = keyHolder(ctx.state, widgetId);
  return keyHeldByAnother(widgetId, site, holder === null ? null : partsOf(holder).site);
}

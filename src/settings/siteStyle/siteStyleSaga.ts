/** Asks the editor for the site's palette and text presets once, at start-up. */
import { all, call, put } from 'typed-redux-saga';
import type { SiteColor, SiteTextPresets } from '../../editor/EditorBridge';
import { services } from '../services/context';
import { siteStyleActions } from '../model';

function* orNull<T>(read: () => Promise<T>) {
  try {
    return yield* call(read);
  } catch {
    return null; // the defaults stay
  }
}

export function* loadSiteStyle() {
  const { bridge } = yield* services();
  const { colors, presets } = yield* all({
    colors: call(orNull<SiteColor[]>, () => bridge.siteColors()),
    presets: call(orNull<SiteTextPresets>, () => bridge.siteTextPresets()),
  });
  yield* put(siteStyleActions.loaded({ colors, presets }));
}

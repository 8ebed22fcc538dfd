/** Asks the editor for the site's palette and text presets once, at start-up. */
import { all, call, put } from 'redux-saga/effects';
import type { SiteColor, SiteTextPresets } from '../../editor/EditorBridge';
import { services } from '../services/context';
import { siteStyleActions } from '../model';

function* orNull<T>(read: () => Promise<T>): Generator<unknown, T | null, T> {
  try {
    return yield call(read);
  } catch {
    return null; // the defaults stay
  }
}

export function* loadSiteStyle(): Generator<unknown, void, never> {
  const { bridge } = yield* services();
  const [colors, presets]: [SiteColor[] | null, SiteTextPresets | null] = yield all([
    call(orNull<SiteColor[]>, () => bridge.siteColors()),
    call(orNull<SiteTextPresets>, () => bridge.siteTextPresets()),
  ]);
  yield put(siteStyleActions.loaded({ colors, presets }));
}

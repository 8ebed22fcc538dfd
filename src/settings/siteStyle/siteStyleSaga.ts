/**
 * Asks the editor for the site's palette and text presets once, at start-up; where the editor has a
 * colour or font picker of its own, opens it when the owner asks, and applies what was picked.
 */
import { all, call, put, select, takeLatest } from 'typed-redux-saga';
import type { SiteColor, SiteTextPresets } from '../../editor/EditorBridge';
import { services } from '../services/context';
import { editorColorPickRequested, editorFontPicked, editorFontPickRequested, selectPalette, selectPresets, siteStyleActions, userActions } from '../model';

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
  if (bridge.pickColor) {
    yield* put(siteStyleActions.editorColorPickerFound());
    yield* takeLatest(editorColorPickRequested, pickWithEditor);
  }
  if (bridge.pickFont) {
    yield* put(siteStyleActions.editorFontPickerFound());
    yield* takeLatest(editorFontPickRequested, pickFontWithEditor);
  }
}

function* pickFontWithEditor({ payload }: ReturnType<typeof editorFontPickRequested>) {
  const { bridge } = yield* services();
  const presets = yield* select(selectPresets);
  // As for colours: the adapter says a failure in the console and answers null, and the font stays.
  const picked = yield* call(() => bridge.pickFont?.(payload.font, presets) ?? Promise.resolve(null));
  if (picked) yield* put(editorFontPicked(picked));
}

function* pickWithEditor({ payload }: ReturnType<typeof editorColorPickRequested>) {
  const { bridge } = yield* services();
  const palette = yield* select(selectPalette);
  // The adapter says a failure in the console and answers null: the colour stays as it was.
  const picked = yield* call(() => bridge.pickColor?.(payload.value, palette) ?? Promise.resolve(null));
  if (!picked) return;
  // An answer the model cannot keep is said beside the colour, which stays as it was.
  if ('unreadable' in picked) {
    yield* put(siteStyleActions.editorColorAnswered({ target: payload.target, answer: picked.unreadable }));
    return;
  }
  yield* put(siteStyleActions.editorColorAnswered(null));
  yield* put(userActions.colorChanged({ target: payload.target, value: picked.value }));
}

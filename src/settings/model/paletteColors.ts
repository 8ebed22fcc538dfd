/**
 * The model's `paletteColors`: what each palette reference among its colours stands for in the
 * editor's palette. They are saved with the owner's changes, so the widget draws the site's
 * colours from its first paint, before the site's palette has answered.
 *
 * Kept by the root reducer (`withPaletteColors`) in the same step as the change itself: one state
 * change, one preview, one save, and an untouched model is left alone (opening the panel saves
 * nothing).
 */
import type { Action, Reducer } from '@reduxjs/toolkit';
import { isPaletteColorEntry, sortedPaletteColors, type PaletteColors, type UserModel } from '../../api/schemas';
import { sameModel } from '../../contract/modelChanges';
import type { SiteColor } from '../../editor/EditorBridge';
import type { ColorTarget } from './displayReducers';
import type { RootState } from './state';

const COLOR_TARGETS: readonly ColorTarget[] = ['borderColor', 'backgroundColor', 'textColor'];

/** The model's palette references with their colours in `palette` (custom colours need none). */
export function paletteColorsOf(model: UserModel, palette: readonly SiteColor[]): PaletteColors {
  const entries = new Map<string, string>();
  for (const target of COLOR_TARGETS) {
    const name = model[target];
    const value = palette.find((color) => color.name === name)?.value;
    if (isPaletteColorEntry(name, value)) entries.set(name, value as string);
  }
  return sortedPaletteColors(entries);
}

type PaletteState = Pick<RootState, 'user' | 'siteStyle'>;

/** While the owner has a change under way, its `paletteColors` follow the editor's palette. */
export function followPalette<S extends PaletteState>(state: S): S {
  const { user, siteStyle } = state;
  if (!user.loaded || !siteStyle.loaded || sameModel(user.model, user.confirmed.model)) return state;
  const seen = paletteColorsOf(user.model, siteStyle.colors);
  if (JSON.stringify(seen) === JSON.stringify(user.model.paletteColors)) return state;
  return { ...state, user: { ...user, model: { ...user.model, paletteColors: seen } } };
}

/** The root reducer, with `followPalette` after every step that changed the model or the palette. */
export function withPaletteColors<S extends PaletteState, A extends Action, P>(reducer: Reducer<S, A, P>): Reducer<S, A, P> {
  return (state, action) => {
    const next = reducer(state, action);
    const previous = state as S | undefined;
    if (previous && next.user === previous.user && next.siteStyle === previous.siteStyle) return next;
    return followPalette(next);
  };
}

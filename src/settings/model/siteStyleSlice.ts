/**
 * The site's palette and text presets, as the editor hands them out through the EditorBridge
 * (the defaults of src/editor/siteDefaults.ts when it hands none).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SiteColor, SiteTextPresets } from '../../editor/EditorBridge';
import { defaultColors, defaultPresets } from '../../editor/siteStyles';

export interface SiteStyleState {
  colors: SiteColor[];
  presets: SiteTextPresets;
  /** False until the editor has answered (or failed to). */
  loaded: boolean;
}

const initialState: SiteStyleState = { colors: defaultColors(), presets: defaultPresets(), loaded: false };

const siteStyleSlice = createSlice({
  name: 'siteStyle',
  initialState,
  reducers: {
    loaded(state, action: PayloadAction<{ colors: SiteColor[] | null; presets: SiteTextPresets | null }>) {
      const { colors, presets } = action.payload;
      if (colors && colors.length > 0) state.colors = colors;
      if (presets && Object.keys(presets).length > 0) state.presets = presets;
      state.loaded = true;
    },
  },
});

export const siteStyleActions = siteStyleSlice.actions;
export const siteStyleReducer = siteStyleSlice.reducer;

/** The palette's colour shades (color_11 … color_35), the swatches the Design tab offers. */
export const selectPalette = (s: { siteStyle: SiteStyleState }) => s.siteStyle.colors;
export const selectPresets = (s: { siteStyle: SiteStyleState }) => s.siteStyle.presets;

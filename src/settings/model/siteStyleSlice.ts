/**
 * The site's palette and text presets, as the editor hands them out through the EditorBridge
 * (the defaults of src/editor/siteDefaults.ts when it hands none).
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isPaletteName } from '../../contract/colors';
import type { SiteColor, SiteTextPresets } from '../../editor/EditorBridge';
import { defaultColors, defaultPresets } from '../../editor/siteStyles';
import type { ColorTarget } from './userModelEdits';

/** The editor's colour picker answered what the model cannot keep: shown beside that colour until the next pick. */
export interface UnreadableColor {
  target: ColorTarget;
  answer: string;
}

export interface SiteStyleState {
  colors: SiteColor[];
  presets: SiteTextPresets;
  /** False until the editor has answered (or failed to). */
  loaded: boolean;
  /** The editor has a colour picker of its own (the current editor's), used instead of the panel's. */
  editorColorPicker: boolean;
  /** The editor has a font picker of its own (the current editor's), used instead of the panel's font popup. */
  editorFontPicker: boolean;
  unreadableColor: UnreadableColor | null;
}

const initialState: SiteStyleState = {
  colors: defaultColors(),
  presets: defaultPresets(),
  loaded: false,
  editorColorPicker: false,
  editorFontPicker: false,
  unreadableColor: null,
};

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
    editorColorPickerFound(state) {
      state.editorColorPicker = true;
    },
    editorFontPickerFound(state) {
      state.editorFontPicker = true;
    },
    editorColorAnswered(state, action: PayloadAction<UnreadableColor | null>) {
      state.unreadableColor = action.payload;
    },
  },
});

export const siteStyleActions = siteStyleSlice.actions;
export const siteStyleReducer = siteStyleSlice.reducer;

/**
 * The palette colours a model may refer to (the contract's palette names: color_1 … 5 and
 * color_11 … 35): the swatches the Design tab offers. Others the editor hands out are not offered.
 */
export const selectPalette = createSelector([(s: { siteStyle: SiteStyleState }) => s.siteStyle.colors], (colors) =>
  colors.filter((color) => isPaletteName(color.name)),
);
export const selectPresets = (s: { siteStyle: SiteStyleState }) => s.siteStyle.presets;
export const selectEditorColorPicker = (s: { siteStyle: SiteStyleState }) => s.siteStyle.editorColorPicker;
export const selectEditorFontPicker = (s: { siteStyle: SiteStyleState }) => s.siteStyle.editorFontPicker;
export const selectUnreadableColor = (s: { siteStyle: SiteStyleState }) => s.siteStyle.unreadableColor;

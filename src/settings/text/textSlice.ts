/** The Text tab's own state: the message for a font value that could not be used. */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { assertFontValue, fontEdited, fontPresetChosen, proposedFont } from '../model';

export interface TextState {
  /** "Unknown Preset …" of the last rejected font value, until a valid one is chosen. */
  fontError: string | null;
}

const initialState: TextState = { fontError: null };

const textSlice = createSlice({
  name: 'text',
  initialState,
  reducers: {
    fontErrorDismissed(state) {
      state.fontError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isAnyOf(fontPresetChosen, fontEdited), (state, action) => {
      try {
        assertFontValue(proposedFont(action));
        state.fontError = null;
      } catch (error) {
        state.fontError = error instanceof Error ? error.message : String(error);
      }
    });
  },
});

export const textActions = textSlice.actions;
export const textReducer = textSlice.reducer;
export const selectFontError = (s: { text: TextState }) => s.text.fontError;

/** The Text tab's own state: the message for a font value that could not be used. */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { FontProblem } from '../../contract/font';
import { assertFontValue, fontEdited, fontPresetChosen, proposedFont, UnknownPresetError } from '../model';

export interface TextState {
  /**
   * The last rejected font value, until a valid one is chosen: the spec's "Unknown Preset …"
   * message and the part of the value the contract's font rule refused.
   */
  fontError: { detail: string; problem: FontProblem } | null;
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
        const problem = error instanceof UnknownPresetError ? error.problem : 'shape';
        state.fontError = { detail: error instanceof Error ? error.message : String(error), problem };
      }
    });
  },
});

export const textActions = textSlice.actions;
export const textReducer = textSlice.reducer;
export const selectFontError = (s: { text: TextState }) => s.text.fontError;

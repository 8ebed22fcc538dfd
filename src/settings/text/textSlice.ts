/** The Text tab's own state: the message for a font value that could not be used. */
import { createSlice } from '@reduxjs/toolkit';
import { assertFontValue, fontChosen, UnknownPresetError, type TextState } from '../model';

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
    builder.addCase(fontChosen, (state, action) => {
      try {
        assertFontValue(action.payload);
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

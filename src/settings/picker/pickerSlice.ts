/**
 * Picker mode (src/contract/pickerChoice.ts): the Picker's popup and the file it picked, on its way
 * to becoming the active file (activeFile/activeFileSaga.ts reads its permissions first).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import { activationCancelled, activationFailed, activationStarted, fileActivated } from '../model';

export interface PickerState {
  /** idle, the popup is open, or the picked file is being read. */
  status: 'idle' | 'open' | 'checking';
  /** Why the last choice failed (a folder, a file the drive does not reach, no popup). */
  error: ErrorInfo | null;
  /** The browser blocked the popup. */
  blocked: boolean;
  /** The picked file whose permissions are being read before it becomes active (spec §4). */
  activatingId: string | null;
}

const initialState: PickerState = { status: 'idle', error: null, blocked: false, activatingId: null };

const pickerSlice = createSlice({
  name: 'picker',
  initialState,
  reducers: {
    chooseClicked() {},
    windowOpened(state) {
      state.status = 'open';
      state.error = null;
      state.blocked = false;
    },
    windowBlocked(state) {
      state.status = 'idle';
      state.blocked = true;
    },
    /** The owner cancelled or closed the popup: nothing changes. */
    windowClosed(state) {
      state.status = 'idle';
    },
    fileReported(state) {
      state.status = 'checking';
    },
    choiceFailed(state, action: PayloadAction<ErrorInfo>) {
      state.status = 'idle';
      state.error = action.payload;
    },
    choiceAccepted(state) {
      state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(activationStarted, (state, action) => {
        state.activatingId = action.payload.fileId;
      })
      .addCase(activationFailed, (state, action) => {
        state.activatingId = null;
        state.error = action.payload.error;
      })
      .addCase(activationCancelled, (state) => {
        state.activatingId = null;
      })
      .addCase(fileActivated, (state) => {
        state.activatingId = null;
        state.error = null;
      });
  },
});

export const pickerActions = pickerSlice.actions;
export const pickerReducer = pickerSlice.reducer;
export const selectPicker = (s: { picker: PickerState }) => s.picker;

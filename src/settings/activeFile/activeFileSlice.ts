/**
 * Activating a file and choosing its public sharing role. The model fields (activeFileId,
 * activeFilePerm) live in the user model; this slice holds the flow's own state.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { PublicRole } from '../../api/schemas';
import { fileActivated, publicRoleSet, type ActiveFileState } from '../model';

const initialState: ActiveFileState = {
  activatingId: null,
  activationError: null,
  noticeFor: null,
  sharing: { status: 'idle', role: null, error: null },
};

const activeFileSlice = createSlice({
  name: 'activeFile',
  initialState,
  reducers: {
    activationStarted(state, action: PayloadAction<{ fileId: string }>) {
      state.activatingId = action.payload.fileId;
      state.activationError = null;
    },
    activationFailed(state, action: PayloadAction<{ fileId: string; error: ErrorInfo }>) {
      if (state.activatingId === action.payload.fileId) state.activatingId = null;
      state.activationError = { ...action.payload.error, fileId: action.payload.fileId };
    },
    /** A newer choice replaced this activation before its permissions were read. */
    activationCancelled(state, action: PayloadAction<{ fileId: string }>) {
      if (state.activatingId === action.payload.fileId) state.activatingId = null;
    },
    roleChosen(_state, _action: PayloadAction<{ fileId: string; role: PublicRole }>) {},
    noticeShown(state, action: PayloadAction<{ fileId: string; role: PublicRole }>) {
      state.noticeFor = action.payload;
    },
    noticeConfirmed(state, _action: PayloadAction<{ doNotShowAgain: boolean }>) {
      state.noticeFor = null;
    },
    noticeCancelled(state) {
      state.noticeFor = null;
    },
    sharingStarted(state, action: PayloadAction<{ role: PublicRole }>) {
      state.sharing = { status: 'saving', role: action.payload.role, error: null };
    },
    sharingFailed(state, action: PayloadAction<ErrorInfo>) {
      state.sharing.status = 'failed';
      state.sharing.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fileActivated, (state, action) => {
        if (state.activatingId === action.payload.file.id) state.activatingId = null;
        state.sharing = { status: 'idle', role: null, error: null };
      })
      .addCase(publicRoleSet, (state) => {
        state.sharing = { status: 'idle', role: null, error: null };
      });
  },
});

export const activeFileActions = activeFileSlice.actions;
export const activeFileReducer = activeFileSlice.reducer;

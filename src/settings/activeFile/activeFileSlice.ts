/**
 * Choosing the active file's public sharing role: the writer notice and the sharing request. The
 * model fields (activeFileId, activeFilePerm) live in the user model; the row being activated is
 * the files table's (files/filesSlice.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { PublicRole } from '../../api/schemas';
import { fileActivated, publicRoleSet } from '../model';

export interface ActiveFileState {
  /** Writer chosen, waiting for the owner to confirm the notice. */
  noticeFor: { fileId: string; role: PublicRole } | null;
  sharing: { status: 'idle' | 'saving' | 'failed'; role: PublicRole | null; error: ErrorInfo | null };
}

const initialState: ActiveFileState = {
  noticeFor: null,
  sharing: { status: 'idle', role: null, error: null },
};

const activeFileSlice = createSlice({
  name: 'activeFile',
  initialState,
  reducers: {
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
      .addCase(fileActivated, (state) => {
        state.sharing = { status: 'idle', role: null, error: null };
      })
      .addCase(publicRoleSet, (state) => {
        state.sharing = { status: 'idle', role: null, error: null };
      });
  },
});

export const activeFileActions = activeFileSlice.actions;
export const activeFileReducer = activeFileSlice.reducer;
export const selectActiveFileFlow = (s: { activeFile: ActiveFileState }) => s.activeFile;

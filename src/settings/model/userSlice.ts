/**
 * The user model (spec §3) and the state of saving it. Every deep change to `model` is saved by
 * the save saga; reducers here only say what each event does to the model.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import { defaultUserModel, readField, type UserModel } from '../../contract/userModel';
import { displayReducers } from './displayReducers';
import { fileActivated, folderOpened, fontChosen, publicRoleSet, userModelLoaded } from './events';
import { isAtRoot, nextBreadcrumb } from './breadcrumb';

export type Corner = 'TopLeft' | 'TopRight' | 'BottomLeft' | 'BottomRight';
export const CORNERS: readonly Corner[] = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'];

/**
 * - pending: a change waits for the owner to pause (debounce) or for its turn;
 * - saving: the first attempt is under way;
 * - retrying: an attempt failed and the next one is scheduled or under way (the change is kept);
 * - failed: the last retry failed; the change is still kept, and the owner may retry.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'retrying' | 'saved' | 'failed';

/** The model the server last confirmed, and its revision: the base every change is saved on. */
export interface Confirmed {
  model: UserModel;
  revision: number;
}

export interface UserState {
  model: UserModel;
  confirmed: Confirmed;
  /** The model is the server's (or the page's): until then nothing may change it (see the panel's gates). */
  loaded: boolean;
  /** Why the last load failed; null while it is under way or once it succeeded. */
  loadError: ErrorInfo | null;
  /** A load asked for again after a failed one is under way (the failure stays said meanwhile). */
  reloading: boolean;
  save: { status: SaveStatus; error: ErrorInfo | null; attempt: number };
}

const initialState: UserState = {
  model: defaultUserModel(),
  confirmed: { model: defaultUserModel(), revision: 0 },
  loaded: false,
  loadError: null,
  reloading: false,
  save: { status: 'idle', error: null, attempt: 0 },
};

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    loadFailed(state, action: PayloadAction<ErrorInfo>) {
      state.loadError = action.payload;
      state.reloading = false;
    },
    /** The owner asked to load the model again after a failed load (the user saga answers). */
    loadRequested(state) {
      if (!state.loaded) state.reloading = true;
    },
    cornerRadiusChanged(state, action: PayloadAction<{ corner: Corner; value: number }>) {
      const value = readField('cornerRadiusTopLeft', action.payload.value);
      if (value === undefined) return;
      // Spec §4: while the corners are locked, changing any radius copies it to all four.
      const corners = state.model.lockCornersTogether ? CORNERS : [action.payload.corner];
      for (const corner of corners) state.model[`cornerRadius${corner}`] = value;
    },
    cornersLockChanged(state, action: PayloadAction<boolean>) {
      state.model.lockCornersTogether = action.payload;
    },
    localeChanged(state, action: PayloadAction<string>) {
      const locale = readField('locale', action.payload);
      if (locale !== undefined) state.model.locale = locale;
    },
    ...displayReducers,
    saveScheduled(state) {
      state.save.status = 'pending';
    },
    saveStarted(state, action: PayloadAction<{ attempt: number }>) {
      state.save.status = action.payload.attempt > 1 ? 'retrying' : 'saving';
      state.save.attempt = action.payload.attempt;
    },
    /** An attempt failed; another follows after a wait. */
    saveRetryScheduled(state, action: PayloadAction<{ attempt: number; error: ErrorInfo }>) {
      state.save = { status: 'retrying', error: action.payload.error, attempt: action.payload.attempt };
    },
    /** The server holds `model` at `revision` (a save, or a flush, was confirmed). */
    saveConfirmed(state, action: PayloadAction<Confirmed>) {
      if (action.payload.revision >= state.confirmed.revision) state.confirmed = action.payload;
    },
    saveSucceeded(state) {
      state.save = { status: 'saved', error: null, attempt: 0 };
    },
    saveFailed(state, action: PayloadAction<ErrorInfo>) {
      state.save.status = 'failed';
      state.save.error = action.payload;
    },
    /**
     * The server's newer model, with the owner's unsaved change re-applied on top (after a stale
     * save, or a change kept from an earlier visit): `model` is what the owner now sees and what
     * is saved next.
     */
    rebased(state, action: PayloadAction<{ confirmed: Confirmed; model: UserModel }>) {
      state.confirmed = action.payload.confirmed;
      state.model = action.payload.model;
    },
    saveRetryRequested(state) {
      state.save.status = 'pending';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(userModelLoaded, (state, action) => {
        state.model = action.payload.model;
        state.confirmed = action.payload;
        state.loaded = true;
        state.loadError = null;
        state.reloading = false;
      })
      .addCase(folderOpened, (state, action) => {
        const trail = readField('breadcrumb', nextBreadcrumb(state.model.breadcrumb, action.payload));
        if (trail) state.model.breadcrumb = trail;
      })
      .addCase(fileActivated, (state, action) => {
        // A file the model cannot keep (a bad id, a title the contract refuses) does not become active.
        const { file, role } = action.payload;
        const fields = {
          activeFileId: readField('activeFileId', file.id),
          activeFileTitle: readField('activeFileTitle', file.title),
          activeFileMimeType: readField('activeFileMimeType', file.mimeType),
          activeFilePerm: readField('activeFilePerm', role),
        };
        if (Object.values(fields).some((value) => value === undefined)) return;
        Object.assign(state.model, fields);
      })
      .addCase(fontChosen, (state, action) => {
        // A value the font rule refuses (Unknown Preset): the Text tab says why; the model keeps its font.
        const font = readField('font', action.payload);
        if (font) state.model.font = font;
      })
      .addCase(publicRoleSet, (state, action) => {
        if (state.model.activeFileId === action.payload.fileId) state.model.activeFilePerm = action.payload.role;
      });
  },
});

export const userActions = userSlice.actions;
export const userReducer = userSlice.reducer;

export const selectUser = (s: { user: UserState }) => s.user.model;
export const selectUserLoaded = (s: { user: UserState }) => s.user.loaded;
export const selectSave = (s: { user: UserState }) => s.user.save;
export const selectConfirmed = (s: { user: UserState }) => s.user.confirmed;
export const selectBreadcrumb = (s: { user: UserState }) => s.user.model.breadcrumb;
export const selectIsAtRoot = (s: { user: UserState }) => isAtRoot(s.user.model.breadcrumb);
export const selectCurrentFolder = (s: { user: UserState }) => {
  const trail = s.user.model.breadcrumb;
  return trail[trail.length - 1] ?? { id: 'root', title: 'My Drive' };
};

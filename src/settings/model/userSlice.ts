/**
 * The user slice: the user model (spec §3) as the owner sees it, the model the server last
 * confirmed, and the state of loading and saving it. Here the model is only replaced by the
 * server's (loaded, or rebased after a stale save); every change the owner makes to it is in
 * userModelEdits.ts. The save saga (user/userSaga.ts) saves each change.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import { defaultUserModel, type UserModel } from '../../contract/userModel';
import { userModelLoaded } from './events';
import { addUserModelEventCases, userModelEditReducers } from './userModelEdits';

/**
 * - pending: a change waits for the owner to pause (debounce) or for its turn;
 * - saving: the first attempt is under way;
 * - retrying: an attempt failed and the next one is scheduled (at `nextAttemptAt`) or under way;
 *   the change is kept, and retried for as long as the panel is open;
 * - failed: the server refused the change in a way retrying cannot fix (the error says why); the
 *   change is still kept, and the owner may retry or change it.
 */
type SaveStatus = 'idle' | 'pending' | 'saving' | 'retrying' | 'saved' | 'failed';

/** The model the server last confirmed, and its revision: the base every change is saved on. */
interface Confirmed {
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
  save: {
    status: SaveStatus;
    error: ErrorInfo | null;
    attempt: number;
    /** When the next attempt goes out (ms since the epoch), while one is scheduled; null otherwise. */
    nextAttemptAt: number | null;
  };
}

const initialState: UserState = {
  model: defaultUserModel(),
  confirmed: { model: defaultUserModel(), revision: 0 },
  loaded: false,
  loadError: null,
  reloading: false,
  save: { status: 'idle', error: null, attempt: 0, nextAttemptAt: null },
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
    ...userModelEditReducers,
    saveScheduled(state) {
      state.save.status = 'pending';
    },
    saveStarted(state, action: PayloadAction<{ attempt: number }>) {
      state.save.status = action.payload.attempt > 1 ? 'retrying' : 'saving';
      state.save.attempt = action.payload.attempt;
      state.save.nextAttemptAt = null;
    },
    /** An attempt failed; attempt `attempt` follows at `nextAttemptAt`. */
    saveRetryScheduled(state, action: PayloadAction<{ attempt: number; error: ErrorInfo; nextAttemptAt: number }>) {
      state.save = { status: 'retrying', ...action.payload };
    },
    /** The server holds `model` at `revision` (a save, or a flush, was confirmed). */
    saveConfirmed(state, action: PayloadAction<Confirmed>) {
      if (action.payload.revision >= state.confirmed.revision) state.confirmed = action.payload;
    },
    saveSucceeded(state) {
      state.save = { status: 'saved', error: null, attempt: 0, nextAttemptAt: null };
    },
    saveFailed(state, action: PayloadAction<ErrorInfo>) {
      state.save.status = 'failed';
      state.save.error = action.payload;
      state.save.nextAttemptAt = null;
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
    /** The owner asked for an attempt now (Retry): a scheduled one goes out at once, a refused change is sent again. */
    saveRetryRequested(state) {
      if (state.save.status !== 'retrying') state.save.status = 'pending';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(userModelLoaded, (state, action) => {
      state.model = action.payload.model;
      state.confirmed = action.payload;
      state.loaded = true;
      state.loadError = null;
      state.reloading = false;
    });
    addUserModelEventCases(builder);
  },
});

export const userActions = userSlice.actions;
export const userReducer = userSlice.reducer;

export const selectUserModel = (s: { user: UserState }) => s.user.model;
export const selectUserLoaded = (s: { user: UserState }) => s.user.loaded;
export const selectSave = (s: { user: UserState }) => s.user.save;
export const selectConfirmed = (s: { user: UserState }) => s.user.confirmed;
export const selectActiveFileId = (s: { user: UserState }) => s.user.model.activeFileId;
export const selectBreadcrumb = (s: { user: UserState }) => s.user.model.breadcrumb;
export const selectCurrentFolder = (s: { user: UserState }) => {
  const trail = s.user.model.breadcrumb;
  return trail[trail.length - 1] ?? { id: 'root', title: 'My Drive' };
};

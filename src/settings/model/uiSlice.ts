/** Popups, the loader and tabs: state of the panel's chrome, not of the drive. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { SOURCE_LANGUAGE, type Language } from '../../i18n/languages';
import { requestCancelled, requestFailed, requestStarted, requestSucceeded } from './events';

export type PopupName = 'connected';

/** The panel's tabs. */
type PanelTab = 'main' | 'design' | 'text';

export interface UiState {
  popups: Record<PopupName, boolean>;
  /** Ids of the requests under way: the loader shows while any is. */
  requestsInFlight: number[];
  tab: PanelTab;
  /** The panel's language: the editor's, resolved once at start (English when unknown). */
  language: Language;
}

const initialState: UiState = { popups: { connected: false }, requestsInFlight: [], tab: 'main', language: SOURCE_LANGUAGE };

const done = (state: UiState, id: number) => {
  state.requestsInFlight = state.requestsInFlight.filter((r) => r !== id);
};

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    popupOpened(state, action: PayloadAction<PopupName>) {
      state.popups[action.payload] = true;
    },
    popupClosed(state, action: PayloadAction<PopupName>) {
      state.popups[action.payload] = false;
    },
    tabSelected(state, action: PayloadAction<PanelTab>) {
      state.tab = action.payload;
    },
    languageResolved(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestStarted, (state, action) => {
        state.requestsInFlight.push(action.payload.id);
      })
      .addCase(requestSucceeded, (state, action) => done(state, action.payload.id))
      .addCase(requestFailed, (state, action) => done(state, action.payload.id))
      .addCase(requestCancelled, (state, action) => done(state, action.payload.id));
  },
});

export const uiActions = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
export const selectLoading = (s: { ui: UiState }) => s.ui.requestsInFlight.length > 0;
export const selectPopupOpen = (name: PopupName) => (s: { ui: UiState }) => s.ui.popups[name];
export const selectTab = (s: { ui: UiState }) => s.ui.tab;
export const selectPanelLanguage = (s: { ui: UiState }) => s.ui.language;

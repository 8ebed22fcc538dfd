import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { About } from '../../api/schemas';
import { accountConnected } from '../model';

export interface AccountState {
  status: 'unknown' | 'connected' | 'disconnected' | 'failed';
  /** Disconnected because the drive access ended (revoked or expired): the panel says "connect again". */
  reconnect: boolean;
  about: About | null;
  error: ErrorInfo | null;
  /** Why the last connect could not start (the current editor's connect ticket was refused or did not come). */
  connectError: ErrorInfo | null;
  /** Why the last disconnect failed: kept through the account's re-check that follows, until the owner acts again. */
  disconnectError: ErrorInfo | null;
  /** The account's details are being read. */
  checking: boolean;
  /** The authenticate window is open. */
  connecting: boolean;
  disconnecting: boolean;
  /** Why the last connect or create-file window could not open. */
  windowBlocked: 'authenticate' | 'createFile' | null;
}

const initialState: AccountState = {
  status: 'unknown',
  reconnect: false,
  about: null,
  error: null,
  connectError: null,
  disconnectError: null,
  checking: false,
  connecting: false,
  disconnecting: false,
  windowBlocked: null,
};

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    checkRequested(state) {
      state.error = null;
      state.checking = true;
    },
    checkRetryClicked() {},
    aboutLoaded(state, action: PayloadAction<About>) {
      state.checking = false;
      state.status = 'connected';
      state.reconnect = false;
      state.about = action.payload;
      state.error = null;
    },
    notConnected(state, action: PayloadAction<{ reconnect: boolean } | undefined>) {
      state.checking = false;
      state.status = 'disconnected';
      state.reconnect = action.payload?.reconnect ?? false;
      state.about = null;
      state.error = null;
    },
    checkFailed(state, action: PayloadAction<ErrorInfo>) {
      state.checking = false;
      state.status = 'failed';
      state.error = action.payload;
    },
    connectClicked(state) {
      state.windowBlocked = null;
      state.connectError = null;
      state.disconnectError = null;
    },
    /** The connect could not start: its window is closed again, and why is said until the owner acts again. */
    connectFailed(state, action: PayloadAction<ErrorInfo>) {
      state.connecting = false;
      state.connectError = action.payload;
    },
    connectWindowOpened(state) {
      state.connecting = true;
    },
    connectWindowClosed(state) {
      state.connecting = false;
    },
    windowBlocked(state, action: PayloadAction<'authenticate' | 'createFile'>) {
      state.windowBlocked = action.payload;
      if (action.payload === 'authenticate') state.connecting = false;
    },
    windowNoticeDismissed(state) {
      state.windowBlocked = null;
    },
    disconnectClicked(state) {
      state.disconnecting = true;
      state.disconnectError = null;
    },
    /** The disconnect failed: said until the owner acts again; the account is read again to show it as it is. */
    disconnectFailed(state, action: PayloadAction<ErrorInfo>) {
      state.disconnecting = false;
      state.disconnectError = action.payload;
    },
    createFileClicked(state) {
      state.windowBlocked = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(accountConnected, (state) => {
      state.connecting = false;
    });
  },
});

export const accountActions = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
export const selectAccount = (s: { account: AccountState }) => s.account;
export const selectAccountConnected = (s: { account: AccountState }) => s.account.status === 'connected';

/**
 * The custom element's `content` attribute (the platform's current model, issue 20): whether the
 * rendering the site's page carries is being brought up to date, waits for another attempt, or
 * failed in a way retrying cannot fix. contentSaga.ts drives it; ContentStatus.tsx says it.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';

export interface ContentState {
  status: 'idle' | 'updating' | 'retrying' | 'failed';
  error: ErrorInfo | null;
  /** When the next attempt runs (ms since the epoch), while retrying. */
  nextAttemptAt: number | null;
}

const initialState: ContentState = { status: 'idle', error: null, nextAttemptAt: null };

const contentSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {
    updateStarted(state) {
      state.status = 'updating';
    },
    updated() {
      return initialState;
    },
    retryScheduled(state, action: PayloadAction<{ error: ErrorInfo; nextAttemptAt: number }>) {
      state.status = 'retrying';
      state.error = action.payload.error;
      state.nextAttemptAt = action.payload.nextAttemptAt;
    },
    failed(state, action: PayloadAction<ErrorInfo>) {
      state.status = 'failed';
      state.error = action.payload;
      state.nextAttemptAt = null;
    },
    /** The owner's Retry (or Retry now): the next attempt runs at once. */
    retryRequested() {},
  },
});

export const contentActions = contentSlice.actions;
export const contentReducer = contentSlice.reducer;
export const selectContent = (s: { content: ContentState }) => s.content;

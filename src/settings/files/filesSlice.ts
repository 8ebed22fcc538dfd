/**
 * The listing of the current folder, and the row the owner chose while it is being activated.
 * `listing` counts folder openings and refreshes: a page that answers for an older listing is
 * dropped. Sorting is derived (selector), so loaded pages keep the order; the sort order is the one
 * part the store persists.
 */
import { createSelector, createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import type { DriveFile, UserModel } from '../../api/schemas';
import { titleCollator } from '../../i18n/format';
import { SHARED_DRIVES_ROW } from '../../drive/sharedDrives';
import { ROOT_BREADCRUMB } from '../../api/schemas';
import type { Language } from '../../i18n/languages';
import { activationCancelled, activationFailed, activationStarted, fileActivated, folderOpened } from '../model';
import { createFileOrder } from './fileOrder';
import { nextSort, type SortColumn, type SortOrder } from './sortFiles';

export interface FilesState {
  listing: number;
  folderId: string | null;
  items: DriveFile[];
  /** Token of the next page; null once the last page is in. */
  nextPageToken: string | null;
  /** Tokens already asked for in this listing, so no page is loaded twice. */
  requestedTokens: string[];
  status: 'idle' | 'loading' | 'ready' | 'failed';
  pageStatus: 'idle' | 'loading' | 'failed';
  error: ErrorInfo | null;
  sort: SortOrder;
  scrollResetKey: number;
  /** Id of the chosen file whose permissions are being read before it becomes active. */
  activatingId: string | null;
  activationError: (ErrorInfo & { fileId: string }) | null;
}

const initialState: FilesState = {
  listing: 0,
  folderId: null,
  items: [],
  nextPageToken: null,
  requestedTokens: [],
  status: 'idle',
  pageStatus: 'idle',
  error: null,
  sort: { column: 'title', reverse: false },
  scrollResetKey: 0,
  activatingId: null,
  activationError: null,
};

const startListing = (state: FilesState, folderId: string | null, resetScroll: boolean) => {
  state.listing += 1;
  if (folderId !== null) state.folderId = folderId;
  state.items = [];
  state.nextPageToken = null;
  state.requestedTokens = [];
  state.status = 'loading';
  state.pageStatus = 'idle';
  state.error = null;
  if (resetScroll) state.scrollResetKey += 1;
};

const filesSlice = createSlice({
  name: 'files',
  initialState,
  reducers: {
    /** `fresh`: read from the server, not from the GET cache (a refresh). */
    listRequested(state, action: PayloadAction<{ folderId: string; fresh?: boolean }>) {
      startListing(state, action.payload.folderId, true);
    },
    /** Lists the current folder again; before any folder was listed, the saga lists the model's current one. */
    refreshRequested(state) {
      if (state.folderId !== null) startListing(state, null, false);
    },
    /** The owner scrolled to the bottom: the saga decides whether a page is due. */
    loadMoreRequested() {},
    pageRequested(state, action: PayloadAction<{ listing: number; pageToken: string }>) {
      if (action.payload.listing !== state.listing) return;
      state.requestedTokens.push(action.payload.pageToken);
      state.pageStatus = 'loading';
    },
    pageLoaded(state, action: PayloadAction<{ listing: number; pageToken: string | null; items: DriveFile[]; nextPageToken: string | null }>) {
      const { listing, items, nextPageToken } = action.payload;
      if (listing !== state.listing) return;
      // Read the rows already in from the plain state, not the draft: a draft per row would cost
      // more than the page itself in a folder of thousands.
      const seen = new Set((original(state.items) ?? state.items).map((f) => f.id));
      for (const item of items) if (!seen.has(item.id)) state.items.push(item);
      state.nextPageToken = nextPageToken;
      state.status = 'ready';
      state.pageStatus = 'idle';
      state.error = null;
    },
    pageFailed(state, action: PayloadAction<{ listing: number; pageToken: string | null; error: ErrorInfo }>) {
      const { listing, pageToken, error } = action.payload;
      if (listing !== state.listing) return;
      if (pageToken === null) {
        state.status = 'failed';
      } else {
        state.pageStatus = 'failed';
        // Let the same page be asked for again.
        state.requestedTokens = state.requestedTokens.filter((t) => t !== pageToken);
      }
      state.error = error;
    },
    sortClicked(state, action: PayloadAction<SortColumn>) {
      state.sort = nextSort(state.sort, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(folderOpened, (state, action) => startListing(state, action.payload.id, true))
      .addCase(activationStarted, (state, action) => {
        state.activatingId = action.payload.fileId;
        state.activationError = null;
      })
      .addCase(activationFailed, (state, action) => {
        if (state.activatingId === action.payload.fileId) state.activatingId = null;
        state.activationError = { ...action.payload.error, fileId: action.payload.fileId };
      })
      .addCase(activationCancelled, (state, action) => {
        if (state.activatingId === action.payload.fileId) state.activatingId = null;
      })
      .addCase(fileActivated, (state, action) => {
        if (state.activatingId === action.payload.file.id) state.activatingId = null;
      });
  },
});

export const filesActions = filesSlice.actions;
export const filesReducer = filesSlice.reducer;

type Root = { files: FilesState; user: { model: UserModel }; ui: { language: Language } };
export const selectFiles = (s: Root) => s.files;
const sortedRows = createFileOrder();
const ROOT_ID = ROOT_BREADCRUMB[0]!.id;
/**
 * The rows in the owner's order; pages merge into orders kept per column (fileOrder.ts). At the
 * drive's top, once its listing is in, "Shared drives" comes first, whatever the order
 * (src/drive/sharedDrives.ts).
 */
export const selectSortedFiles = createSelector(
  [(s: Root) => s.files.items, (s: Root) => s.files.sort, (s: Root) => s.ui.language, (s: Root) => s.files.folderId === ROOT_ID && s.files.status === 'ready'],
  (items, sort, language, atReadyRoot) => {
    const rows = sortedRows(items, sort, titleCollator(language));
    return atReadyRoot ? [SHARED_DRIVES_ROW, ...rows] : rows;
  },
);
export const selectCanLoadMore = (s: Root) =>
  s.files.status === 'ready' && s.files.nextPageToken !== null && !s.files.requestedTokens.includes(s.files.nextPageToken);

/**
 * The shape of the settings panel's state, one interface per slice. Features own their reducers
 * and sagas; the shape lives here so that any feature can read any slice through the model
 * without importing another feature.
 */
import type { ErrorInfo } from '../../api/ApiError';
import type { About, DriveFile, PublicRole } from '../../api/schemas';
import type { FontProblem } from '../../contract/font';
import type { SiteStyleState } from './siteStyleSlice';
import type { UiState } from './uiSlice';
import type { UserState } from './userSlice';

export type { SiteStyleState } from './siteStyleSlice';

export type { UiState } from './uiSlice';
export type { UserState } from './userSlice';

// ---- files: the listing of the current folder -------------------------------------------------
export type SortColumn = 'title' | 'owner' | 'modified';
export interface SortOrder {
  column: SortColumn;
  reverse: boolean;
}

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface FilesState {
  listing: number;
  folderId: string | null;
  items: DriveFile[];
  /** Token of the next page; null once the last page is in. */
  nextPageToken: string | null;
  /** Tokens already asked for in this listing, so no page is loaded twice. */
  requestedTokens: string[];
  status: ListStatus;
  pageStatus: 'idle' | 'loading' | 'failed';
  error: ErrorInfo | null;
  sort: SortOrder;
  scrollResetKey: number;
}

// ---- account: the connected drive account -----------------------------------------------------
export type AccountStatus = 'unknown' | 'connected' | 'disconnected' | 'failed';

export interface AccountState {
  status: AccountStatus;
  /** Disconnected because the drive access ended (revoked or expired): the panel says "connect again". */
  reconnect: boolean;
  about: About | null;
  error: ErrorInfo | null;
  /** The account's details are being read. */
  checking: boolean;
  /** The authenticate window is open. */
  connecting: boolean;
  disconnecting: boolean;
  /** Why the last connect or create-file window could not open. */
  windowBlocked: 'authenticate' | 'createFile' | null;
}

// ---- activeFile: activating a file and choosing its public role -------------------------------
export interface ActiveFileState {
  /** Id of the file whose permissions are being read before it becomes active. */
  activatingId: string | null;
  activationError: (ErrorInfo & { fileId: string }) | null;
  /** Writer chosen, waiting for the owner to confirm the notice. */
  noticeFor: { fileId: string; role: PublicRole } | null;
  sharing: { status: 'idle' | 'saving' | 'failed'; role: PublicRole | null; error: ErrorInfo | null };
}

// ---- text: the Text tab's own state ----------------------------------------------------------
export interface TextState {
  /**
   * The last rejected font value, until a valid one is chosen: the spec's "Unknown Preset …"
   * message and the part of the value the contract's font rule refused.
   */
  fontError: { detail: string; problem: FontProblem } | null;
}

/** The whole panel state (persisted slices may carry redux-persist's `_persist` on top). */
export interface RootState {
  user: UserState;
  files: FilesState;
  account: AccountState;
  activeFile: ActiveFileState;
  ui: UiState;
  siteStyle: SiteStyleState;
  text: TextState;
}

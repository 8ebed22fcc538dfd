/**
 * Listing the current folder: the first page when a folder is opened, the list is refreshed or an
 * account gets connected (latest wins, the older request is aborted); further pages when the owner
 * scrolls to the bottom, never the same page twice, and a page for an older listing is dropped.
 * A drive may answer short or even empty pages that still have a next one: while the rows cannot
 * fill the table (so there is nothing to scroll), or a page brought nothing new, the next page is
 * asked for at once. A failed page stops that until the owner retries. Where the folder is (My
 * Drive, a shared drive, or the list of shared drives) follows from the trail (src/drive/sharedDrives.ts).
 */
import { call, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import type { ApiClient } from '../../api/client';
import type { FileList } from '../../api/schemas';
import { listingTarget } from '../../drive/sharedDrives';
import { accountConnected, createFileWindowClosed, folderOpened, selectBreadcrumb, selectCurrentFolder, selectDriveAccess } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { filesActions, selectCanLoadMore, selectFiles } from './filesSlice';
import { VISIBLE_ROWS } from './layout';

const LIST_EVENTS = [folderOpened, filesActions.listRequested, filesActions.refreshRequested];
type ListAction = ReturnType<(typeof LIST_EVENTS)[number]>;

/** After a page is in: the next one at once when there is one and the rows cannot be scrolled yet, or the page added none. */
function* followUnfilledPage(listing: number, rowsBefore: number) {
  const { items, nextPageToken, ...files } = yield* select(selectFiles);
  if (files.listing !== listing || nextPageToken === null) return;
  if (items.length === rowsBefore || items.length <= VISIBLE_ROWS) yield* put(filesActions.loadMoreRequested());
}

/** One page of the folder `folderId`: from My Drive, a shared drive, or the list of shared drives, as the trail says. */
function* listPage(api: ApiClient, folderId: string, pageToken: string | null, fresh: boolean) {
  const trail = yield* select(selectBreadcrumb);
  const target = trail[trail.length - 1]?.id === folderId ? listingTarget(trail) : ({ kind: 'myDrive', folderId } as const);
  return yield* callApi('filesList', (signal): Promise<FileList> => {
    if (target.kind === 'sharedDrives') return api.listSharedDrives({ pageToken, signal, fresh });
    const driveId = target.kind === 'sharedDrive' ? target.driveId : null;
    return api.listFiles({ folderId, driveId, pageToken, signal, fresh });
  });
}

function* listFirstPage(action: ListAction) {
  const { api } = yield* services();
  const { listing, folderId } = yield* select(selectFiles);
  if (folderId === null) {
    // A refresh before any folder was listed (e.g. the settings had not loaded): list the model's current folder.
    if (!filesActions.refreshRequested.match(action)) return;
    const folder = yield* select(selectCurrentFolder);
    yield* put(filesActions.listRequested({ folderId: folder.id, fresh: true }));
    return;
  }
  const fresh = filesActions.refreshRequested.match(action) || (filesActions.listRequested.match(action) && action.payload.fresh === true);
  try {
    const page = yield* listPage(api, folderId, null, fresh);
    yield* put(filesActions.pageLoaded({ listing, pageToken: null, items: page.items, nextPageToken: page.nextPageToken ?? null }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield* put(filesActions.pageFailed({ listing, pageToken: null, error: toErrorInfo(error) }));
    return;
  }
  yield* followUnfilledPage(listing, 0);
}

function* listNextPage() {
  const { api } = yield* services();
  const canLoad = yield* select(selectCanLoadMore);
  if (!canLoad) return;
  const { listing, folderId, nextPageToken, items } = yield* select(selectFiles);
  if (folderId === null || nextPageToken === null) return;
  const rowsBefore = items.length;
  yield* put(filesActions.pageRequested({ listing, pageToken: nextPageToken }));
  try {
    const { page } = yield* race({
      page: call(listPage, api, folderId, nextPageToken, false),
      // Another listing started: this page is no longer wanted.
      stale: take(LIST_EVENTS),
    });
    if (!page) return;
    yield* put(filesActions.pageLoaded({ listing, pageToken: nextPageToken, items: page.items, nextPageToken: page.nextPageToken ?? null }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield* put(filesActions.pageFailed({ listing, pageToken: nextPageToken, error: toErrorInfo(error) }));
    return;
  }
  yield* followUnfilledPage(listing, rowsBefore);
}

function* listAfterConnect() {
  // Picker mode lists no folder (its server refuses listings).
  if ((yield* select(selectDriveAccess)) !== 'browse') return;
  const folder = yield* select(selectCurrentFolder);
  yield* put(filesActions.listRequested({ folderId: folder.id }));
}

export function* filesSaga() {
  yield* takeLatest(LIST_EVENTS, listFirstPage);
  yield* takeLatest(createFileWindowClosed, function* refreshAfterCreate() {
    yield* put(filesActions.refreshRequested());
  });
  yield* takeEvery(filesActions.loadMoreRequested, listNextPage);
  yield* takeEvery(accountConnected, listAfterConnect);
}

/**
 * Listing the current folder: the first page when a folder is opened, the list is refreshed or an
 * account gets connected (latest wins, the older request is aborted); further pages when the owner
 * scrolls to the bottom, never the same page twice, and a page for an older listing is dropped.
 * A drive may answer short or even empty pages that still have a next one: while the rows cannot
 * fill the table (so there is nothing to scroll), or a page brought nothing new, the next page is
 * asked for at once. A failed page stops that until the owner retries.
 */
import { put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import type { BreadcrumbEntry, FileList } from '../../api/schemas';
import { accountConnected, createFileWindowClosed, folderOpened, selectCurrentFolder, type FilesState } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { filesActions, selectCanLoadMore, selectFiles } from './filesSlice';
import { VISIBLE_ROWS } from './layout';

type ListAction = { type: string; payload?: { fresh?: boolean } };

/** After a page is in: the next one at once when there is one and the rows cannot be scrolled yet, or the page added none. */
function* followUnfilledPage(listing: number, rowsBefore: number): Generator<unknown, void, never> {
  const { items, nextPageToken, ...files }: FilesState = yield select(selectFiles);
  if (files.listing !== listing || nextPageToken === null) return;
  if (items.length === rowsBefore || items.length <= VISIBLE_ROWS) yield put(filesActions.loadMoreRequested());
}

function* listFirstPage(action: ListAction): Generator<unknown, void, never> {
  const { api } = yield* services();
  const { listing, folderId }: FilesState = yield select(selectFiles);
  if (folderId === null) {
    // A refresh before any folder was listed (e.g. the settings had not loaded): list the model's current folder.
    if (action.type !== filesActions.refreshRequested.type) return;
    const folder: BreadcrumbEntry = yield select(selectCurrentFolder);
    yield put(filesActions.listRequested({ folderId: folder.id, fresh: true }));
    return;
  }
  const fresh = action.type === filesActions.refreshRequested.type || action.payload?.fresh === true;
  try {
    const page: FileList = yield* callApi('filesList', (signal) => api.listFiles({ folderId, signal, fresh }));
    yield put(filesActions.pageLoaded({ listing, pageToken: null, items: page.items, nextPageToken: page.nextPageToken ?? null }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield put(filesActions.pageFailed({ listing, pageToken: null, error: toErrorInfo(error) }));
    return;
  }
  yield* followUnfilledPage(listing, 0);
}

function* listNextPage(): Generator<unknown, void, never> {
  const { api } = yield* services();
  const canLoad: boolean = yield select(selectCanLoadMore);
  if (!canLoad) return;
  const { listing, folderId, nextPageToken, items }: FilesState = yield select(selectFiles);
  if (folderId === null || nextPageToken === null) return;
  const rowsBefore = items.length;
  yield put(filesActions.pageRequested({ listing, pageToken: nextPageToken }));
  try {
    const { page } = (yield race({
      page: callApi('filesList', (signal) => api.listFiles({ folderId, pageToken: nextPageToken, signal })),
      // Another listing started: this page is no longer wanted.
      stale: take([folderOpened.type, filesActions.listRequested.type, filesActions.refreshRequested.type]),
    })) as { page?: FileList };
    if (!page) return;
    yield put(filesActions.pageLoaded({ listing, pageToken: nextPageToken, items: page.items, nextPageToken: page.nextPageToken ?? null }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield put(filesActions.pageFailed({ listing, pageToken: nextPageToken, error: toErrorInfo(error) }));
    return;
  }
  yield* followUnfilledPage(listing, rowsBefore);
}

function* listAfterConnect(): Generator<unknown, void, never> {
  const folder: BreadcrumbEntry = yield select(selectCurrentFolder);
  yield put(filesActions.listRequested({ folderId: folder.id }));
}

export function* filesSaga(): Generator<unknown, void, never> {
  yield takeLatest([folderOpened.type, filesActions.listRequested.type, filesActions.refreshRequested.type], listFirstPage);
  yield takeLatest(createFileWindowClosed.type, function* refreshAfterCreate() {
    yield put(filesActions.refreshRequested());
  });
  yield takeEvery(filesActions.loadMoreRequested.type, listNextPage);
  yield takeEvery(accountConnected.type, listAfterConnect);
}

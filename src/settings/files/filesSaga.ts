/**
 * Listing the current folder: the first page when a folder is opened, the list is refreshed or an
 * account gets connected (latest wins, the older request is aborted); further pages when the owner
 * scrolls to the bottom, never the same page twice, and a page for an older listing is dropped.
 */
import { put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import type { BreadcrumbEntry, FileList } from '../../api/schemas';
import { accountConnected, createFileWindowClosed, folderOpened, selectCurrentFolder, type FilesState } from '../model';
import { callApi } from '../services/callApi';
import { services } from '../services/context';
import { filesActions, selectCanLoadMore, selectFiles } from './filesSlice';

function* listFirstPage(action: { type: string }): Generator<unknown, void, never> {
  const { api } = yield* services();
  const { listing, folderId }: FilesState = yield select(selectFiles);
  if (folderId === null) return;
  try {
    const page: FileList = yield* callApi('filesList', (signal) =>
      api.listFiles({ folderId, signal, fresh: action.type === filesActions.refreshRequested.type }),
    );
    yield put(filesActions.pageLoaded({ listing, pageToken: null, items: page.items, nextPageToken: page.nextPageToken ?? null }));
  } catch (error) {
    if (isApiError(error) && error.code === 'aborted') return;
    yield put(filesActions.pageFailed({ listing, pageToken: null, error: toErrorInfo(error) }));
  }
}

function* listNextPage(): Generator<unknown, void, never> {
  const { api } = yield* services();
  const canLoad: boolean = yield select(selectCanLoadMore);
  if (!canLoad) return;
  const { listing, folderId, nextPageToken }: FilesState = yield select(selectFiles);
  if (folderId === null || nextPageToken === null) return;
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
  }
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

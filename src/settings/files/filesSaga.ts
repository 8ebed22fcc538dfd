/**
 * Listing the current folder: the first page when a folder is opened, the list is refreshed or an
 * account gets connected (latest wins, the older request is aborted); further pages when the owner
 * scrolls to the bottom, never the same page twice, and a page for an older listing is dropped.
 * A drive may answer short or even empty pages that still have a next one: while the rows cannot
 * fill the table (so there is nothing to scroll), or a page brought nothing new, the next page is
 * asked for at once. A failed page stops that until the owner retries.
 */
import { put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { isApiError, toErrorInfo } from '../../api/ApiError';
import { accountConnected, createFileWindowClosed, folderOpened, selectCurrentFolder } from '../model';
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
    const page = yield* callApi('filesList', (signal) => api.listFiles({ folderId, signal, fresh }));
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
      page: callApi('filesList', (signal) => api.listFiles({ folderId, pageToken: nextPageToken, signal })),
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

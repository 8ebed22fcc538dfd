/**
 * The files table (spec §2): a real table with sortable headers (FilesTableHeader), ten rows
 * visible in the custom scroll area, only the visible rows in the DOM (FileRow), one tab stop
 * with arrow-key movement between rows (useRowFocus), Enter or Space to open a folder or activate
 * a file, and loading more at the bottom.
 */
import { memo, useCallback, useEffect, useRef } from 'react';
import type { DriveFile } from '../../api/schemas';
import { dateFormat as dateFormatFor } from '../../i18n/format';
import { ScrollArea } from '../../ui';
import { fileChosen, selectActiveFileId, selectCurrentFolder, useAppDispatch, useAppSelector, useErrorText, useSentences, usePanelI18n, useT } from '../model';
import { FileRow } from './FileRow';
import { filesActions, selectFiles, selectSortedFiles } from './filesSlice';
import { FilesTableHeader } from './FilesTableHeader';
import { PREFETCH_ROWS, ROW_HEIGHT, TABLE_BOX_HEIGHT } from './layout';
import { isFolder, type SortColumn } from './sortFiles';
import { useFolderName } from './useFolderName';
import { useRowFocus } from './useRowFocus';
import { useRowWindow } from './useRowWindow';

/**
 * `loadMore` in a task of its own, once however often asked before it runs: asked from a scroll
 * event, the request and its store updates would otherwise lengthen the frame that shows the rows.
 */
function useSoon(loadMore: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      loadMore();
    }, 0);
  }, [loadMore]);
}

/** Asks for the next page while the owner is still PREFETCH_ROWS away from the last loaded row (the saga loads each page once). */
function usePrefetch(lastRenderedIndex: number, rowCount: number, loadMore: () => void) {
  const near = lastRenderedIndex >= 0 && lastRenderedIndex >= rowCount - PREFETCH_ROWS;
  useEffect(() => {
    if (near) loadMore();
  }, [near, rowCount, loadMore]);
}

/** Choosing a row (one callback for every row): a folder chosen with its button hands focus to the new folder's first row. */
function useChooseFile(focusFirstRowOfNextFolder: () => void) {
  const dispatch = useAppDispatch();
  return useCallback(
    (file: DriveFile, fromButton: boolean) => {
      if (fromButton && isFolder(file)) focusFirstRowOfNextFolder();
      dispatch(fileChosen(file));
    },
    [dispatch, focusFirstRowOfNextFolder],
  );
}

/** Alerts for a failed listing, page or activation, and the count of listed items. */
const FilesTableStatus = memo(function FilesTableStatus({ rows }: { rows: DriveFile[] }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const errorText = useErrorText();
  const sentences = useSentences();
  const files = useAppSelector(selectFiles);
  return (
    <>
      {files.status === 'failed' && files.error ? (
        <div role="alert" className="dfw-alert">
          {sentences(t('files.listFailed'), errorText(files.error))}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.refreshRequested())}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {files.pageStatus === 'failed' && files.error ? (
        <div role="alert" className="dfw-alert">
          {sentences(t('files.pageFailed'), errorText(files.error))}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.loadMoreRequested())}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {files.activationError ? (
        <div role="alert" className="dfw-alert">
          {sentences(
            t('files.activationFailed', { title: rows.find((f) => f.id === files.activationError?.fileId)?.title ?? '' }),
            errorText(files.activationError),
          )}
        </div>
      ) : null}
      <p className="dfw-count" aria-live="polite">
        {files.status === 'ready' ? t(files.nextPageToken ? 'files.countMore' : 'files.count', { count: files.items.length }) : ''}
      </p>
    </>
  );
});

export function FilesTable() {
  const dispatch = useAppDispatch();
  const i18n = usePanelI18n();
  const t = i18n.t;
  const activeFileId = useAppSelector(selectActiveFileId);
  const folder = useAppSelector(selectCurrentFolder);
  const folderName = useFolderName();
  const files = useAppSelector(selectFiles);
  const rows = useAppSelector(selectSortedFiles);
  const { scrollRef, scroller, range: shown } = useRowWindow(rows.length);
  const loadMore = useCallback(() => dispatch(filesActions.loadMoreRequested()), [dispatch]);
  const loadMoreSoon = useSoon(loadMore);
  const sortClicked = useCallback((column: SortColumn) => dispatch(filesActions.sortClicked(column)), [dispatch]);
  const columnLabel = useCallback((column: SortColumn) => t(`files.col.${column}`), [t]);
  const focus = useRowFocus({ rows, files, activeFileId, scroller, scrollRef, onLastRow: loadMore });
  const choose = useChooseFile(focus.focusFirstRowOfNextFolder);

  const { padTop, padBottom } = shown;
  const loadingFirst = files.status === 'loading';
  usePrefetch(shown.last, rows.length, loadMoreSoon);

  return (
    <div className="dfw-files">
      <ScrollArea ref={scrollRef} height={TABLE_BOX_HEIGHT} reachEndThresholdPx={ROW_HEIGHT * 2} onReachEnd={loadMoreSoon} className="dfw-files__scroll">
        <table className="dfw-table" aria-label={t('files.table', { folder: folderName(folder) })} aria-rowcount={rows.length + 1} aria-busy={loadingFirst}>
          <FilesTableHeader sort={files.sort} label={columnLabel} onSort={sortClicked} />
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true" className="dfw-pad">
                <td colSpan={3} style={{ height: padTop }} />
              </tr>
            ) : null}
            {rows.slice(shown.first, shown.last + 1).map((file, i) => {
              const index = shown.first + i;
              return (
                <FileRow
                  // Keyed by position: a new order refills the rows already there rather than replacing them.
                  key={index}
                  file={file}
                  index={index}
                  active={file.id === activeFileId}
                  activating={files.activatingId === file.id}
                  tabbable={index === focus.tabIndexRow}
                  // Made on the first row (building a date format is costly), not with the empty table.
                  dateFormat={dateFormatFor(i18n.language)}
                  t={t}
                  registerButton={focus.registerButton}
                  onFocus={focus.setFocusIndex}
                  onKeyDown={focus.onRowKeyDown}
                  onChoose={choose}
                />
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden="true" className="dfw-pad">
                <td colSpan={3} style={{ height: padBottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {loadingFirst ? (
          <p className="dfw-table-note" role="status">
            {t('files.loading')}
          </p>
        ) : null}
        {files.status === 'ready' && rows.length === 0 && files.nextPageToken === null ? <p className="dfw-table-note">{t('files.empty')}</p> : null}
        {files.pageStatus === 'loading' ? (
          <p className="dfw-table-note" role="status">
            {t('files.loadingMore')}
          </p>
        ) : null}
      </ScrollArea>
      <FilesTableStatus rows={rows} />
    </div>
  );
}

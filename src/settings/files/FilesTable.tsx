/**
 * The files table (spec §2): a real table with sortable headers (FilesTableHeader), ten rows
 * visible in the custom scroll area, only the visible rows in the DOM (FileRow), one tab stop
 * with arrow-key movement between rows (useRowFocus), Enter or Space to open a folder or activate
 * a file, and loading more at the bottom.
 */
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import type { DriveFile } from '../../api/schemas';
import { dateFormat as dateFormatFor } from '../../i18n/format';
import { ScrollArea } from '../../ui';
import { fileChosen, selectActiveFileId, selectCurrentFolder, useAppDispatch, useAppSelector, useErrorText, usePanelI18n, useT } from '../model';
import { FileRow } from './FileRow';
import { filesActions, selectFiles, selectSortedFiles } from './filesSlice';
import { FilesTableHeader } from './FilesTableHeader';
import { HEADER_HEIGHT, PREFETCH_ROWS, ROW_HEIGHT, TABLE_BOX_HEIGHT, TABLE_VIEWPORT_HEIGHT } from './layout';
import { isFolder } from './sortFiles';
import { useFolderName } from './useFolderName';
import { useRowFocus } from './useRowFocus';

function useFilesVirtualizer(count: number) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    scrollPaddingStart: HEADER_HEIGHT,
    initialRect: { width: 400, height: TABLE_VIEWPORT_HEIGHT },
    // The viewport is always TABLE_VIEWPORT_HEIGHT tall. Before layout (a panel mounted hidden, or
    // jsdom) it measures 0, which would render no rows at all: keep the known height instead.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 400, height: TABLE_VIEWPORT_HEIGHT })),
  });
  return { scrollRef, virtualizer };
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
function FilesTableStatus({ rows }: { rows: DriveFile[] }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const errorText = useErrorText();
  const files = useAppSelector(selectFiles);
  return (
    <>
      {files.status === 'failed' && files.error ? (
        <div role="alert" className="dfw-alert">
          {t('files.listFailed')} {errorText(files.error)}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.refreshRequested())}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {files.pageStatus === 'failed' && files.error ? (
        <div role="alert" className="dfw-alert">
          {t('files.pageFailed')} {errorText(files.error)}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.loadMoreRequested())}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {files.activationError ? (
        <div role="alert" className="dfw-alert">
          {t('files.activationFailed', { title: rows.find((f) => f.id === files.activationError?.fileId)?.title ?? '' })} {errorText(files.activationError)}
        </div>
      ) : null}
      <p className="dfw-count" aria-live="polite">
        {files.status === 'ready' ? t(files.nextPageToken ? 'files.countMore' : 'files.count', { count: rows.length }) : ''}
      </p>
    </>
  );
}

export function FilesTable() {
  const dispatch = useAppDispatch();
  const i18n = usePanelI18n();
  const t = i18n.t;
  const activeFileId = useAppSelector(selectActiveFileId);
  const folder = useAppSelector(selectCurrentFolder);
  const folderName = useFolderName();
  const files = useAppSelector(selectFiles);
  const rows = useAppSelector(selectSortedFiles);
  const { scrollRef, virtualizer } = useFilesVirtualizer(rows.length);
  const loadMore = useCallback(() => dispatch(filesActions.loadMoreRequested()), [dispatch]);
  const focus = useRowFocus({ rows, files, activeFileId, virtualizer, scrollRef, onLastRow: loadMore });
  const choose = useChooseFile(focus.focusFirstRowOfNextFolder);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const loadingFirst = files.status === 'loading';
  usePrefetch(last ? last.index : -1, rows.length, loadMore);

  return (
    <div className="dfw-files">
      <ScrollArea ref={scrollRef} height={TABLE_BOX_HEIGHT} reachEndThresholdPx={ROW_HEIGHT * 2} onReachEnd={loadMore} className="dfw-files__scroll">
        <table className="dfw-table" aria-label={t('files.table', { folder: folderName(folder) })} aria-rowcount={rows.length + 1} aria-busy={loadingFirst}>
          <FilesTableHeader sort={files.sort} label={(column) => t(`files.col.${column}`)} onSort={(column) => dispatch(filesActions.sortClicked(column))} />
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true" className="dfw-pad">
                <td colSpan={3} style={{ height: padTop }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const file = rows[item.index]!;
              return (
                <FileRow
                  key={file.id}
                  file={file}
                  index={item.index}
                  active={file.id === activeFileId}
                  activating={files.activatingId === file.id}
                  tabbable={item.index === focus.tabIndexRow}
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

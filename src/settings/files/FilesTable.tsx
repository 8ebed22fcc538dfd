/**
 * The files table (spec §2): a real table with sortable headers, ten rows visible in the custom
 * scroll area, only the visible rows in the DOM, one tab stop with arrow-key movement between
 * rows, Enter or Space to open a folder or activate a file, and loading more at the bottom.
 */
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { DriveFile } from '../../api/schemas';
import { errorMessage } from '../../i18n/messages';
import { fileKind } from '../../drive/rules';
import { ScrollArea, VisuallyHidden } from '../../ui';
import { fileChosen, selectActiveFileFlow, selectCurrentFolder, useAppDispatch, useAppSelector, useT } from '../model';
import { FileIcon } from './FileIcon';
import { filesActions, selectFiles, selectSortedFiles } from './filesSlice';
import { HEADER_HEIGHT, ROW_HEIGHT, TABLE_VIEWPORT_HEIGHT, VISIBLE_ROWS } from './layout';
import { isFolder, type SortColumn } from './sortFiles';

const COLUMNS: SortColumn[] = ['title', 'owner', 'modified'];

export function FilesTable() {
  const dispatch = useAppDispatch();
  const t = useT();
  const locale = useAppSelector((s) => s.user.model.locale);
  const activeFileId = useAppSelector((s) => s.user.model.activeFileId);
  const folder = useAppSelector(selectCurrentFolder);
  const files = useAppSelector(selectFiles);
  const rows = useAppSelector(selectSortedFiles);
  const flow = useAppSelector(selectActiveFileFlow);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [focusIndex, setFocusIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  /** A folder row was chosen: its button goes away with the old list, so focus the new first row. */
  const focusAfterOpen = useRef(false);

  const virtualizer = useVirtualizer({
    count: rows.length,
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

  // A folder opened: back to the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setFocusIndex(0);
    if (focusAfterOpen.current) {
      focusAfterOpen.current = false;
      pendingFocus.current = 0;
    }
  }, [files.scrollResetKey]);

  // When a listing's first page arrives with the active file in it, bring that row into view.
  // Later pages never move the owner's scroll position.
  const revealedListing = useRef<number | null>(null);
  useEffect(() => {
    if (files.status !== 'ready' || revealedListing.current === files.listing) return;
    revealedListing.current = files.listing;
    const index = activeFileId ? rows.findIndex((f) => f.id === activeFileId) : -1;
    if (index < 0) return;
    setFocusIndex(index);
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [files.status, files.listing, rows, activeFileId, virtualizer]);

  const dateFormat = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    } catch {
      return new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
    }
  }, [locale]);

  const choose = useCallback((file: DriveFile) => dispatch(fileChosen(file)), [dispatch]);

  const moveFocus = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(target);
    const button = buttons.current.get(target);
    // A row not rendered yet is focused once scrolling has rendered it.
    if (button) button.focus();
    else pendingFocus.current = target;
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  useEffect(() => {
    if (pendingFocus.current === null) return;
    // The owner moved focus elsewhere meanwhile (e.g. while the folder loaded): leave it there.
    const active = document.activeElement;
    if (active && active !== document.body && !scrollRef.current?.contains(active)) {
      pendingFocus.current = null;
      return;
    }
    const button = buttons.current.get(pendingFocus.current);
    if (button) {
      button.focus();
      pendingFocus.current = null;
    }
  });

  const onRowKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + VISIBLE_ROWS,
      PageUp: index - VISIBLE_ROWS,
      Home: 0,
      End: rows.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    moveFocus(to);
    if (to >= rows.length - 1) dispatch(filesActions.loadMoreRequested());
  };

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start : 0;
  const padBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  const tabIndexRow = Math.min(focusIndex, Math.max(0, rows.length - 1));

  const sortLabel = (column: SortColumn) => t(`files.col.${column}`);
  const ariaSort = (column: SortColumn) =>
    files.sort.column === column ? (files.sort.reverse ? 'descending' : 'ascending') : undefined;

  const listFailed = files.status === 'failed';
  const loadingFirst = files.status === 'loading';

  return (
    <div className="dfw-files">
      <ScrollArea
        ref={scrollRef}
        height={TABLE_VIEWPORT_HEIGHT}
        reachEndThresholdPx={ROW_HEIGHT * 2}
        onReachEnd={() => dispatch(filesActions.loadMoreRequested())}
        className="dfw-files__scroll"
      >
        <table className="dfw-table" aria-label={t('files.table', { folder: folder.title })} aria-rowcount={rows.length + 1} aria-busy={loadingFirst}>
          <thead>
            <tr aria-rowindex={1}>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" aria-sort={ariaSort(column)} className={`dfw-col-${column}`} style={{ height: HEADER_HEIGHT }}>
                  <button type="button" className="dfw-sort" onClick={() => dispatch(filesActions.sortClicked(column))}>
                    {sortLabel(column)}
                    <span aria-hidden="true" className="dfw-sort__arrow">
                      {files.sort.column === column ? (files.sort.reverse ? '▼' : '▲') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true" className="dfw-pad">
                <td colSpan={3} style={{ height: padTop }} />
              </tr>
            ) : null}
            {items.map((item) => {
              const file = rows[item.index]!;
              const folderRow = isFolder(file);
              const active = file.id === activeFileId;
              const activating = flow.activatingId === file.id;
              const owner = file.owners?.[0];
              const modified = file.modifiedDate ? new Date(file.modifiedDate) : null;
              return (
                <tr
                  key={file.id}
                  aria-rowindex={item.index + 2}
                  aria-current={active ? 'true' : undefined}
                  className={`dfw-row${active ? ' dfw-row--active' : ''}${folderRow ? ' dfw-row--folder' : ''}`}
                  style={{ height: ROW_HEIGHT }}
                  onClick={(e) => {
                    if ((e.target as HTMLElement).closest('button')) return;
                    choose(file);
                  }}
                >
                  <td className="dfw-col-title">
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) buttons.current.set(item.index, el);
                        else buttons.current.delete(item.index);
                      }}
                      tabIndex={item.index === tabIndexRow ? 0 : -1}
                      className="dfw-row__button"
                      title={file.title}
                      onFocus={() => setFocusIndex(item.index)}
                      onKeyDown={(e) => onRowKeyDown(e, item.index)}
                      onClick={() => {
                        if (folderRow) focusAfterOpen.current = true;
                        choose(file);
                      }}
                    >
                      <FileIcon mimeType={file.mimeType} />
                      <span className="dfw-row__title">{file.title}</span>
                      {folderRow ? <VisuallyHidden>, {t('files.folder')}</VisuallyHidden> : <VisuallyHidden>, {fileKind(file.mimeType)}</VisuallyHidden>}
                      {active ? (
                        <span className="dfw-badge" title={t('files.active')}>
                          <span aria-hidden="true">✓</span>
                          <VisuallyHidden>{t('files.active')}</VisuallyHidden>
                        </span>
                      ) : null}
                      {activating ? <span className="dfw-badge dfw-badge--muted">{t('files.activating')}</span> : null}
                    </button>
                  </td>
                  <td className="dfw-col-owner" title={owner?.emailAddress}>{owner ? (owner.isAuthenticatedUser ? t('files.ownerMe') : owner.displayName) : ''}</td>
                  <td className="dfw-col-modified">{modified && !Number.isNaN(modified.getTime()) ? dateFormat.format(modified) : ''}</td>
                </tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden="true" className="dfw-pad">
                <td colSpan={3} style={{ height: padBottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
        {loadingFirst ? <p className="dfw-table-note" role="status">{t('files.loading')}</p> : null}
        {files.status === 'ready' && rows.length === 0 ? <p className="dfw-table-note">{t('files.empty')}</p> : null}
        {files.pageStatus === 'loading' ? <p className="dfw-table-note" role="status">{t('files.loadingMore')}</p> : null}
      </ScrollArea>
      {listFailed && files.error ? (
        <div role="alert" className="dfw-alert">
          {t('files.listFailed')} {errorMessage(locale, files.error)}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.refreshRequested())}>{t('common.retry')}</button>
        </div>
      ) : null}
      {files.pageStatus === 'failed' && files.error ? (
        <div role="alert" className="dfw-alert">
          {t('files.pageFailed')} {errorMessage(locale, files.error)}{' '}
          <button type="button" className="dfw-button" onClick={() => dispatch(filesActions.loadMoreRequested())}>{t('common.retry')}</button>
        </div>
      ) : null}
      {flow.activationError ? (
        <div role="alert" className="dfw-alert">
          {t('files.activationFailed', { title: rows.find((f) => f.id === flow.activationError?.fileId)?.title ?? '' })} {errorMessage(locale, flow.activationError)}
        </div>
      ) : null}
      <p className="dfw-count" aria-live="polite">
        {files.status === 'ready' ? t(files.nextPageToken ? 'files.countMore' : 'files.count', { count: rows.length }) : ''}
      </p>
    </div>
  );
}

/**
 * One row of the files table. Its first cell holds the row's button (the row's one tab stop, named
 * by the title and the kind of file); a click anywhere on the row chooses the file. Memoised: while
 * the owner scrolls, only the rows coming into view render (the table passes stable callbacks).
 */
import { memo, useCallback, type KeyboardEvent } from 'react';
import type { DriveFile } from '../../api/schemas';
import { fileKind } from '../../drive/rules';
import type { PanelSource } from '../../i18n/panel/en';
import type { Translator } from '../../i18n/translator';
import { VisuallyHidden } from '../../ui';
import { FileIcon } from './FileIcon';
import { ROW_HEIGHT } from './layout';
import { isFolder, ownerName } from './sortFiles';
import { isSharedDrivesFolder } from '../../drive/sharedDrives';

export interface FileRowProps {
  file: DriveFile;
  index: number;
  active: boolean;
  activating: boolean;
  tabbable: boolean;
  dateFormat: Intl.DateTimeFormat;
  t: Translator<PanelSource>['t'];
  registerButton(index: number, button: HTMLButtonElement | null): void;
  onFocus(index: number): void;
  onKeyDown(event: KeyboardEvent, index: number): void;
  /** `fromButton`: chosen with the row's button (keyboard or click), not elsewhere on the row. */
  onChoose(file: DriveFile, fromButton: boolean): void;
}

function ownerText(file: DriveFile, t: FileRowProps['t']): string {
  const owner = file.owners?.[0];
  return owner?.isAuthenticatedUser ? t('files.ownerMe') : ownerName(file);
}

function modifiedText(file: DriveFile, dateFormat: Intl.DateTimeFormat): string {
  const modified = file.modifiedDate ? new Date(file.modifiedDate) : null;
  return modified && !Number.isNaN(modified.getTime()) ? dateFormat.format(modified) : '';
}

function FileRowView({ file, index, active, activating, tabbable, dateFormat, t, registerButton, onFocus, onKeyDown, onChoose }: FileRowProps) {
  const folderRow = isFolder(file);
  const title = isSharedDrivesFolder(file) ? t('files.sharedDrives') : file.title;
  // Rows are keyed by position: the same index keeps the same ref, so a new file in the row does not detach and attach it.
  const buttonRef = useCallback((el: HTMLButtonElement | null) => registerButton(index, el), [registerButton, index]);
  return (
    <tr
      aria-rowindex={index + 2}
      aria-current={active ? 'true' : undefined}
      className={`dfw-row${active ? ' dfw-row--active' : ''}${folderRow ? ' dfw-row--folder' : ''}`}
      style={{ height: ROW_HEIGHT }}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('button')) return;
        onChoose(file, false);
      }}
    >
      <td className="dfw-col-title">
        <button
          type="button"
          ref={buttonRef}
          tabIndex={tabbable ? 0 : -1}
          className="dfw-row__button"
          title={title}
          onFocus={() => onFocus(index)}
          onKeyDown={(e) => onKeyDown(e, index)}
          onClick={() => onChoose(file, true)}
        >
          <FileIcon mimeType={file.mimeType} />
          <span className="dfw-row__title">{title}</span>
          <VisuallyHidden>, {t(`kind.${fileKind(file.mimeType)}`)}</VisuallyHidden>
          {active ? (
            <span className="dfw-badge" title={t('files.active')}>
              <span aria-hidden="true">✓</span>
              <VisuallyHidden>{t('files.active')}</VisuallyHidden>
            </span>
          ) : null}
          {activating ? (
            <span className="dfw-badge dfw-badge--muted" title={t('files.activating')}>
              <span aria-hidden="true">⋯</span>
              <VisuallyHidden>{t('files.activating')}</VisuallyHidden>
            </span>
          ) : null}
        </button>
      </td>
      <td className="dfw-col-owner" title={file.owners?.[0]?.emailAddress}>
        {ownerText(file, t)}
      </td>
      <td className="dfw-col-modified">{modifiedText(file, dateFormat)}</td>
    </tr>
  );
}

export const FileRow = memo(FileRowView);

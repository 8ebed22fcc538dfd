import { useEffect, useRef } from 'react';
import type { PublicRole } from '../../api/schemas';
import { isEditable } from '../../drive/rules';
import { useAppDispatch, useAppSelector, useErrorText, useSentences, useT, useUserModelFields } from '../model';
import { activeFileActions, selectActiveFileFlow } from './activeFileSlice';

const ROLES: PublicRole[] = ['none', 'reader', 'writer'];

/**
 * When the owner picks another file, its sharing choice (below the table, often below the fold) is
 * scrolled into view. Focus stays where it is: the owner may go on browsing the table by keyboard.
 */
function useScrolledIntoViewOnChange(fileId: string | null) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const shownFor = useRef(fileId);
  useEffect(() => {
    if (fileId === shownFor.current) return;
    shownFor.current = fileId;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [fileId]);
  return ref;
}

/** The public sharing role of the active file (spec §2, §4, §6). */
export function SharingChoice() {
  const dispatch = useAppDispatch();
  const t = useT();
  const errorText = useErrorText();
  const sentences = useSentences();
  const model = useUserModelFields('activeFileId', 'activeFileMimeType', 'activeFilePerm', 'activeFileTitle');
  const flow = useAppSelector(selectActiveFileFlow);
  const fileId = model.activeFileId;
  const sectionRef = useScrolledIntoViewOnChange(fileId);
  if (!fileId) return <p className="dfw-hint">{t('sharing.noFile')}</p>;
  const editable = isEditable(model.activeFileMimeType ?? '');
  const saving = flow.sharing.status === 'saving';
  const shown = saving && flow.sharing.role ? flow.sharing.role : model.activeFilePerm;
  const title = model.activeFileTitle ?? fileId;

  return (
    <fieldset ref={sectionRef} className="dfw-sharing" aria-busy={saving} aria-describedby={editable ? undefined : 'dfw-sharing-why'}>
      <legend>{t('sharing.heading', { title })}</legend>
      {ROLES.map((role) => {
        // Writer is offered for editable files only (spec §5). A file anyone may already edit
        // shows that role as it is, checked, without offering it again once left.
        const choosable = role !== 'writer' || editable;
        if (!choosable && model.activeFilePerm !== 'writer') return null;
        return (
          <label key={role} className="dfw-radio">
            <input
              type="radio"
              name="dfw-sharing"
              value={role}
              checked={shown === role}
              disabled={saving || !choosable}
              onChange={() => dispatch(activeFileActions.roleChosen({ fileId, role }))}
            />
            {t(`sharing.${role}`)}
          </label>
        );
      })}
      {!editable ? (
        <p id="dfw-sharing-why" className="dfw-hint">
          {t('sharing.notEditable')}
        </p>
      ) : null}
      {shown === 'none' && !saving ? <p className="dfw-hint">{t('sharing.visitorsCannotSee')}</p> : null}
      {saving ? (
        <p className="dfw-hint" role="status">
          {t('sharing.saving')}
        </p>
      ) : null}
      {flow.sharing.status === 'failed' && flow.sharing.error ? (
        <p role="alert" className="dfw-alert">
          {sentences(t('sharing.failed'), errorText(flow.sharing.error))}
        </p>
      ) : null}
    </fieldset>
  );
}

import { errorMessage } from '../../i18n/messages';
import type { PublicRole } from '../../api/schemas';
import { isEditable } from '../../drive/rules';
import { selectActiveFileFlow, useAppDispatch, useAppSelector, useT } from '../model';
import { activeFileActions } from './activeFileSlice';

const ROLES: PublicRole[] = ['none', 'reader', 'writer'];

/** The public sharing role of the active file (spec §2, §4, §6). */
export function SharingChoice() {
  const dispatch = useAppDispatch();
  const t = useT();
  const model = useAppSelector((s) => s.user.model);
  const flow = useAppSelector(selectActiveFileFlow);
  const fileId = model.activeFileId;
  if (!fileId) return <p className="dfw-hint">{t('sharing.noFile')}</p>;
  const editable = isEditable(model.activeFileMimeType ?? '');
  const saving = flow.sharing.status === 'saving';
  const shown = saving && flow.sharing.role ? flow.sharing.role : model.activeFilePerm;
  const title = model.activeFileTitle ?? fileId;

  return (
    <fieldset className="dfw-sharing" aria-busy={saving} aria-describedby={editable ? undefined : 'dfw-sharing-why'}>
      <legend>{t('sharing.heading', { title })}</legend>
      {ROLES.map((role) => {
        const offered = role !== 'writer' || editable;
        if (!offered) return null;
        return (
          <label key={role} className="dfw-radio">
            <input
              type="radio"
              name="dfw-sharing"
              value={role}
              checked={shown === role}
              disabled={saving}
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
          {t('sharing.failed')} {errorMessage(model.locale, flow.sharing.error)}
        </p>
      ) : null}
    </fieldset>
  );
}

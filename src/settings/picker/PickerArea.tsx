/**
 * Picker mode's place of the files table: the file shown, and "Choose a file from your drive" (or
 * "Choose another file") opening the Picker's popup (pickerSaga.ts). Why a choice failed is said
 * beside the button, in the panel's words.
 */
import { useAppDispatch, useAppSelector, useErrorText, useT, useUserModelFields } from '../model';
import { pickerActions, selectPicker } from './pickerSlice';

export function PickerArea() {
  const dispatch = useAppDispatch();
  const t = useT();
  const errorText = useErrorText();
  const picker = useAppSelector(selectPicker);
  const { activeFileId, activeFileTitle } = useUserModelFields('activeFileId', 'activeFileTitle');
  const { activatingId, error } = picker;
  const busy = picker.status !== 'idle' || activatingId !== null;
  return (
    <div className="dfw-picker">
      <p>{t('picker.intro')}</p>
      {activeFileId ? (
        <p>
          {t('files.active')}: <strong>{activeFileTitle}</strong>
        </p>
      ) : null}
      <button type="button" className="dfw-button" disabled={busy} aria-busy={busy} onClick={() => dispatch(pickerActions.chooseClicked())}>
        {activeFileId ? t('picker.chooseAnother') : t('picker.choose')}
      </button>
      {activatingId !== null ? <p role="status">{t('files.activating')}</p> : null}
      {error ? (
        <p role="alert" className="dfw-alert">
          {errorText(error)}
        </p>
      ) : null}
      {picker.blocked ? (
        <p role="alert" className="dfw-alert">
          {t('picker.failed')}
        </p>
      ) : null}
    </div>
  );
}

import { useRef } from 'react';
import { Popup } from '../../ui';
import { selectPopupOpen, uiActions, useAppDispatch, useAppSelector, useT } from '../model';

/** Shown after a successful connection (spec §2, §4). */
export function ConnectedPopup() {
  const dispatch = useAppDispatch();
  const t = useT();
  const open = useAppSelector(selectPopupOpen('connected'));
  const ok = useRef<HTMLButtonElement>(null);
  const close = () => dispatch(uiActions.popupClosed('connected'));
  return (
    <Popup open={open} onCancel={close} label={t('connected.title')} initialFocusRef={ok} width={287}>
      <p className="dfw-popup-title">
        <strong>{t('connected.title')}</strong>
      </p>
      <p>{t('connected.body')}</p>
      <button ref={ok} type="button" className="dfw-button dfw-button--primary" onClick={close}>
        {t('common.ok')}
      </button>
    </Popup>
  );
}

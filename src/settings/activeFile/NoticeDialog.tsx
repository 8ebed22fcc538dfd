import { useId, useRef, useState } from 'react';
import { Dialog } from '../../ui';
import { useAppDispatch, useAppSelector, useT } from '../model';
import { activeFileActions, selectActiveFileFlow } from './activeFileSlice';

/** Shown before a file is made writable by anyone (spec §2, §6). */
export function NoticeDialog() {
  const dispatch = useAppDispatch();
  const t = useT();
  const { noticeFor } = useAppSelector(selectActiveFileFlow);
  const title = useAppSelector((s) => s.user.model.activeFileTitle ?? '');
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const checkboxId = useId();
  const cancel = () => {
    setDoNotShowAgain(false);
    dispatch(activeFileActions.noticeCancelled());
  };
  const confirm = () => {
    dispatch(activeFileActions.noticeConfirmed({ doNotShowAgain }));
    setDoNotShowAgain(false);
  };
  return (
    <Dialog
      open={noticeFor !== null}
      role="alertdialog"
      title={t('notice.title')}
      description={t('notice.body', { title })}
      onClose={cancel}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="dfw-button" onClick={cancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="dfw-button dfw-button--danger" onClick={confirm}>
            {t('notice.confirm')}
          </button>
        </>
      }
    >
      <label htmlFor={checkboxId} className="dfw-check">
        <input id={checkboxId} type="checkbox" checked={doNotShowAgain} onChange={(e) => setDoNotShowAgain(e.target.checked)} />
        {t('notice.doNotShowAgain')}
      </label>
    </Dialog>
  );
}

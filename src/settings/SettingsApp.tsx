import { LoaderBar, useInjectedStyles } from '../ui';
import { errorMessage } from '../i18n/messages';
import { AccountArea } from './account/AccountArea';
import { accountActions } from './account/accountSlice';
import { ConnectedPopup } from './account/ConnectedPopup';
import { NoticeDialog } from './activeFile/NoticeDialog';
import { SharingChoice } from './activeFile/SharingChoice';
import { Breadcrumb } from './files/Breadcrumb';
import { filesActions } from './files/filesSlice';
import { FilesTable } from './files/FilesTable';
import { selectLoading, selectSave, useAppDispatch, useAppSelector, userActions, useT } from './model';
import { PANEL_CSS } from './panelStyles';

function SaveStatus() {
  const dispatch = useAppDispatch();
  const t = useT();
  const locale = useAppSelector((s) => s.user.model.locale);
  const save = useAppSelector(selectSave);
  if (save.status === 'failed' && save.error) {
    return (
      <div role="alert" className="dfw-alert">
        {t('save.failed')} {errorMessage(locale, save.error)}
        <button type="button" className="dfw-button" onClick={() => dispatch(userActions.saveRetryRequested())}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const text =
    save.status === 'retrying'
      ? t('save.retrying')
      : save.status === 'saving' || save.status === 'pending'
        ? t('save.saving')
        : save.status === 'saved'
          ? t('save.saved')
          : '';
  return (
    <p className="dfw-save" role="status">
      {text}
    </p>
  );
}

export function SettingsApp() {
  useInjectedStyles('dfw-panel', PANEL_CSS);
  const dispatch = useAppDispatch();
  const t = useT();
  const loading = useAppSelector(selectLoading);
  const connected = useAppSelector((s) => s.account.status === 'connected');
  const user = useAppSelector((s) => s.user);

  return (
    <main className="dfw-panel" aria-busy={loading}>
      <div className="dfw-header">
        <h1>Drive File Widget</h1>
        <SaveStatus />
      </div>
      <div className="dfw-loader-slot">
        <LoaderBar active={loading} />
      </div>
      {user.loadError ? (
        <div role="alert" className="dfw-alert">
          {t('user.loadFailed')} {errorMessage(user.model.locale, user.loadError)}
        </div>
      ) : null}
      <div className="dfw-card">
        <AccountArea />
      </div>
      {connected ? (
        <section className="dfw-card" aria-labelledby="dfw-files-heading">
          <h2 id="dfw-files-heading" className="dfw-section-title">
            {t('files.heading')}
          </h2>
          <div className="dfw-toolbar">
            <Breadcrumb />
            <button
              type="button"
              className="dfw-icon-button"
              aria-label={t('files.refresh')}
              title={t('files.refresh')}
              onClick={() => dispatch(filesActions.refreshRequested())}
            >
              <span aria-hidden="true">⟳</span>
            </button>
            <button type="button" className="dfw-button" onClick={() => dispatch(accountActions.createFileClicked())}>
              {t('files.createFile')}
            </button>
          </div>
          <FilesTable />
          <SharingChoice />
        </section>
      ) : null}
      <ConnectedPopup />
      <NoticeDialog />
    </main>
  );
}

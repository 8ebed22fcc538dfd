import { lazy, Suspense, type ReactNode } from 'react';
import { LoaderBar, useInjectedStyles } from '../ui';
import { FadeIn } from '../ui/FadeIn';
import { Tabs } from '../ui/Tabs';
import { AccountArea } from './account/AccountArea';
import { accountActions, selectAccountConnected } from './account/accountSlice';
import { ConnectedPopup } from './account/ConnectedPopup';
import { ContentStatus } from './content/ContentStatus';
import { NoticeDialog } from './activeFile/NoticeDialog';
import { SharingChoice } from './activeFile/SharingChoice';
import { Breadcrumb } from './files/Breadcrumb';
import { filesActions } from './files/filesSlice';
import { FilesTable } from './files/FilesTable';
import { PickerArea } from './picker/PickerArea';
import { timeFormat } from '../i18n/format';
import {
  selectLoading,
  selectSave,
  selectTab,
  uiActions,
  useAppDispatch,
  useAppSelector,
  userActions,
  useErrorText,
  useSentences,
  usePanelI18n,
  useT,
  selectDriveAccess,
} from './model';
import { PANEL_CSS } from './panelStyles';
import { TAB_CSS } from './tabStyles';
import { UserLoadAlert, UserModelGate } from './UserModelGate';

// The Design and Text tabs load on demand (prefetched when the browser is idle), so the page's
// initial script stays within its budget.
const DesignTab = lazy(() =>
  import(/* webpackChunkName: "display-tabs", webpackPrefetch: true */ './design/DesignTab').then((m) => ({ default: m.DesignTab })),
);
const TextTab = lazy(() => import(/* webpackChunkName: "display-tabs", webpackPrefetch: true */ './text/TextTab').then((m) => ({ default: m.TextTab })));

function Lazy({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="dfw-hint" role="status">
          {t('tabs.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

function SaveStatus() {
  const dispatch = useAppDispatch();
  const i18n = usePanelI18n();
  const { t } = i18n;
  const errorText = useErrorText();
  const sentences = useSentences();
  const save = useAppSelector(selectSave);
  const retry = (label: string) => (
    <button type="button" className="dfw-button" onClick={() => dispatch(userActions.saveRetryRequested())}>
      {label}
    </button>
  );
  if (save.status === 'failed' && save.error) {
    return (
      <div role="alert" className="dfw-alert">
        {sentences(t('save.failed'), errorText(save.error))}
        {retry(t('common.retry'))}
      </div>
    );
  }
  if (save.status === 'retrying' && save.nextAttemptAt !== null) {
    // Said once per scheduled attempt (a live countdown would be read out every second).
    const time = timeFormat(i18n.language).format(new Date(save.nextAttemptAt));
    return (
      <div className="dfw-save dfw-save--waiting">
        <p role="status">{sentences(t('save.nextAttempt', { time }), save.error && errorText(save.error))}</p>
        {retry(t('save.retryNow'))}
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

/** The Main tab: the account, the files, and sharing of the chosen file. */
function MainTab() {
  const dispatch = useAppDispatch();
  const t = useT();
  const connected = useAppSelector(selectAccountConnected);
  const access = useAppSelector(selectDriveAccess);
  return (
    <div className="dfw-tab">
      <div className="dfw-card">
        <AccountArea />
      </div>
      {connected ? (
        <section className="dfw-card" aria-labelledby="dfw-files-heading">
          <h2 id="dfw-files-heading" className="dfw-section-title">
            {t('files.heading')}
          </h2>
          <UserModelGate>
            {access === 'picker' ? (
              <PickerArea />
            ) : (
              <>
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
              </>
            )}
            <SharingChoice />
          </UserModelGate>
        </section>
      ) : null}
    </div>
  );
}

export function SettingsApp() {
  useInjectedStyles('dfw-panel', PANEL_CSS);
  useInjectedStyles('dfw-tabs', TAB_CSS);
  const dispatch = useAppDispatch();
  const t = useT();
  const loading = useAppSelector(selectLoading);
  const tab = useAppSelector(selectTab);

  return (
    <FadeIn>
      <main className="dfw-panel" aria-busy={loading}>
        <div className="dfw-header">
          <h1>Drive File Widget</h1>
          <SaveStatus />
        </div>
        <div className="dfw-loader-slot">
          <LoaderBar active={loading} label={t('panel.loading')} />
        </div>
        <UserLoadAlert />
        <ContentStatus />
        <Tabs
          label={t('tabs.label')}
          selected={tab}
          onSelect={(id) => dispatch(uiActions.tabSelected(id))}
          tabs={[
            { id: 'main', label: t('tabs.main'), panel: <MainTab /> },
            {
              id: 'design',
              label: t('tabs.design'),
              panel: (
                <UserModelGate>
                  <Lazy>
                    <DesignTab />
                  </Lazy>
                </UserModelGate>
              ),
            },
            {
              id: 'text',
              label: t('tabs.text'),
              panel: (
                <UserModelGate>
                  <Lazy>
                    <TextTab />
                  </Lazy>
                </UserModelGate>
              ),
            },
          ]}
        />
        <ConnectedPopup />
        <NoticeDialog />
      </main>
    </FadeIn>
  );
}

import { useAppDispatch, useAppSelector, useErrorText, useSentences, useT } from '../model';
import { accountActions, selectAccount, type AccountState } from './accountSlice';

export function AccountArea() {
  const dispatch = useAppDispatch();
  const t = useT();
  const account = useAppSelector(selectAccount);
  const user = account.about?.user;

  return (
    <section className="dfw-account" aria-labelledby="dfw-account-heading">
      <h2 id="dfw-account-heading" className="dfw-section-title">
        {t('account.heading')}
      </h2>
      {account.status === 'connected' && user ? (
        <div className="dfw-account__row">
          {user.picture ? (
            <img className="dfw-account__picture" src={user.picture.url} alt={t('account.picture', { name: user.displayName })} width={36} height={36} />
          ) : null}
          <div className="dfw-account__who">
            <div className="dfw-account__name">{user.displayName}</div>
            <div className="dfw-account__email">{user.emailAddress}</div>
          </div>
          <button type="button" className="dfw-button" onClick={() => dispatch(accountActions.disconnectClicked())} disabled={account.disconnecting}>
            {account.disconnecting ? t('account.disconnecting') : t('account.disconnect')}
          </button>
        </div>
      ) : account.status === 'unknown' ? (
        <p className="dfw-account__hint" role="status">
          {t('account.checking')}
        </p>
      ) : account.status === 'failed' ? (
        <div className="dfw-account__row">
          <p className="dfw-account__hint">{t('account.checkFailed')}</p>
          <button
            type="button"
            className="dfw-button dfw-button--primary"
            // Busy, not disabled, while it runs: a disabled button would drop the keyboard focus.
            onClick={() => {
              if (!account.checking) dispatch(accountActions.checkRetryClicked());
            }}
            aria-disabled={account.checking || undefined}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : account.status === 'disconnected' ? (
        <div className="dfw-account__row">
          <p className="dfw-account__hint">{account.reconnect ? t('account.reconnect') : t('account.notConnected')}</p>
          <button
            type="button"
            className="dfw-button dfw-button--primary"
            onClick={() => dispatch(accountActions.connectClicked())}
            disabled={account.connecting}
          >
            {account.connecting ? t('account.connecting') : account.reconnect ? t('account.connectAgain') : t('account.connect')}
          </button>
        </div>
      ) : null}
      {account.windowBlocked ? (
        <div role="alert" className="dfw-alert">
          {account.windowBlocked === 'authenticate' ? t('account.popupBlocked') : t('account.createBlocked')}
          <button type="button" className="dfw-link" onClick={() => dispatch(accountActions.windowNoticeDismissed())}>
            {t('common.dismiss')}
          </button>
        </div>
      ) : null}
      <AccountErrors account={account} />
    </section>
  );
}

/** Why connecting, disconnecting or reading the account failed, each said until the owner acts again. */
function AccountErrors({ account }: { account: AccountState }) {
  const t = useT();
  const errorText = useErrorText();
  const sentences = useSentences();
  const alert = (text: string) => (
    <div role="alert" className="dfw-alert">
      {text}
    </div>
  );
  return (
    <>
      {account.connectError ? alert(errorText(account.connectError)) : null}
      {account.disconnectError ? alert(sentences(t('account.disconnectFailed'), errorText(account.disconnectError))) : null}
      {account.status === 'failed' && account.error ? alert(errorText(account.error)) : null}
    </>
  );
}

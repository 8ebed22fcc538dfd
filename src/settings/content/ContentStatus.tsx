/**
 * Says when the file on the site's page (the custom element's `content`, contentSaga.ts) is not up
 * to date: the next attempt's time and why, with Retry now; or a refusal retrying cannot fix, with
 * Retry. Nothing while it is up to date or being brought up to date.
 */
import { timeFormat } from '../../i18n/format';
import { useAppDispatch, useAppSelector, useErrorText, usePanelI18n, useSentences } from '../model';
import { contentActions, selectContent } from './contentSlice';

export function ContentStatus() {
  const dispatch = useAppDispatch();
  const i18n = usePanelI18n();
  const errorText = useErrorText();
  const sentences = useSentences();
  const { status, error, nextAttemptAt } = useAppSelector(selectContent);
  const retry = (label: string) => (
    <button type="button" className="dfw-button" onClick={() => dispatch(contentActions.retryRequested())}>
      {label}
    </button>
  );
  if (status === 'failed' && error) {
    return (
      <div role="alert" className="dfw-alert">
        {sentences(i18n.t('content.failed'), errorText(error))}
        {retry(i18n.t('common.retry'))}
      </div>
    );
  }
  if (status === 'retrying' && nextAttemptAt !== null) {
    const time = timeFormat(i18n.language).format(new Date(nextAttemptAt));
    return (
      <div className="dfw-save dfw-save--waiting">
        <p role="status">{sentences(i18n.t('content.nextAttempt', { time }), error && errorText(error))}</p>
        {retry(i18n.t('save.retryNow'))}
      </div>
    );
  }
  return null;
}

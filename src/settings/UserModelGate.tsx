/**
 * Nothing the owner changes may be lost: until the user model is loaded, the controls that change
 * it are not shown (a pane says the settings are loading, or that they could not be loaded), and a
 * failed load is said with a Retry that loads again.
 */
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector, useErrorText, useSentences, userActions, useT } from './model';

/** Shows `children` (controls that change the user model) once the model is loaded. */
export function UserModelGate({ children }: { children: ReactNode }) {
  const t = useT();
  const loaded = useAppSelector((s) => s.user.loaded);
  const failed = useAppSelector((s) => s.user.loadError !== null && !s.user.reloading);
  if (loaded) return <>{children}</>;
  return (
    <p className="dfw-hint" role="status">
      {failed ? t('user.notLoaded') : t('user.loading')}
    </p>
  );
}

/** The failed load, said with a Retry. */
export function UserLoadAlert() {
  const dispatch = useAppDispatch();
  const t = useT();
  const errorText = useErrorText();
  const sentences = useSentences();
  const loadError = useAppSelector((s) => s.user.loadError);
  const reloading = useAppSelector((s) => s.user.reloading);
  if (!loadError) return null;
  // While the retry runs, the alert and its button stay (busy), so keyboard focus stays on Retry.
  return (
    <div role="alert" className="dfw-alert dfw-page-alert" aria-busy={reloading}>
      {sentences(t('user.loadFailed'), errorText(loadError))}
      <button
        type="button"
        className="dfw-button"
        aria-disabled={reloading || undefined}
        onClick={() => {
          if (!reloading) dispatch(userActions.loadRequested());
        }}
      >
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Selectors more than one feature reads. A selector only one feature needs stays with it. */
import type { RootState } from './state';

export const selectLocale = (s: Pick<RootState, 'user'>) => s.user.model.locale;
export const selectActiveFileId = (s: Pick<RootState, 'user'>) => s.user.model.activeFileId;
export const selectActiveFileFlow = (s: Pick<RootState, 'activeFile'>) => s.activeFile;
export const selectAccountConnected = (s: Pick<RootState, 'account'>) => s.account.status === 'connected';

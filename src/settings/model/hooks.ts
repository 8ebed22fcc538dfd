import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ErrorInfo } from '../../api/ApiError';
import { panelCatalogues } from '../../i18n/panel/catalogues';
import { errorText } from '../../i18n/panel/errorText';
import { useTranslator } from '../../i18n/useTranslator';
import type { RootState } from './state';
import { selectPanelLanguage } from './uiSlice';

/** The store runs no thunks: every side effect is a saga, so dispatch takes plain actions. */
export type AppDispatch = Dispatch<UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The panel's translator: words, dates and numbers in the editor's language. */
export function usePanelI18n() {
  return useTranslator(panelCatalogues, useAppSelector(selectPanelLanguage));
}

/** Translate in the panel's language. */
export function useT() {
  return usePanelI18n().t;
}

/** Words for a failure's code, in the panel's language. */
export function useErrorText() {
  const i18n = usePanelI18n();
  return useCallback((error: Pick<ErrorInfo, 'code' | 'status'> & { reason?: string | null }) => errorText(i18n, error), [i18n]);
}

import { useCallback } from 'react';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import type { SettingName, UserModel } from '../../contract/userModel';
import { panelCatalogues } from '../../i18n/panel/catalogues';
import { errorText, type ErrorTextInput } from '../../i18n/panel/errorText';
import { joinSentences } from '../../i18n/sentences';
import { useTranslator } from '../../i18n/useTranslator';
import { selectPanelLanguage } from './uiSlice';

/**
 * The store's types, as the store derives them: `RootState` and `AppDispatch` are defined once,
 * in ../store.ts, which registers them here (`declare module './model/hooks'`). The model cannot
 * import the store, whose reducers come from the features; this keeps the hooks checked against
 * the real store all the same.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the store's declaration
export interface PanelStoreTypes {}

type Registered<K extends string> = PanelStoreTypes extends Record<K, infer T> ? T : never;

export const useAppDispatch = useDispatch.withTypes<Registered<'dispatch'>>();
export const useAppSelector = useSelector.withTypes<Registered<'state'>>();

/**
 * The settings `names` of the owner's model: the component re-renders only when one of them
 * changes (a component that read the whole model would re-render for every change).
 */
export function useUserModelFields<const K extends SettingName>(...names: K[]): Pick<UserModel, K> {
  return useAppSelector((s) => {
    const model: UserModel = s.user.model;
    return Object.fromEntries(names.map((name) => [name, model[name]])) as Pick<UserModel, K>;
  }, shallowEqual);
}

/** The panel's translator: words, dates and numbers in the editor's language. */
export function usePanelI18n() {
  return useTranslator(panelCatalogues, useAppSelector(selectPanelLanguage));
}

/** Translate in the panel's language. */
export function useT() {
  return usePanelI18n().t;
}

/** Messages said one after another, joined as the panel's language joins sentences. */
export function useSentences() {
  const { language } = usePanelI18n();
  return useCallback((...parts: ReadonlyArray<string | null | undefined>) => joinSentences(language, ...parts), [language]);
}

/** Words for a failure's code, in the panel's language. */
export function useErrorText() {
  const i18n = usePanelI18n();
  return useCallback((error: ErrorTextInput) => errorText(i18n, error), [i18n]);
}

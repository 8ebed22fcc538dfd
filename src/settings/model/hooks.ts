import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { translate, translatePlural, type MessageKey, type PluralBase } from '../../i18n/messages';
import type { RootState } from './state';

/** The store runs no thunks: every side effect is a saga, so dispatch takes plain actions. */
export type AppDispatch = Dispatch<UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Translate in the owner's locale (the user model's). */
/** Words for a count, in the plural form of the owner's language. */
export function usePlural() {
  const locale = useAppSelector((s) => s.user.model.locale);
  return useCallback((base: PluralBase, count: number) => translatePlural(locale, base, count), [locale]);
}

export function useT() {
  const locale = useAppSelector((s) => s.user.model.locale);
  return useCallback((key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars), [locale]);
}

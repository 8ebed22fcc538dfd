/**
 * What the Design and Text tabs' events do to the user model. Bad values change nothing, so
 * they are never saved.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { MAX_BORDER_WIDTH, isKnownColour } from '../../api/schemas';
import type { UserState } from './userSlice';

export type ColorTarget = 'borderColor' | 'backgroundColor' | 'textColor';

export const displayReducers = {
  colorChanged(state: UserState, action: PayloadAction<{ target: ColorTarget; value: string }>) {
    const { target, value } = action.payload;
    if (isKnownColour(value)) state.model[target] = value;
  },
  borderWidthChanged(state: UserState, action: PayloadAction<number>) {
    if (Number.isFinite(action.payload)) state.model.borderWidth = Math.min(MAX_BORDER_WIDTH, Math.max(0, Math.round(action.payload)));
  },
  titleBarToggled(state: UserState, action: PayloadAction<boolean>) {
    state.model.titleBar = action.payload;
  },
};

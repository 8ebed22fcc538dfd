/**
 * What the Design and Text tabs' events do to the user model. A value the contract's field rule
 * refuses (src/contract/userModel.ts readField) changes nothing, so it is never saved.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { readField } from '../../contract/userModel';
import type { UserState } from './userSlice';

export type ColorTarget = 'borderColor' | 'backgroundColor' | 'textColor';

export const displayReducers = {
  colorChanged(state: UserState, action: PayloadAction<{ target: ColorTarget; value: string }>) {
    const { target, value } = action.payload;
    const colour = readField(target, value);
    if (colour !== undefined) state.model[target] = colour;
  },
  borderWidthChanged(state: UserState, action: PayloadAction<number>) {
    const width = readField('borderWidth', Math.round(action.payload));
    if (width !== undefined) state.model.borderWidth = width;
  },
  titleBarToggled(state: UserState, action: PayloadAction<boolean>) {
    state.model.titleBar = action.payload;
  },
};

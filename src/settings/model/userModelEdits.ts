/**
 * Every change the owner makes to the user model (spec §3, §4), in one place: what each event of
 * the Main, Design and Text tabs does to `user.model`. Each value is checked by its field's rule in
 * the contract (src/contract/userModel.ts `readField`): a value the rule refuses changes nothing,
 * so it is never saved.
 *
 * Besides these, the model is only replaced by the server's (loaded, or a stale save rebased: see
 * userSlice.ts), and the root reducer keeps its `paletteColors` in step with the site's palette
 * (paletteColors.ts). The reducers are pure and the payloads plain data, so Redux DevTools can
 * replay a session.
 */
import type { ActionReducerMapBuilder, PayloadAction } from '@reduxjs/toolkit';
import { readField } from '../../contract/userModel';
import { nextBreadcrumb } from './breadcrumb';
import { editorFontPicked, fileActivated, folderOpened, fontEdited, fontPresetChosen, publicRoleSet } from './events';
import { assertFontValue, editedFont, presetFont } from './fontValue';
import type { UserState } from './userSlice';

export type Corner = 'TopLeft' | 'TopRight' | 'BottomLeft' | 'BottomRight';
export const CORNERS: readonly Corner[] = ['TopLeft', 'TopRight', 'BottomLeft', 'BottomRight'];

export type ColorTarget = 'borderColor' | 'backgroundColor' | 'textColor';

/** The user slice's own actions that edit the model (Design and Text tabs). */
export const userModelEditReducers = {
  /** Spec §4: with the corners locked together, one radius sets all four. */
  cornerRadiusChanged(state: UserState, action: PayloadAction<{ corner: Corner; value: number }>) {
    const value = readField('cornerRadiusTopLeft', action.payload.value);
    if (value === undefined) return;
    const corners = state.model.lockCornersTogether ? CORNERS : [action.payload.corner];
    for (const corner of corners) state.model[`cornerRadius${corner}`] = value;
  },
  cornersLockChanged(state: UserState, action: PayloadAction<boolean>) {
    state.model.lockCornersTogether = action.payload;
  },
  /** A colour is a palette reference (kept as such, so it follows the palette) or a custom hex. */
  colorChanged(state: UserState, action: PayloadAction<{ target: ColorTarget; value: string }>) {
    const { target, value } = action.payload;
    const colour = readField(target, value);
    if (colour !== undefined) state.model[target] = colour;
  },
  /** Rounded to a whole number; a width outside the contract's 0 to MAX_BORDER_WIDTH changes nothing. */
  borderWidthChanged(state: UserState, action: PayloadAction<number>) {
    const width = readField('borderWidth', Math.round(action.payload));
    if (width !== undefined) state.model.borderWidth = width;
  },
  titleBarToggled(state: UserState, action: PayloadAction<boolean>) {
    state.model.titleBar = action.payload;
  },
  /** As part of the page, or in the drive's viewer (the contract's display rule). */
  displayChosen(state: UserState, action: PayloadAction<string>) {
    const display = readField('display', action.payload);
    if (display !== undefined) state.model.display = display;
  },
  /** null: automatic by the file's kind; else whole px within the contract's limits. */
  viewerHeightChanged(state: UserState, action: PayloadAction<number | null>) {
    const height = readField('viewerHeight', typeof action.payload === 'number' ? Math.round(action.payload) : action.payload);
    if (height !== undefined) state.model.viewerHeight = height;
  },
  documentLookToggled(state: UserState, action: PayloadAction<boolean>) {
    state.model.keepDocumentLook = action.payload;
  },
  /** A presentation's slides all at once or one at a time (the contract's slideView rule). */
  slideViewChosen(state: UserState, action: PayloadAction<string>) {
    const view = readField('slideView', action.payload);
    if (view !== undefined) state.model.slideView = view;
  },
  /** The widget's language: stored lower-cased (the contract's locale rule). */
  localeChanged(state: UserState, action: PayloadAction<string>) {
    const locale = readField('locale', action.payload);
    if (locale !== undefined) state.model.locale = locale;
  },
};

type FontEvent = ReturnType<typeof fontPresetChosen> | ReturnType<typeof fontEdited> | ReturnType<typeof editorFontPicked>;

/**
 * The font an event of the Text tab proposes, not yet checked: a preset sets size, style and
 * family; a change by hand makes the font custom (fontValue.ts).
 */
export function proposedFont(action: FontEvent): Record<string, unknown> {
  if (fontPresetChosen.match(action)) return presetFont(action.payload.name, action.payload.preset);
  if (editorFontPicked.match(action)) return { ...action.payload };
  return editedFont(action.payload.font, action.payload.edit);
}

/** A font is stored only when it is a valid font value. */
function storeFont(state: UserState, action: FontEvent) {
  try {
    state.model.font = assertFontValue(proposedFont(action));
  } catch {
    // Unknown Preset: the Text tab says so (text/textSlice.ts); the model keeps its font.
  }
}

/** Shared events (events.ts) and what they do to the model. */
export function addUserModelEventCases(builder: ActionReducerMapBuilder<UserState>): void {
  builder
    .addCase(folderOpened, (state, action) => {
      const trail = readField('breadcrumb', nextBreadcrumb(state.model.breadcrumb, action.payload));
      if (trail) state.model.breadcrumb = trail;
    })
    .addCase(fileActivated, (state, action) => {
      // A file the model cannot keep (a bad id, a title the contract refuses) does not become active.
      const { file, role } = action.payload;
      const fields = {
        activeFileId: readField('activeFileId', file.id),
        activeFileTitle: readField('activeFileTitle', file.title),
        activeFileMimeType: readField('activeFileMimeType', file.mimeType),
        activeFileResourceKey: readField('activeFileResourceKey', file.resourceKey ?? null),
        activeFilePerm: readField('activeFilePerm', role),
      };
      if (Object.values(fields).some((value) => value === undefined)) return;
      Object.assign(state.model, fields);
    })
    .addCase(publicRoleSet, (state, action) => {
      if (state.model.activeFileId === action.payload.fileId) state.model.activeFilePerm = action.payload.role;
    })
    .addCase(fontPresetChosen, storeFont)
    .addCase(fontEdited, storeFont)
    .addCase(editorFontPicked, storeFont);
}

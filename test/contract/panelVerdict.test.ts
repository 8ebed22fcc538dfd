/**
 * The contract table through the panel: each change is made the way the panel makes it (the
 * owner's controls dispatch their events; the drive's answers activate a file or open a folder)
 * on the panel's store with its sagas and the mock backend. The change is accepted when the model
 * now holds it (and the save of it was confirmed), refused when the model kept its values.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Action } from '@reduxjs/toolkit';
import { defaultUserModel, type UserModel } from '../../src/contract/userModel';
import type { FontValue } from '../../src/contract/font';
import type { SiteTextPreset } from '../../src/editor/EditorBridge';
import { fileActivated, folderOpened, fontEdited, fontPresetChosen, userActions, type Corner } from '../../src/settings/model';
import { startPanel, type PanelHarness } from '../helpers/panelHarness';
import { MODEL_CASES, type ModelCase } from './modelCases';

const COLOURS = ['borderColor', 'backgroundColor', 'textColor'] as const;

/** A site text preset that sets `font` (its size as the editor writes it, in px). */
function presetOf(font: FontValue): SiteTextPreset {
  const size = `${font.size}px`;
  return {
    editorKey: 'font_8',
    fontFamily: font.family,
    size,
    lineHeight: '1.4em',
    weight: 'normal',
    style: 'normal',
    value: `font:normal normal normal ${size}/1.4em ${font.cssFontFamily};`,
  };
}

/** A custom font comes from the font popup's controls; any other from choosing a site text preset. */
const fontEvent = (font: FontValue) =>
  font.preset === 'Custom' ? fontEdited({ font, edit: {} }) : fontPresetChosen({ name: font.preset, preset: presetOf(font) });

/** The events the panel dispatches to make `change`. */
function panelEvents(change: ModelCase['change']): Action[] {
  const events: Action[] = [];
  for (const [field, value] of Object.entries(change)) {
    if (field === 'font') events.push(fontEvent(value as FontValue));
    else if ((COLOURS as readonly string[]).includes(field))
      events.push(userActions.colorChanged({ target: field as (typeof COLOURS)[number], value: value as string }));
    else if (field === 'borderWidth') events.push(userActions.borderWidthChanged(value as number));
    else if (field.startsWith('cornerRadius'))
      events.push(userActions.cornerRadiusChanged({ corner: field.slice('cornerRadius'.length) as Corner, value: value as number }));
    else if (field === 'locale') events.push(userActions.localeChanged(value as string));
    else if (field === 'display') events.push(userActions.displayChosen(value as string));
    else if (field === 'viewerHeight') events.push(userActions.viewerHeightChanged(value as number));
    else if (field === 'keepDocumentLook') events.push(userActions.documentLookToggled(value as boolean));
    else if (field === 'slideView') events.push(userActions.slideViewChosen(value as string));
    else if (field === 'breadcrumb') events.push(...(value as { id: string; title: string }[]).slice(1).map((entry) => folderOpened(entry)));
  }
  if ('activeFileId' in change) {
    const file = { id: change.activeFileId as string, title: change.activeFileTitle as string, mimeType: change.activeFileMimeType as string };
    events.push(fileActivated({ file, role: change.activeFilePerm as UserModel['activeFilePerm'] }));
  }
  return events;
}

async function panelVerdict(panel: PanelHarness, change: ModelCase['change']): Promise<'accepted' | 'refused' | 'partly'> {
  const defaults = defaultUserModel();
  await panel.until((state) => state.user.loaded, 4000, 'the user model');
  panel.dispatch(userActions.cornersLockChanged(false));
  await panel.until((state) => state.user.save.status === 'saved', 4000, 'the unlocked corners saved');
  for (const event of panelEvents(change)) panel.dispatch(event);
  const model = panel.store.getState().user.model as unknown as Record<string, unknown>;
  const fields = Object.keys(change);
  if (fields.every((field) => isDeepStrictEqual(model[field], change[field as keyof UserModel]))) {
    const saved = await panel.until((state) => state.user.save.status === 'saved' && state.user.confirmed.revision === 2, 4000, 'the change saved');
    expect(saved.user.confirmed.model).toEqual(saved.user.model);
    return 'accepted';
  }
  if (fields.every((field) => isDeepStrictEqual(model[field], defaults[field as keyof UserModel]))) return 'refused';
  return 'partly';
}

let panel: PanelHarness;
beforeEach(() => {
  panel = startPanel();
});
afterEach(() => panel.stop());

describe('the contract table through the panel', () => {
  it.each(MODEL_CASES.map((c) => [c.name, c] as const))('%s', async (_, { change, verdict }) => {
    expect(await panelVerdict(panel, change)).toBe(verdict);
  });
});

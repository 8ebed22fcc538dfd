/**
 * @jest-environment node
 *
 * The contract table through the panel: each change is made the way the panel makes it (the
 * owner's controls dispatch their events; the drive's answers activate a file or open a folder)
 * on a real store, and the change is accepted when the model now holds it, refused when the model
 * kept its values.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Action } from '@reduxjs/toolkit';
import { defaultUserModel, type UserModel } from '../../src/contract/userModel';
import { fileActivated, folderOpened, fontChosen, userActions, userModelLoaded, type Corner } from '../../src/settings/model';
import type { Services } from '../../src/settings/services/context';
import { setupStore } from '../../src/settings/store';
import { memoryPersistStorage } from '../helpers/panelHarness';
import { MODEL_CASES, type ModelCase } from './modelCases';

const COLOURS = ['borderColor', 'backgroundColor', 'textColor'] as const;

/** The events the panel dispatches to make `change`. */
function panelEvents(change: ModelCase['change']): Action[] {
  const events: Action[] = [];
  for (const [field, value] of Object.entries(change)) {
    if (field === 'font') events.push(fontChosen(value));
    else if ((COLOURS as readonly string[]).includes(field))
      events.push(userActions.colorChanged({ target: field as (typeof COLOURS)[number], value: value as string }));
    else if (field === 'borderWidth') events.push(userActions.borderWidthChanged(value as number));
    else if (field.startsWith('cornerRadius'))
      events.push(userActions.cornerRadiusChanged({ corner: field.slice('cornerRadius'.length) as Corner, value: value as number }));
    else if (field === 'locale') events.push(userActions.localeChanged(value as string));
    else if (field === 'breadcrumb') events.push(...(value as { id: string; title: string }[]).slice(1).map((entry) => folderOpened(entry)));
  }
  if ('activeFileId' in change) {
    const file = { id: change.activeFileId as string, title: change.activeFileTitle as string, mimeType: change.activeFileMimeType as string };
    events.push(fileActivated({ file, role: change.activeFilePerm as UserModel['activeFilePerm'] }));
  }
  return events;
}

function panelVerdict(change: ModelCase['change']): 'accepted' | 'refused' | 'partly' {
  const defaults = defaultUserModel();
  // The panel's own store, its sagas not running: what is judged is what the model takes.
  const { store } = setupStore({ services: {} as Services, storage: memoryPersistStorage(), runSaga: false });
  store.dispatch(userModelLoaded({ model: defaults, revision: 0 }));
  store.dispatch(userActions.cornersLockChanged(false));
  for (const event of panelEvents(change)) store.dispatch(event);
  const model = store.getState().user.model as unknown as Record<string, unknown>;
  const fields = Object.keys(change);
  if (fields.every((field) => isDeepStrictEqual(model[field], change[field as keyof UserModel]))) return 'accepted';
  if (fields.every((field) => isDeepStrictEqual(model[field], defaults[field as keyof UserModel]))) return 'refused';
  return 'partly';
}

describe('the contract table through the panel', () => {
  it.each(MODEL_CASES.map((c) => [c.name, c] as const))('%s', (_, { change, verdict }) => {
    expect(panelVerdict(change)).toBe(verdict);
  });
});

/**
 * For every setting of the registry (src/contract/userModel.ts), a valid value other than its
 * default, as the model keeps it. A setting added to the registry without a sample here does not
 * compile, and the reach tests (settingReach.test.ts, server/test/settingReach.test.ts) then follow
 * it through every consumer.
 */
import { SETTINGS, USER_MODEL_FIELDS, type SettingName, type UserModel } from '../../src/contract/userModel';

export const SETTING_SAMPLES: UserModel = {
  activeFileId: 'file-1',
  activeFilePerm: 'reader',
  activeFileTitle: 'Plan',
  activeFileMimeType: 'application/pdf',
  activeFileResourceKey: '0-Hk3xSample',
  breadcrumb: [
    { id: 'root', title: 'My Drive' },
    { id: 'folder-1', title: 'Plans' },
  ],
  lockCornersTogether: false,
  cornerRadiusTopLeft: 4,
  cornerRadiusTopRight: 8,
  cornerRadiusBottomLeft: 12,
  cornerRadiusBottomRight: 16,
  locale: 'de',
  borderColor: '#336699',
  borderWidth: 3,
  backgroundColor: 'color_13',
  textColor: 'var(--wst-primary-color, #116dff)',
  titleBar: true,
  font: { size: 18, style: { bold: true, italic: false, underline: false }, family: 'Georgia', cssFontFamily: 'Georgia, serif', preset: 'Custom' },
  paletteColors: { color_13: '#ABCDEF' },
  display: 'viewer',
  viewerHeight: 600,
  keepDocumentLook: true,
  slideView: 'one',
};

/** The settings a visitor's widget receives (every one but the panel's own). */
export const VISITOR_SETTINGS: SettingName[] = USER_MODEL_FIELDS.filter((name) => SETTINGS[name].group !== 'panel-only');

/** The samples of `names` only. */
export const samplesOf = (names: readonly SettingName[]): Partial<UserModel> =>
  Object.fromEntries(names.map((name) => [name, SETTING_SAMPLES[name]])) as Partial<UserModel>;

/**
 * The panel's words. Components turn error codes into these; English is complete, other
 * languages fall back to it key by key.
 */
import { widgetCatalogues, widgetEn } from './widgetMessages';

const en = {
  ...widgetEn,
  'account.heading': 'Drive account',
  'account.connect': 'Connect a drive account',
  'account.connecting': 'Waiting for the sign-in window…',
  'account.disconnect': 'Disconnect',
  'account.disconnecting': 'Disconnecting…',
  'account.notConnected': 'Connect your drive to choose the file your site shows.',
  'account.reconnect': 'Access to your drive has ended (it was removed or has expired). Connect it again to choose the file your site shows.',
  'account.connectAgain': 'Connect again',
  'account.checkFailed': 'Could not read your drive account.',
  'callback.connected.title': 'Your drive is connected',
  'callback.connected.text': 'This window closes by itself; go back to the settings panel.',
  'callback.denied.title': 'The drive was not connected',
  'callback.denied.text': 'You did not allow access, so nothing changed.',
  'callback.expired.title': 'This sign-in has expired',
  'callback.expired.text': 'Close this window and press Connect in the settings panel again.',
  'callback.refused.title': 'This sign-in cannot be used',
  'callback.refused.text': 'It was already used, or started in another browser. Close this window and press Connect in the settings panel again.',
  'callback.failed.title': 'The drive could not be connected',
  'callback.failed.text': 'The drive provider did not answer as expected. Close this window and try again in a moment.',
  'account.picture': 'Picture of {name}',
  'account.popupBlocked': 'The browser blocked the sign-in window. Allow pop-ups for the editor, then try again.',
  'account.createBlocked': 'The browser blocked the new window. Allow pop-ups for the editor, then try again.',
  'account.disconnectFailed': 'Could not disconnect the account.',
  'connected.title': 'Your drive is connected',
  'connected.body': 'Choose the file your site shows from the list.',
  'common.ok': 'OK',
  'common.retry': 'Retry',
  'common.cancel': 'Cancel',
  'common.dismiss': 'Dismiss',
  'files.heading': 'Files',
  'files.breadcrumb': 'Folder trail',
  'files.refresh': 'Refresh the list',
  'files.createFile': 'Create a new file',
  'files.table': 'Files in {folder}',
  'files.col.title': 'Name',
  'files.col.owner': 'Owner',
  'files.col.modified': 'Last modified',
  'files.sortBy': 'Sort by {column}',
  'files.empty': 'This folder is empty.',
  'files.loading': 'Loading files…',
  'files.loadingMore': 'Loading more files…',
  'files.listFailed': 'The file list could not be loaded.',
  'files.pageFailed': 'More files could not be loaded.',
  'files.folder': 'Folder',
  'files.ownerMe': 'me',
  'files.active': 'Shown on your site',
  'files.activating': 'Choosing…',
  'files.activationFailed': 'Could not choose “{title}”.',
  'files.count.one': '{count} item',
  'files.count.other': '{count} items',
  'files.countMore.one': '{count} item loaded, more below',
  'files.countMore.other': '{count} items loaded, more below',
  'sharing.heading': 'Who can open “{title}”',
  'sharing.none': 'Private (only you)',
  'sharing.reader': 'Anyone can view',
  'sharing.writer': 'Anyone can edit',
  'sharing.notEditable': 'Only Docs, Sheets, Slides and Drawings can be edited by visitors; this file can be viewed only.',
  'sharing.visitorsCannotSee': 'Visitors to your site cannot see a private file.',
  'sharing.saving': 'Updating sharing…',
  'sharing.failed': 'Sharing could not be changed.',
  'sharing.noFile': 'Choose a file from the list to show it on your site.',
  'notice.title': 'Let anyone edit this file?',
  'notice.body': 'Anyone who visits your site will be able to change “{title}” in your drive, and their changes cannot be traced to them.',
  'notice.doNotShowAgain': "Don't show this again",
  'notice.confirm': 'Let anyone edit',
  'save.saving': 'Saving…',
  'save.saved': 'All changes saved',
  'save.retrying': 'Not saved yet — retrying…',
  'save.failed': 'Not saved yet: your changes are kept on this computer.',
  'user.loadFailed': 'Your settings could not be loaded.',
  'error.network': 'The server could not be reached.',
  'error.unauthorized': 'Your drive account is not connected.',
  'error.reconnect': 'Access to your drive has ended; connect it again.',
  'error.http': 'The server answered with an error ({status}).',
  'error.malformed': 'The server answered with something unexpected.',
  'error.unknown': 'Something went wrong.',
  'error.aborted': 'The request was cancelled.',
  'error.timeout': 'The server did not answer in time.',
  'error.stale': 'The settings were changed elsewhere at the same time.',
  'error.refused': 'This request was not sent.',
  'error.refused.invalid_file_id': 'This file cannot be used: its id is not valid.',
  'error.refused.no_component': 'This panel was opened without the id of its widget, so its settings cannot be saved.',
  'error.refused.visitor': 'Only the site owner can change this.',
  'tabs.label': 'Settings',
  'tabs.main': 'Main',
  'tabs.design': 'Design',
  'tabs.text': 'Text',
  'tabs.loading': 'Loading…',
  'design.corners': 'Corners',
  'design.lockCorners': 'Same radius for all corners',
  'design.corner.TopLeft': 'Top left',
  'design.corner.TopRight': 'Top right',
  'design.corner.BottomLeft': 'Bottom left',
  'design.corner.BottomRight': 'Bottom right',
  'design.radiusSlider': '{corner} corner radius',
  'design.radiusValue': '{corner} corner radius in pixels',
  'design.border': 'Border',
  'design.borderWidth': 'Border width',
  'design.borderWidthValue': 'Border width in pixels',
  'design.borderColor': 'Border colour',
  'design.colors': 'Colours',
  'design.backgroundColor': 'Background colour',
  'design.textColor': 'Text colour',
  'design.titleBar': 'Title bar',
  'design.showTitleBar': 'Show the file’s title above it',
  'design.titleBarHint': 'The title uses the font of the Text tab.',
  'color.siteColors': 'Site colours',
  'color.swatch': 'Site colour {number}, {hex}',
  'color.custom': 'Custom colour',
  'color.opacity': 'Opacity',
  'color.hex': 'Hex code',
  'color.hexInvalid': 'Enter a colour such as #1a2b3c.',
  'color.current': '{name}: {value}',
  'color.customValue': 'custom colour {hex}, {percent}% opaque',
  'spinner.increase': 'Increase',
  'spinner.decrease': 'Decrease',
  'text.font': 'Font',
  'text.fontSettings': 'Font settings',
  'text.preset': 'Text style',
  'text.family': 'Font family',
  'text.size': 'Font size',
  'text.style': 'Style',
  'text.bold': 'Bold',
  'text.italic': 'Italic',
  'text.underline': 'Underline',
  'text.siteFonts': 'Site fonts',
  'text.otherFonts': 'More fonts',
  'text.custom': 'Custom',
  'text.fontSummary': '{preset}, {family}, {size} px',
  'text.fontError': 'This font setting cannot be used, so it was not saved. Choose a text style or a font. ({detail})',
  'text.done': 'Done',
  'text.language': 'Language',
  'text.languageHint': 'The language of the widget and of the file viewer on your site.',
  'text.preset.Title': 'Title',
  'text.preset.Menu': 'Menu',
  'text.preset.Page-title': 'Page title',
  'text.preset.Heading-XL': 'Heading XL',
  'text.preset.Heading-L': 'Heading L',
  'text.preset.Heading-M': 'Heading M',
  'text.preset.Heading-S': 'Heading S',
  'text.preset.Body-L': 'Body L',
  'text.preset.Body-M': 'Body M',
  'text.preset.Body-S': 'Body S',
  'text.preset.Body-XS': 'Body XS',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

const catalogues: Record<string, Partial<Messages>> = { ...widgetCatalogues, en };

/** True when `key` is a key of the catalogue (for keys built from data, such as preset names). */
export function hasMessage(key: string): key is MessageKey {
  return key in en;
}

export function translate(locale: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const template = catalogues[language]?.[key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** Words for a failure, by its code. */
export function errorMessage(locale: string, error: { code: string; status: number | null; reason?: string | null }): string {
  const specific = `error.${error.code}.${error.reason ?? ''}` as MessageKey;
  if (error.reason && specific in en) return translate(locale, specific);
  const key = `error.${error.code}` as MessageKey;
  return key in en ? translate(locale, key, { status: error.status ?? '' }) : translate(locale, 'error.unknown');
}

/** Keys whose English has one form per plural category: `<base>.one`, `<base>.other`, … */
export type PluralBase = { [K in MessageKey]: K extends `${infer B}.other` ? B : never }[MessageKey];

/** The sentence for `count` in the plural form the language's rules choose (Intl.PluralRules). */
export function translatePlural(locale: string, base: PluralBase, count: number, vars: Record<string, string | number> = {}): string {
  let category: string = 'other';
  try {
    category = new Intl.PluralRules(locale).select(count);
  } catch {
    category = new Intl.PluralRules('en').select(count);
  }
  const key = `${base}.${category}` as MessageKey;
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const known = catalogues[language]?.[key] !== undefined || key in en;
  return translate(locale, known ? key : (`${base}.other` as MessageKey), { count, ...vars });
}

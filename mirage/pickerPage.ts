/**
 * The stage's page at /api/picker (picker mode, src/contract/pickerChoice.ts), opened by the settings
 * panel in a popup. The stage has no server, so this page plays the server's Picker page and the
 * provider's Picker at once, over the mock's seeded drive (drive.ts), as the fake provider's Picker
 * shows it (server/dev/fakeDrive/picker.ts): My Drive's folders and files, a folder opened with Open,
 * any item chosen with Select (folders too, as the server's page lets Google's Picker do: the
 * `pickerChoice` route refuses them), Back, and Cancel (or Escape). Like the server's page it opens
 * with a connect ticket (taken once, at load) for a widget in picker mode, speaks the locale the
 * panel sent (its words and lang: stage/pickerWords.ts, as the mock may not import the panel's
 * catalogues), and hands the outcome to `window.opener` only, by postMessage to its own origin,
 * then closes.
 *
 * Importing this module has no side effects; stage/pickerEntry.ts mounts the page.
 */
import { CONNECT_TICKET_FIELD } from '../src/contract/connectTicket';
import { isDriveAccess } from '../src/contract/driveAccess';
import { PICKER_CANCEL_MESSAGE, PICKER_CHOICE_MESSAGE, PICKER_LOCALE_FIELD } from '../src/contract/pickerChoice';
import { getDrive, inListingOrder, MIME, type DriveRecord } from './drive';
import { takeConnectTicket } from './routes/connectTicket';
import type { StateStore } from './state';
import { DRIVE_ACCESS_STORAGE_KEY } from './switches';

/** The most items one folder lists (as the fake provider's Picker). */
const MAX_ITEMS = 200;

/** The window the page tells (window.opener), as far as the page uses it. */
export type PickerOpener = Pick<Window, 'postMessage'>;

/** The page's words in its language (`{name}` in a label: the item's name). */
export interface PickerWords {
  title: string;
  myDrive: string;
  back: string;
  cancel: string;
  open: string;
  select: string;
  openLabel: string;
  selectLabel: string;
  empty: string;
  failed: string;
}

/** The page's language (its BCP 47 tag) and words. */
export interface PickerPageText {
  lang: string;
  words: PickerWords;
}

export interface PickerPageOptions {
  /** The page's language and words for the locale in its address (the page's own query field) and the browser's languages. */
  text(locale: string | null, browserLanguages: readonly string[]): PickerPageText;
  /** Closes the popup (default: the document's window.close()). */
  close?: () => void;
  /** The page that opened the popup (default: the document's window.opener); null: opened by no page. */
  opener?: PickerOpener | null;
  /** The browser's languages, first preferred (default: navigator.languages). */
  browserLanguages?: readonly string[];
}

export interface MountedPickerPage {
  root: HTMLElement;
  unmount(): void;
}

interface Place {
  id: string;
  name: string;
}

/** A label with the item's name in its place. */
const withName = (label: string, name: string): string => label.replace('{name}', () => name);

/** The folder's items in the Picker's order (My Drive's only, not trashed). */
function itemsIn(folderId: string): DriveRecord[] {
  const inFolder = getDrive().seeded.filter((r) => r.driveId === undefined && !r.labels.trashed && r.parents.some((p) => p.id === folderId));
  return inListingOrder(inFolder).slice(0, MAX_ITEMS);
}

/** Whether the widget may open the Picker: picker mode, and a drive connected and still granted. */
function pickerOpen(store: StateStore, storage: Storage | null): boolean {
  const mode = storage?.getItem(DRIVE_ACCESS_STORAGE_KEY) ?? null;
  const state = store.load();
  return isDriveAccess(mode) && mode === 'picker' && state.connected && !state.grantEnded;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(doc: Document, className: string, text: string, label?: string): HTMLButtonElement {
  const b = el(doc, 'button', className, text);
  b.type = 'button';
  if (label !== undefined) b.setAttribute('aria-label', label);
  return b;
}

function storageOf(doc: Document): Storage | null {
  try {
    return doc.defaultView?.localStorage ?? null;
  } catch {
    return null;
  }
}

export function mountPickerPage(doc: Document, store: StateStore, options: PickerPageOptions): MountedPickerPage {
  const view = doc.defaultView;
  const host = doc.querySelector<HTMLElement>('[data-mock-picker]') ?? doc.body;
  const close = options.close ?? (() => view?.close());
  const opener = options.opener !== undefined ? options.opener : ((view?.opener as PickerOpener | null | undefined) ?? null);
  const query = new URLSearchParams(doc.location ? doc.location.search : '');
  const { lang, words } = options.text(query.get(PICKER_LOCALE_FIELD), options.browserLanguages ?? view?.navigator.languages ?? []);
  doc.documentElement.lang = lang;
  doc.title = words.title;
  // The ticket alone opens the page, once, for a widget in picker mode with its drive connected (as the server's route).
  const ticket = takeConnectTicket(store, query.get(CONNECT_TICKET_FIELD));
  const open = ticket !== null && pickerOpen(store, storageOf(doc));

  const root = el(doc, 'main', 'mock-picker');
  root.setAttribute('aria-labelledby', 'mock-picker-folder');
  const header = el(doc, 'header', 'mock-picker-header');
  const heading = el(doc, 'h1', 'mock-picker-folder', words.myDrive);
  heading.id = 'mock-picker-folder';
  heading.tabIndex = -1;
  const back = button(doc, 'mock-picker-back', words.back);
  back.hidden = true;
  const cancel = button(doc, 'mock-picker-cancel', words.cancel);
  const actions = el(doc, 'span', 'mock-picker-actions');
  actions.append(back, cancel);
  header.append(heading, actions);
  const problem = el(doc, 'p', 'mock-picker-problem', open ? '' : words.failed);
  problem.setAttribute('role', 'alert');
  const list = el(doc, 'ul', 'mock-picker-items');
  list.setAttribute('aria-labelledby', 'mock-picker-folder');
  root.append(header, problem, list);
  host.append(root);

  const tell = (message: object) => {
    opener?.postMessage(message, doc.location.origin);
    close();
  };
  const trail: Place[] = [{ id: 'root', name: words.myDrive }];
  const show = (focus: boolean) => {
    const here = trail[trail.length - 1]!;
    heading.textContent = here.name;
    back.hidden = trail.length === 1;
    list.replaceChildren(...itemsIn(here.id).map((record) => itemRow(doc, record, words, { openFolder, choose })));
    if (list.childElementCount === 0) list.append(el(doc, 'li', 'mock-picker-empty', words.empty));
    if (focus) heading.focus();
  };
  const openFolder = (record: DriveRecord) => {
    trail.push({ id: record.id, name: record.title });
    show(true);
  };
  const choose = (record: DriveRecord) => tell({ type: PICKER_CHOICE_MESSAGE, fileId: record.id });
  const onCancel = () => tell({ type: PICKER_CANCEL_MESSAGE });
  const onBack = () => {
    trail.pop();
    show(true);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  cancel.addEventListener('click', onCancel);
  back.addEventListener('click', onBack);
  doc.addEventListener('keydown', onKey);
  if (open) show(false);
  (open ? list.querySelector('button') : cancel)?.focus();

  return {
    root,
    unmount() {
      doc.removeEventListener('keydown', onKey);
      root.remove();
    },
  };
}

/** One item of the list: its name, Open for a folder, Select for any item. */
function itemRow(
  doc: Document,
  record: DriveRecord,
  words: PickerWords,
  on: { openFolder(record: DriveRecord): void; choose(record: DriveRecord): void },
): HTMLLIElement {
  const row = el(doc, 'li', 'mock-picker-item');
  const folder = record.mimeType === MIME.folder;
  const name = el(doc, 'span', 'mock-picker-name', record.title);
  const kind = el(doc, 'span', folder ? 'mock-picker-icon mock-picker-icon-folder' : 'mock-picker-icon');
  kind.setAttribute('aria-hidden', 'true');
  row.append(kind, name);
  if (folder) {
    const openButton = button(doc, 'mock-picker-open', words.open, withName(words.openLabel, record.title));
    openButton.addEventListener('click', () => on.openFolder(record));
    row.append(openButton);
  }
  const select = button(doc, 'mock-picker-select', words.select, withName(words.selectLabel, record.title));
  select.addEventListener('click', () => on.choose(record));
  row.append(select);
  return row;
}

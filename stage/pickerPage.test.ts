/**
 * The stage's Picker page (mirage/pickerPage.ts, its words: pickerWords.ts), as the owner and an attacker meet it: it opens only with
 * a fresh connect ticket for a widget in picker mode, lists the mock drive's My Drive, opens folders,
 * and hands the outcome only to its opener, on its own origin; it speaks the locale in its address.
 */
import { getByRole, queryByRole } from '@testing-library/dom';
import { DRIVE_IDS } from '../mirage/driveIds';
import { mountPickerPage, type MountedPickerPage, type PickerOpener } from '../mirage/pickerPage';
import { memoryStateStore, type StateStore } from '../mirage/state';
import { DRIVE_ACCESS_STORAGE_KEY } from '../mirage/switches';
import { WIDGET_COMP_ID } from '../mirage/testHelpers';
import { pageLanguage, pickerPageText } from './pickerWords';

const KEY = `site-1:${WIDGET_COMP_ID}`;

/** A ticket the panel's credential got for its widget, in the page's address (with `extra`, e.g. the locale). */
function openWithTicket(store: StateStore, extra = ''): string {
  const ticket = 'P'.repeat(42) + String(Math.floor(Math.random() * 10));
  const state = store.load();
  state.connectTickets[ticket] = { key: KEY, instanceId: 'site-1', expiresAt: Date.now() + 60_000 };
  store.save(state);
  window.history.replaceState(null, '', `/api/picker?ticket=${ticket}${extra}`);
  return ticket;
}

let page: MountedPickerPage | undefined;
const posted: { data: unknown; targetOrigin: string }[] = [];
const opener: PickerOpener = { postMessage: ((data: unknown, targetOrigin: string) => void posted.push({ data, targetOrigin })) as Window['postMessage'] };
let closed = 0;

function mount(store: StateStore, browserLanguages: readonly string[] = []) {
  page = mountPickerPage(document, store, { text: pickerPageText, opener, close: () => closed++, browserLanguages });
  return page.root;
}

const connected = () => memoryStateStore({ connected: true });

beforeEach(() => {
  document.body.innerHTML = '<div data-mock-picker></div>';
  document.documentElement.lang = 'en';
  localStorage.clear();
  localStorage.setItem(DRIVE_ACCESS_STORAGE_KEY, 'picker');
  posted.length = 0;
  closed = 0;
});
afterEach(() => page?.unmount());

describe("the stage's Picker page", () => {
  it("lists My Drive's folders and files, with the first item's button focused", () => {
    const store = connected();
    openWithTicket(store);
    const root = mount(store);
    expect(getByRole(root, 'heading', { level: 1, name: 'My Drive' })).toBeTruthy();
    const list = getByRole(root, 'list', { name: 'My Drive' });
    expect(getByRole(list, 'button', { name: 'Open Projects' })).toBeTruthy();
    expect(getByRole(list, 'button', { name: 'Select Welcome to your drive' })).toBeTruthy();
    expect(document.activeElement).toBe(list.querySelector('button'));
    expect(queryByRole(root, 'alert')?.textContent).toBe('');
  });

  it('hands a chosen file to its opener only, on its own origin, and closes', () => {
    const store = connected();
    openWithTicket(store);
    getByRole(mount(store), 'button', { name: 'Select Welcome to your drive' }).click();
    expect(posted).toEqual([{ data: { type: 'dfw-picker-choice', fileId: DRIVE_IDS.welcomeDoc }, targetOrigin: window.location.origin }]);
    expect(closed).toBe(1);
  });

  it('opens a folder and goes back, and lets a folder be chosen as the Picker does (the route refuses it)', () => {
    const store = connected();
    openWithTicket(store);
    const root = mount(store);
    getByRole(root, 'button', { name: 'Open Projects' }).click();
    expect(getByRole(root, 'heading', { level: 1, name: 'Projects' })).toBe(document.activeElement);
    expect(getByRole(root, 'button', { name: 'Open 2026' })).toBeTruthy();
    getByRole(root, 'button', { name: 'Back' }).click();
    expect(getByRole(root, 'heading', { level: 1, name: 'My Drive' })).toBeTruthy();
    expect(queryByRole(root, 'button', { name: 'Back' })).toBeNull();
    getByRole(root, 'button', { name: 'Select Projects' }).click();
    expect(posted.map((p) => p.data)).toEqual([{ type: 'dfw-picker-choice', fileId: DRIVE_IDS.projects }]);
  });

  it('says a cancel (the button, or Escape) to its opener, and closes', () => {
    const store = connected();
    openWithTicket(store);
    const root = mount(store);
    getByRole(root, 'button', { name: 'Cancel' }).click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(posted.map((p) => p.data)).toEqual([{ type: 'dfw-picker-cancel' }, { type: 'dfw-picker-cancel' }]);
    expect(closed).toBe(2);
  });

  /** The page says the drive cannot be opened, and offers nothing to choose: only Cancel. */
  function expectNoDrive(root: HTMLElement) {
    expect(getByRole(root, 'alert').textContent).toBe('Your drive could not be opened here. Close this window and try again.');
    expect(queryByRole(root, 'button', { name: /^Select/ })).toBeNull();
    expect(document.activeElement).toBe(getByRole(root, 'button', { name: 'Cancel' }));
  }

  it('shows no drive without a ticket', () => {
    window.history.replaceState(null, '', '/api/picker');
    expectNoDrive(mount(connected()));
  });

  it('shows no drive with a ticket used once already (a reload, or a link sent on)', () => {
    const store = connected();
    openWithTicket(store);
    mount(store);
    page?.unmount();
    expectNoDrive(mount(store));
  });

  it('shows no drive to a widget in browse mode', () => {
    localStorage.setItem(DRIVE_ACCESS_STORAGE_KEY, 'browse');
    const store = connected();
    openWithTicket(store);
    expectNoDrive(mount(store));
  });

  it('shows no drive to a widget whose drive is not connected', () => {
    const store = memoryStateStore({ connected: false });
    openWithTicket(store);
    expectNoDrive(mount(store));
  });

  it('speaks the locale in its address: its words and lang', () => {
    const store = connected();
    openWithTicket(store, '&locale=de');
    const root = mount(store, ['fr']);
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Datei auswählen');
    expect(getByRole(root, 'heading', { level: 1, name: 'Meine Ablage' })).toBeTruthy();
    expect(getByRole(root, 'button', { name: 'Projects öffnen' })).toBeTruthy();
    expect(getByRole(root, 'button', { name: 'Abbrechen' })).toBeTruthy();
  });

  it("takes an unknown or hostile locale as none: the browser's language, else English, and shows it nowhere", () => {
    const store = connected();
    const hostile = '"><img src=x onerror=alert(1)>';
    openWithTicket(store, `&locale=${encodeURIComponent(hostile)}`);
    mount(store, ['xx', 'pl-PL']);
    expect(document.documentElement.lang).toBe('pl');
    // (the seeded drive has a file named like markup: as text, not as an element)
    expect(document.querySelector('img')).toBeNull();
    expect(document.documentElement.outerHTML).not.toContain('"><img');
    expect(pageLanguage('xx', [])).toBe('en');
    expect(pageLanguage(hostile, [])).toBe('en');
    expect(pageLanguage('po', ['de'])).toBe('po');
  });
});

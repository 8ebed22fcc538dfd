import { DRIVE_IDS, MIME, RESOURCE_KEYS } from '../../../mirage/drive';
import { setMockSwitches } from '../../../mirage/server';
import { onFakeClock, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import type { DriveFile } from '../../api/schemas';
import { memoryCookieJar } from '../../../test/helpers/memoryCookieJar';
import { fileChosen } from '../model';
import { activeFileActions } from './activeFileSlice';

// On Jest's fake clock: the mock drive's latency and the waits below are clock time, not real time.
let panel: PanelHarness;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  panel.stop();
  jest.useRealTimers();
});
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms = 30) => jest.advanceTimersByTimeAsync(ms);

const file = (id: string, title: string, mimeType: string): DriveFile => ({ id, title, mimeType });
const welcome = file(DRIVE_IDS.welcomeDoc, 'Welcome to your drive', MIME.document); // anyone: reader
const budget = file(DRIVE_IDS.budgetSheet, 'Budget 2026', MIME.spreadsheet); // anyone: writer
const pdf = file(DRIVE_IDS.annualPdf, 'Annual report 2025.pdf', MIME.pdf); // private
const form = file(DRIVE_IDS.surveyForm, 'Customer survey', MIME.form);

async function ready(options?: Parameters<typeof startPanel>[0]) {
  panel = startPanel(options);
  await panel.advanceUntil((s) => s.files.status === 'ready', 10_000, 'the listing');
}

async function activate(f: DriveFile) {
  panel.dispatch(fileChosen(f));
  const { state } = await panel.advanceUntil((s) => s.user.model.activeFileId === f.id && s.files.activatingId === null, 4000, `activation of ${f.title}`);
  return state;
}

describe('activating a file', () => {
  it('reads the permissions first (fields items(role, type)), then records the file and its public role, and saves', async () => {
    await ready();
    const s = await activate(welcome);
    const reads = panel.requests({ method: 'GET', path: '/api/permissions' });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query).toMatchObject({ fileId: welcome.id, fields: 'items(role, type)' });
    expect(s.user.model).toMatchObject({ activeFileId: welcome.id, activeFilePerm: 'reader', activeFileMimeType: MIME.document });
    await panel.advanceUntil((st) => st.user.save.status === 'saved');
    const { model: saved } = await onFakeClock(panel.api.loadUserModel({ fresh: true }));
    expect(saved).toMatchObject({ activeFileId: welcome.id, activeFilePerm: 'reader' });
    expect(panel.bridge.callsTo('settingsUpdated').length).toBeGreaterThan(0);
  });

  it('records none for a private file and writer for a file anyone may edit', async () => {
    await ready();
    expect((await activate(pdf)).user.model.activeFilePerm).toBe('none');
    expect((await activate(budget)).user.model.activeFilePerm).toBe('writer');
  });

  it('ignores the file that is already active: no request', async () => {
    await ready();
    await activate(welcome);
    await panel.advanceUntil((st) => st.user.save.status === 'saved');
    const before = panel.requests().length;
    panel.dispatch(fileChosen(welcome));
    await clockPasses();
    expect(panel.requests()).toHaveLength(before);
    expect(panel.requests({ path: '/api/permissions' })).toHaveLength(1);
  });

  it('a file shared by link before 2021: its resource key goes with every permissions call and into the saved model', async () => {
    await ready();
    const keyed: DriveFile = { ...file(DRIVE_IDS.keyedHandbook, 'Old team handbook', MIME.document), resourceKey: RESOURCE_KEYS[DRIVE_IDS.keyedHandbook] };
    const s = await activate(keyed);
    expect(s.user.model).toMatchObject({ activeFileId: keyed.id, activeFilePerm: 'reader', activeFileResourceKey: keyed.resourceKey });
    expect(panel.requests({ method: 'GET', path: '/api/permissions' })[0]!.query).toMatchObject({ fileId: keyed.id, resourceKey: keyed.resourceKey });
    panel.dispatch(activeFileActions.roleChosen({ fileId: keyed.id, role: 'none' }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'none', 4000, 'made private');
    expect(panel.requests({ method: 'DELETE', path: '/api/permissions' })[0]!.query).toMatchObject({ fileId: keyed.id, resourceKey: keyed.resourceKey });
    await panel.advanceUntil((st) => st.user.save.status === 'saved');
    const { model: saved } = await onFakeClock(panel.api.loadUserModel({ fresh: true }));
    expect(saved.activeFileResourceKey).toBe(keyed.resourceKey);
    // Another file has no key: none is kept for it.
    expect((await activate(welcome)).user.model.activeFileResourceKey).toBeNull();
  });

  it('opens a folder instead of activating it', async () => {
    await ready();
    panel.dispatch(fileChosen(file(DRIVE_IDS.projects, 'Projects', MIME.folder)));
    const { state: s } = await panel.advanceUntil((st) => st.files.folderId === DRIVE_IDS.projects && st.files.status === 'ready');
    expect(s.user.model.activeFileId).toBeNull();
    expect(panel.requests({ path: '/api/permissions' })).toHaveLength(0);
  });

  it("activating A then B quickly ends with B active and B's role", async () => {
    await ready();
    setMockSwitches(panel.server, { latencyMs: 60 });
    const seen = new Set<string | null>();
    panel.store.subscribe(() => seen.add(panel.store.getState().user.model.activeFileId));
    panel.dispatch(fileChosen(welcome));
    panel.dispatch(fileChosen(budget));
    const { state: s } = await panel.advanceUntil((st) => st.user.model.activeFileId !== null && st.files.activatingId === null);
    await clockPasses(150);
    expect(panel.store.getState().user.model).toMatchObject({ activeFileId: budget.id, activeFilePerm: 'writer', activeFileTitle: 'Budget 2026' });
    expect(s.user.model.activeFileId).toBe(budget.id);
    // A's answer never lands: its activation was cancelled, not overtaken.
    expect(seen.has(welcome.id)).toBe(false);
  });

  it('A (still reading) then the file already active: nothing is left "activating", the active file stays', async () => {
    await ready();
    await activate(pdf);
    setMockSwitches(panel.server, { latencyMs: 60 });
    panel.dispatch(fileChosen(welcome));
    expect(panel.store.getState().files.activatingId).toBe(welcome.id);
    panel.dispatch(fileChosen(pdf));
    await clockPasses(200);
    const s = panel.store.getState();
    expect(s.files.activatingId).toBeNull();
    expect(s.files.activationError).toBeNull();
    expect(s.user.model).toMatchObject({ activeFileId: pdf.id, activeFilePerm: 'none' });
  });

  it('A (still reading) then a folder: the folder opens and nothing is left "activating"', async () => {
    await ready();
    setMockSwitches(panel.server, { latencyMs: 60 });
    panel.dispatch(fileChosen(welcome));
    expect(panel.store.getState().files.activatingId).toBe(welcome.id);
    panel.dispatch(fileChosen(file(DRIVE_IDS.projects, 'Projects', MIME.folder)));
    await panel.advanceUntil((st) => st.files.folderId === DRIVE_IDS.projects && st.files.status === 'ready');
    await clockPasses(200);
    const s = panel.store.getState();
    expect(s.files.activatingId).toBeNull();
    expect(s.user.model.activeFileId).toBeNull();
  });

  it('a failed permission read is reported and the active file stays', async () => {
    await ready();
    await activate(welcome);
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(fileChosen(pdf));
    const { state: s } = await panel.advanceUntil((st) => st.files.activationError !== null);
    expect(s.files.activationError).toMatchObject({ fileId: pdf.id, code: 'http' });
    expect(s.user.model.activeFileId).toBe(welcome.id);
  });
});

describe('sharing the active file', () => {
  it('reader inserts an anyone permission, records it and signals the editor', async () => {
    await ready();
    await activate(pdf);
    const signals = panel.bridge.callsTo('settingsUpdated').length;
    panel.dispatch(activeFileActions.roleChosen({ fileId: pdf.id, role: 'reader' }));
    const { state: s } = await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'reader');
    expect(s.activeFile.noticeFor).toBeNull();
    const inserts = panel.requests({ method: 'POST', path: '/api/permissions' });
    expect(inserts).toHaveLength(1);
    expect(panel.bridge.callsTo('settingsUpdated').length).toBeGreaterThan(signals);
    const perms = await onFakeClock(panel.api.readPermissions(pdf.id, { fresh: true }));
    expect(perms.items).toContainEqual({ role: 'reader', type: 'anyone' });
  });

  it('private removes the anyone permission', async () => {
    await ready();
    await activate(welcome);
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'none' }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'none');
    expect(panel.requests({ method: 'DELETE', path: '/api/permissions' })).toHaveLength(1);
    const perms = await onFakeClock(panel.api.readPermissions(welcome.id, { fresh: true }));
    expect(perms.items.some((p) => p.type === 'anyone')).toBe(false);
  });

  it('writer shows the notice first; cancelling leaves the role as it was', async () => {
    await ready();
    await activate(welcome);
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
    await panel.advanceUntil((st) => st.activeFile.noticeFor !== null);
    expect(panel.requests({ method: 'POST', path: '/api/permissions' })).toHaveLength(0);
    panel.dispatch(activeFileActions.noticeCancelled());
    await clockPasses();
    const s = panel.store.getState();
    expect(s.activeFile.noticeFor).toBeNull();
    expect(s.user.model.activeFilePerm).toBe('reader');
    expect(panel.requests({ method: 'POST', path: '/api/permissions' })).toHaveLength(0);
  });

  it("the notice's do-not-show-again sets the cookie, and the notice no longer appears", async () => {
    const cookies = memoryCookieJar();
    await ready({ cookies });
    await activate(welcome);
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
    await panel.advanceUntil((st) => st.activeFile.noticeFor !== null);
    panel.dispatch(activeFileActions.noticeConfirmed({ doNotShowAgain: true }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'writer');
    expect(cookies.get('doNotShowAgain')).toBe('true');
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'reader' }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'reader');
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
    const { state: s } = await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'writer');
    expect(s.activeFile.noticeFor).toBeNull();
    expect(panel.requests({ method: 'POST', path: '/api/permissions' }).length).toBe(3);
  });

  it('a confirmed notice without do-not-show-again shows again next time', async () => {
    const cookies = memoryCookieJar();
    await ready({ cookies });
    await activate(welcome);
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
    await panel.advanceUntil((st) => st.activeFile.noticeFor !== null);
    panel.dispatch(activeFileActions.noticeConfirmed({ doNotShowAgain: false }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'writer');
    expect(cookies.get('doNotShowAgain')).toBeUndefined();
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'reader' }));
    await panel.advanceUntil((st) => st.user.model.activeFilePerm === 'reader');
    panel.dispatch(activeFileActions.roleChosen({ fileId: welcome.id, role: 'writer' }));
    await panel.advanceUntil((st) => st.activeFile.noticeFor !== null);
  });

  it('writer is refused for files that are not editable (forms, non-native files)', async () => {
    await ready({ cookies: memoryCookieJar({ doNotShowAgain: 'true' }) });
    await activate(form);
    panel.dispatch(activeFileActions.roleChosen({ fileId: form.id, role: 'writer' }));
    await activate(pdf);
    panel.dispatch(activeFileActions.roleChosen({ fileId: pdf.id, role: 'writer' }));
    await clockPasses();
    expect(panel.store.getState().activeFile.noticeFor).toBeNull();
    expect(panel.requests({ method: 'POST', path: '/api/permissions' })).toHaveLength(0);
    expect(panel.store.getState().user.model.activeFilePerm).toBe('none');
  });

  it('a failed change is reported and the recorded role stays', async () => {
    await ready();
    await activate(pdf);
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(activeFileActions.roleChosen({ fileId: pdf.id, role: 'reader' }));
    const { state: s } = await panel.advanceUntil((st) => st.activeFile.sharing.status === 'failed');
    expect(s.activeFile.sharing.error).toMatchObject({ code: 'http', status: 503 });
    expect(s.user.model.activeFilePerm).toBe('none');
  });
});

describe('races end in the state of the last action (real sagas, a slow server)', () => {
  it('two files clicked quickly: the second becomes active, and no false error is shown', async () => {
    await ready();
    setMockSwitches(panel.server, { latencyMs: 30 });
    panel.dispatch(fileChosen(welcome));
    panel.dispatch(fileChosen(pdf));
    const s = await activate(pdf);
    await clockPasses(80);
    const after = panel.store.getState();
    expect(after.files.activationError).toBeNull();
    expect(after.user.model).toMatchObject({ activeFileId: pdf.id, activeFilePerm: 'none' });
    expect(s.user.model.activeFileTitle).toBe(pdf.title);
  });

  it('"Anyone can view" then "Private" clicked quickly ends private, on the drive and in the model', async () => {
    await ready();
    await activate(pdf);
    setMockSwitches(panel.server, { latencyMs: 30 });
    panel.dispatch(activeFileActions.roleChosen({ fileId: pdf.id, role: 'reader' }));
    panel.dispatch(activeFileActions.roleChosen({ fileId: pdf.id, role: 'none' }));
    await panel.advanceUntil(
      (st) => st.activeFile.sharing.status === 'idle' && st.ui.requestsInFlight.length === 0 && panel.requests({ method: 'DELETE' }).length > 0,
      4000,
      'both choices',
    );
    await clockPasses(100);
    expect(panel.store.getState().user.model.activeFilePerm).toBe('none');
    setMockSwitches(panel.server, { latencyMs: 0 });
    const drive = await onFakeClock(panel.api.readPermissions(pdf.id, { fresh: true }));
    expect(drive.items.filter((p) => p.type === 'anyone')).toEqual([]);
    expect(
      panel
        .requests({ path: '/api/permissions' })
        .filter((r) => r.method !== 'GET')
        .map((r) => r.method),
    ).toEqual(['POST', 'DELETE']);
  });
});

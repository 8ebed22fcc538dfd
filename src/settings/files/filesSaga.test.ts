import { setMockSwitches } from '../../../mirage/server';
import { DRIVE_IDS } from '../../../mirage/drive';
import { onFakeClock, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { folderOpened } from '../model';
import { filesActions, selectSortedFiles } from './filesSlice';
import { VISIBLE_ROWS } from './layout';

// On Jest's fake clock: the mock drive's latency and the waits below are clock time, not real time.
let panel: PanelHarness;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  panel.stop();
  jest.useRealTimers();
});
/** Lets `ms` of clock time pass (timers and promises run as they fall due). */
const clockPasses = (ms = 30) => jest.advanceTimersByTimeAsync(ms);

const ready = async (p: PanelHarness, folderId: string) =>
  (await p.advanceUntil((s) => s.files.folderId === folderId && s.files.status === 'ready', 4000, `listing of ${folderId}`)).state;

describe('listing', () => {
  it("lists My Drive at start: folders, the owner's files and files owned by others, never trashed ones", async () => {
    panel = startPanel();
    const s = await ready(panel, 'root');
    const ids = s.files.items.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([DRIVE_IDS.projects, DRIVE_IDS.welcomeDoc, DRIVE_IDS.othersHandbook, DRIVE_IDS.teamShared]));
    expect(ids).not.toContain(DRIVE_IDS.trashedDoc);
    expect(ids).not.toContain(DRIVE_IDS.othersTrashed);
    const list = panel.requests({ path: '/api/files' });
    expect(list).toHaveLength(1);
    expect(list[0]!.query.maxResults).toBe('50');
    expect(list[0]!.query.q).toBe("trashed = false and ('root' in parents or not 'me' in owners)");
    expect(s.user.model.breadcrumb).toEqual([{ id: 'root', title: 'My Drive' }]);
  });

  it('opening a folder replaces the list, resets the scroll and appends to the trail; an ancestor cuts the trail', async () => {
    panel = startPanel();
    let s = await ready(panel, 'root');
    const resetKey = s.files.scrollResetKey;
    panel.dispatch(folderOpened({ id: DRIVE_IDS.projects, title: 'Projects' }));
    s = await ready(panel, DRIVE_IDS.projects);
    expect(s.files.scrollResetKey).toBe(resetKey + 1);
    expect(s.files.items.map((f) => f.id)).not.toContain(DRIVE_IDS.welcomeDoc);
    expect(s.files.items.map((f) => f.id)).toContain(DRIVE_IDS.year2026);
    panel.dispatch(folderOpened({ id: DRIVE_IDS.year2026, title: '2026' }));
    s = await ready(panel, DRIVE_IDS.year2026);
    expect(s.user.model.breadcrumb.map((b) => b.title)).toEqual(['My Drive', 'Projects', '2026']);
    panel.dispatch(folderOpened({ id: DRIVE_IDS.projects, title: 'Projects' }));
    s = await ready(panel, DRIVE_IDS.projects);
    expect(s.user.model.breadcrumb.map((b) => b.title)).toEqual(['My Drive', 'Projects']);
    panel.dispatch(folderOpened({ id: 'root', title: 'My Drive' }));
    s = await ready(panel, 'root');
    expect(s.user.model.breadcrumb).toHaveLength(1);
  });

  it('the trail is saved with the user model', async () => {
    panel = startPanel();
    await ready(panel, 'root');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
    await panel.advanceUntil((s) => s.user.save.status === 'saved');
    const saved = panel.requests({ path: '/api/save' });
    expect(saved.length).toBeGreaterThan(0);
    const { model } = await onFakeClock(panel.api.loadUserModel({ fresh: true }));
    expect(model.breadcrumb.map((b) => b.id)).toEqual(['root', DRIVE_IDS.reports]);
  });

  it('scrolling to the end loads 50, 50 and 20 until there is no nextPageToken, never a page twice', async () => {
    panel = startPanel();
    await ready(panel, 'root');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
    let s = await ready(panel, DRIVE_IDS.reports);
    expect(s.files.items.length).toBe(50);
    // The owner hits the bottom several times while the page is on its way.
    panel.dispatch(filesActions.loadMoreRequested());
    panel.dispatch(filesActions.loadMoreRequested());
    panel.dispatch(filesActions.loadMoreRequested());
    s = (await panel.advanceUntil((st) => st.files.items.length === 100 && st.files.pageStatus === 'idle')).state;
    panel.dispatch(filesActions.loadMoreRequested());
    s = (await panel.advanceUntil((st) => st.files.nextPageToken === null && st.files.pageStatus === 'idle')).state;
    panel.dispatch(filesActions.loadMoreRequested());
    await clockPasses();
    s = panel.store.getState();
    expect(s.files.items.filter((f) => f.title.startsWith('Weekly report'))).toHaveLength(120);
    expect(new Set(s.files.items.map((f) => f.id)).size).toBe(s.files.items.length);
    const pages = panel.requests({ path: '/api/files' }).filter((r) => r.query.q?.includes(DRIVE_IDS.reports));
    expect(pages.map((r) => r.query.pageToken ?? null)).toHaveLength(3);
    expect(new Set(pages.map((r) => r.query.pageToken ?? '')).size).toBe(3);
  });

  it('drops a page that arrives after the owner opened another folder', async () => {
    panel = startPanel();
    await ready(panel, 'root');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
    await ready(panel, DRIVE_IDS.reports);
    setMockSwitches(panel.server, { latencyMs: 80 });
    panel.dispatch(filesActions.loadMoreRequested());
    await panel.advanceUntil((s) => s.files.pageStatus === 'loading');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.photos, title: 'Photos' }));
    const s = await ready(panel, DRIVE_IDS.photos);
    await clockPasses(150);
    const after = panel.store.getState();
    expect(after.files.folderId).toBe(DRIVE_IDS.photos);
    expect(after.files.items.some((f) => f.title.startsWith('Weekly report'))).toBe(false);
    expect(after.files.items).toEqual(s.files.items);
  });

  it('refresh goes to the server, not to the GET cache', async () => {
    panel = startPanel();
    await ready(panel, 'root');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.photos, title: 'Photos' }));
    await ready(panel, DRIVE_IDS.photos);
    panel.dispatch(folderOpened({ id: 'root', title: 'My Drive' }));
    await ready(panel, 'root');
    // Back at root: answered from the cache.
    expect(panel.requests({ path: '/api/files' }).filter((r) => r.query.q?.includes("'root'"))).toHaveLength(1);
    panel.dispatch(filesActions.refreshRequested());
    await ready(panel, 'root');
    expect(panel.requests({ path: '/api/files' }).filter((r) => r.query.q?.includes("'root'"))).toHaveLength(2);
  });

  it('a failed listing says so, and retry lists again', async () => {
    panel = startPanel({ mock: { failureRate: 1 } });
    await panel.advanceUntil((s) => s.account.status === 'failed');
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch({ type: 'account/connectClicked' });
    panel.windows.opened[0]!.close();
    await ready(panel, 'root');
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(filesActions.refreshRequested());
    let s = (await panel.advanceUntil((st) => st.files.status === 'failed')).state;
    expect(s.files.error).toMatchObject({ code: 'http', status: 503 });
    expect(s.files.items).toEqual([]);
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(filesActions.refreshRequested());
    s = await ready(panel, 'root');
    expect(s.files.items.length).toBeGreaterThan(0);
    expect(s.files.error).toBeNull();
  });

  it('the loader is on while a request is under way and off after success and failure', async () => {
    panel = startPanel({ mock: { latencyMs: 40 } });
    await panel.advanceUntil((s) => s.ui.requestsInFlight.length > 0);
    await ready(panel, 'root');
    await panel.advanceUntil((s) => s.ui.requestsInFlight.length === 0);
    setMockSwitches(panel.server, { failureRate: 1 });
    panel.dispatch(filesActions.refreshRequested());
    await panel.advanceUntil((s) => s.ui.requestsInFlight.length > 0);
    await panel.advanceUntil((s) => s.files.status === 'failed');
    expect(panel.store.getState().ui.requestsInFlight).toEqual([]);
  });
});

describe('pages that do not fill the table', () => {
  const reportsPages = (p: PanelHarness) => p.requests({ path: '/api/files' }).filter((r) => r.query.q?.includes(DRIVE_IDS.reports));

  it('short and empty pages carrying a token are followed at once until the rows fill the table, then only on scrolling', async () => {
    panel = startPanel({ mock: { pageSizes: [3, 0, 4] } });
    await ready(panel, 'root');
    panel.dispatch(folderOpened({ id: DRIVE_IDS.reports, title: 'Reports' }));
    // 3, then an empty page, then 4: seven rows do not fill the ten the table shows, so the next page follows by itself.
    let s = (await panel.advanceUntil((st) => st.files.folderId === DRIVE_IDS.reports && st.files.items.length > VISIBLE_ROWS, 4000, 'the table filled')).state;
    await clockPasses(200);
    s = panel.store.getState();
    expect(s.files.items).toHaveLength(3 + 0 + 4 + 50);
    expect(s.files.nextPageToken).not.toBeNull();
    expect(s.files.pageStatus).toBe('idle');
    // Filled: the rest waits for the owner to scroll.
    expect(reportsPages(panel)).toHaveLength(4);
    panel.dispatch(filesActions.loadMoreRequested());
    s = (await panel.advanceUntil((st) => st.files.items.length === 3 + 0 + 4 + 50 + 50 && st.files.pageStatus === 'idle')).state;
    expect(reportsPages(panel)).toHaveLength(5);
    expect(new Set(reportsPages(panel).map((r) => r.query.pageToken ?? '')).size).toBe(5);
  });

  it('an empty first page with a token is not the end of the folder: the next page is asked for', async () => {
    panel = startPanel({ mock: { pageSizes: [0] } });
    const s = (await panel.advanceUntil((st) => st.files.folderId === 'root' && st.files.items.length > 0, 4000, 'rows after an empty page')).state;
    expect(s.files.status).toBe('ready');
    const pages = panel.requests({ path: '/api/files' });
    expect(pages).toHaveLength(2);
    expect(pages[1]!.query.pageToken).toEqual(expect.any(String));
  });

  it('a failed follow-up page is asked for once, not again and again; Retry goes on where it stopped', async () => {
    panel = startPanel({ mock: { pageSizes: [0, 0, 2] } });
    // The drive fails from the moment the first (empty) page is in.
    const unsubscribe = panel.store.subscribe(() => {
      if (panel.store.getState().files.status === 'ready') setMockSwitches(panel.server, { failureRate: 1 });
    });
    let s = (await panel.advanceUntil((st) => st.files.pageStatus === 'failed', 4000, 'the page failed')).state;
    unsubscribe();
    await clockPasses(500);
    s = panel.store.getState();
    expect(s.files.pageStatus).toBe('failed');
    expect(s.files.error).toMatchObject({ code: 'http', status: 503 });
    expect(panel.requests({ path: '/api/files' })).toHaveLength(2);
    setMockSwitches(panel.server, { failureRate: 0 });
    panel.dispatch(filesActions.loadMoreRequested());
    s = (await panel.advanceUntil((st) => st.files.items.length > VISIBLE_ROWS && st.files.pageStatus === 'idle', 4000, 'rows after retry')).state;
    expect(s.files.error).toBeNull();
    // The empty second page, the two of the third, then a full one.
    expect(panel.requests({ path: '/api/files' }).filter((r) => r.status === 200)).toHaveLength(4);
  });
});

describe('refresh before anything was listed', () => {
  it("lists the model's current folder instead of waiting for good", async () => {
    // The settings cannot be read: nothing is listed at start.
    panel = startPanel({ mock: { failureRate: 1 } });
    await panel.advanceUntil((s) => s.user.loadError !== null && s.account.status === 'failed', 20_000, 'the failed start');
    setMockSwitches(panel.server, { failureRate: 0 });
    expect(panel.store.getState().files.folderId).toBeNull();
    panel.dispatch(filesActions.refreshRequested());
    const s = await ready(panel, 'root');
    expect(s.files.items.length).toBeGreaterThan(0);
    expect(panel.requests({ path: '/api/files', method: 'GET' }).filter((r) => r.status === 200)).toHaveLength(1);
  });
});

describe('sorting', () => {
  it("folders first, by title in the owner's language; same column toggles, another sorts ascending", async () => {
    panel = startPanel();
    await ready(panel, 'root');
    const titles = () => selectSortedFiles(panel.store.getState()).map((f) => f.title);
    const folders = () => selectSortedFiles(panel.store.getState()).filter((f) => f.mimeType.endsWith('folder')).length;
    const ascending = titles();
    const nFolders = folders();
    // "Shared drives" is first at the drive's top, whatever the order.
    expect(ascending.slice(0, nFolders)).toEqual(['Shared drives', 'Archive', 'Empty folder', 'Invoices', 'Photos', 'Projects', 'Reports', 'Team shared']);
    panel.dispatch(filesActions.sortClicked('title'));
    expect(panel.store.getState().files.sort).toEqual({ column: 'title', reverse: true });
    const descending = titles();
    expect(descending.slice(0, nFolders)).toEqual(['Shared drives', 'Team shared', 'Reports', 'Projects', 'Photos', 'Invoices', 'Empty folder', 'Archive']);
    expect(descending.slice(nFolders)).toEqual([...ascending.slice(nFolders)].reverse());
    panel.dispatch(filesActions.sortClicked('modified'));
    expect(panel.store.getState().files.sort).toEqual({ column: 'modified', reverse: false });
    const files = selectSortedFiles(panel.store.getState()).slice(nFolders);
    const dates = files.map((f) => f.modifiedDate ?? '');
    expect(dates).toEqual([...dates].sort());
  });
});

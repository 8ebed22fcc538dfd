import { setMockSwitches } from '../../../mirage/server';
import { DRIVE_IDS } from '../../../mirage/drive';
import { onFakeClock, startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { folderOpened, selectIsAtRoot } from '../model';
import { filesActions, selectSortedFiles } from './filesSlice';

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
    expect(selectIsAtRoot(s)).toBe(false);
    panel.dispatch(folderOpened({ id: 'root', title: 'My Drive' }));
    s = await ready(panel, 'root');
    expect(s.user.model.breadcrumb).toHaveLength(1);
    expect(selectIsAtRoot(s)).toBe(true);
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

describe('sorting', () => {
  it("folders first, by title in the owner's language; same column toggles, another sorts ascending", async () => {
    panel = startPanel();
    await ready(panel, 'root');
    const titles = () => selectSortedFiles(panel.store.getState()).map((f) => f.title);
    const folders = () => selectSortedFiles(panel.store.getState()).filter((f) => f.mimeType.endsWith('folder')).length;
    const ascending = titles();
    const nFolders = folders();
    expect(ascending.slice(0, nFolders)).toEqual(['Archive', 'Empty folder', 'Photos', 'Projects', 'Reports', 'Team shared']);
    panel.dispatch(filesActions.sortClicked('title'));
    expect(panel.store.getState().files.sort).toEqual({ column: 'title', reverse: true });
    const descending = titles();
    expect(descending.slice(0, nFolders)).toEqual(['Team shared', 'Reports', 'Projects', 'Photos', 'Empty folder', 'Archive']);
    expect(descending.slice(nFolders)).toEqual([...ascending.slice(nFolders)].reverse());
    panel.dispatch(filesActions.sortClicked('modified'));
    expect(panel.store.getState().files.sort).toEqual({ column: 'modified', reverse: false });
    const files = selectSortedFiles(panel.store.getState()).slice(nFolders);
    const dates = files.map((f) => f.modifiedDate ?? '');
    expect(dates).toEqual([...dates].sort());
  });
});
